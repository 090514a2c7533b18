import { describe, expect, it } from 'vitest';
import { amountGroup, dateGroup, filterLexemeQuery } from './filter-lexemes';

/** A document's amount lexemes as `search_filter_tokens` (migrations 0013 and 0025) writes them. */
function amountLexemes(fen: number): string[] {
  if (fen <= 0) return ['~a:z'];
  const digits = String(fen);
  const bucket = `~a:${digits.length - 1}:${digits[0]}`;
  const round = /^.0*$/.test(digits) ? [`${bucket}:0`] : [];
  return [`~a:${digits.length - 1}`, bucket, ...round];
}

function dateLexemes(day: string): string[] {
  return [`~y:${day.slice(0, 4)}`, `~mo:${day.slice(0, 4)}${day.slice(5, 7)}`];
}

/** A deterministic spread of amounts: bucket bounds, their neighbours and values between them. */
const AMOUNTS = [0, 1, 9, 10, 11, 99, 100, 999_999, 1_000_000, 1_000_001, 4_999_999, 5_000_000, 5_000_001]
  .concat([12_345_678, 50_000_000, 99_999_999, 100_000_000, 100_000_001, 987_654_321, 10_000_000_000])
  .concat([-5]);

describe('amount buckets', () => {
  const bounds = [undefined, 0, 1, 10, 10_000, 1_000_000, 1_234_567, 5_000_000, 50_000_000, 100_000_000];
  it.each(bounds.flatMap((min) => bounds.map((max) => [min, max] as const)))(
    'select every amount of [%s, %s], and no other unless an edge cuts a bucket',
    (min, max) => {
      if (min !== undefined && max !== undefined && min > max) return;
      const { group, cut } = amountGroup(min, max);
      for (const fen of AMOUNTS) {
        const inRange = (min === undefined || fen >= min) && (max === undefined || fen <= max);
        const selected = amountLexemes(fen).some((lexeme) => group.includes(lexeme));
        if (inRange) expect(selected, `${fen}`).toBe(true);
        else if (!cut) expect(selected, `${fen}`).toBe(false);
      }
    },
  );

  it('needs no row check where the range runs along bucket bounds', () => {
    expect(amountGroup(50_000_000, 99_999_999)).toEqual({
      group: ['~a:7:5', '~a:7:6', '~a:7:7', '~a:7:8', '~a:7:9'],
      cut: false,
    });
    expect(amountGroup(100_000_000, undefined).cut).toBe(false);
    expect(amountGroup(50_000_000, 100_000_001).cut).toBe(true);
  });

  it('takes the round amount alone where a range ends on it, as the ranges of the dictionary do (50万-100万)', () => {
    expect(amountGroup(50_000_000, 100_000_000)).toEqual({
      group: ['~a:7:5', '~a:7:6', '~a:7:7', '~a:7:8', '~a:7:9', '~a:8:1:0'],
      cut: false,
    });
    // 0.01万-50万 (the min-0 rule): from 100 元 up to 50万 itself.
    expect(amountGroup(10_000, 50_000_000)).toEqual({
      group: ['~a:4', '~a:5', '~a:6', '~a:7:1', '~a:7:2', '~a:7:3', '~a:7:4', '~a:7:5:0'],
      cut: false,
    });
  });
});

describe('date buckets', () => {
  const days = [
    '2024-12-31',
    '2025-01-01',
    '2025-01-15',
    '2025-02-28',
    '2025-03-01',
    '2025-12-31',
    '2026-01-01',
  ];
  const ranges = [
    ['2025-01-01', '2025-12-31'],
    ['2025-01-01', '2025-02-28'],
    ['2025-01-02', '2025-02-28'],
    ['2024-12-31', '2026-01-01'],
    ['2025-03-01', '2025-03-01'],
  ] as const;
  it.each(ranges)('select every day of [%s, %s], and no other unless an edge cuts a month', (from, to) => {
    const dates = dateGroup(from, to);
    if (!dates) throw new Error('no buckets');
    for (const day of days) {
      const inRange = day >= from && day <= to;
      const selected = dateLexemes(day).some((lexeme) => dates.group.includes(lexeme));
      if (inRange) expect(selected, day).toBe(true);
      else if (!dates.cut) expect(selected, day).toBe(false);
    }
  });

  it('uses whole years and needs no row check for whole months', () => {
    expect(dateGroup('2025-01-01', '2025-12-31')).toEqual({ group: ['~y:2025'], cut: false });
    expect(dateGroup('2025-01-01', '2025-02-28')).toEqual({
      group: ['~mo:202501', '~mo:202502'],
      cut: false,
    });
    expect(dateGroup('2025-01-02', '2025-02-28')?.cut).toBe(true);
  });
});

describe('filterLexemeQuery', () => {
  it('is every group, each any of its lexemes; a province is the province, another code a city or a district', () => {
    expect(
      filterLexemeQuery({
        docTypes: ['jg'],
        procurementMethods: ['gk'],
        regionCodes: ['440000', '110108'],
        industryCodes: ['24'],
      }),
    ).toEqual({
      tsquery: "('~t:jg' | '~m:gk') & ('~p:440000' | '~c:110108' | '~d:110108') & '~i:24'",
      amountRowCheck: false,
      dateRowCheck: false,
    });
    expect(filterLexemeQuery({}).tsquery).toBeUndefined();
  });

  it('keeps a date bound open on one side as a row check', () => {
    expect(filterLexemeQuery({ dateFrom: '2025-01-01' })).toEqual({
      tsquery: undefined,
      amountRowCheck: false,
      dateRowCheck: true,
    });
  });
});

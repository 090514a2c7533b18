import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKET_FILTER, marketRequest, shiftMonth } from './market-filter';

describe('shiftMonth', () => {
  it('moves across year ends both ways', () => {
    expect(shiftMonth('2026-11', -11)).toBe('2025-12');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-11', -35)).toBe('2023-12');
  });
});

describe('marketRequest', () => {
  it('leaves the period to the server before its first answer and sends no empty filters', () => {
    expect(marketRequest(DEFAULT_MARKET_FILTER, null)).toEqual({});
  });

  it('ends the period at the server’s month and sends each chosen filter as the contract’s list', () => {
    expect(
      marketRequest(
        { keyword: ' 医院 ', province: '440000', industry: 'E', type: 'zb', months: 3 },
        '2026-02',
      ),
    ).toEqual({
      keyword: '医院',
      area: ['440000'],
      industry: ['E'],
      docchnnel: ['zb'],
      startMonth: '2025-12',
      endMonth: '2026-02',
    });
  });

  it('counts the period in whole months including the last (36 months at most)', () => {
    expect(marketRequest({ ...DEFAULT_MARKET_FILTER, months: 36 }, '2026-11')).toEqual({
      startMonth: '2023-12',
      endMonth: '2026-11',
    });
  });
});

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { testDatabaseTargets } from '../test-support/databases';
import {
  bigramTokens,
  needleSkeleton,
  normalizeForSearch,
  preciseTsquery,
  tsvectorLiteral,
  wordTokens,
} from './tokens';

describe('search tokens', () => {
  it('makes overlapping Han bigrams, the run’s last character, and whole ASCII words, at character offsets', () => {
    expect(bigramTokens('市医院LED屏')).toEqual([
      { lexeme: '市医', position: 1 },
      { lexeme: '医院', position: 2 },
      { lexeme: '院', position: 3 },
      { lexeme: 'led', position: 4 },
      { lexeme: '屏', position: 7 },
    ]);
  });

  it('folds full-width letters and digits', () => {
    expect(normalizeForSearch('ＬＥＤ２０２４')).toBe('led2024');
  });

  it('keeps tender-trade words whole', () => {
    expect(wordTokens('电梯维保服务竞争性磋商').map((token) => token.lexeme)).toEqual([
      '电梯',
      '维保',
      '服务',
      '竞争性磋商',
    ]);
  });

  it('writes a tsvector literal with weights, merged positions and quoted lexemes', () => {
    expect(
      tsvectorLiteral(
        [
          { lexeme: "o'k", position: 2 },
          { lexeme: "o'k", position: 1 },
          { lexeme: '医院', position: 20_000 },
        ],
        'A',
      ),
    ).toBe("'o''k':1A,2A '医院':16383A");
  });

  it('spells a needle with a gap inside as its skeleton: start marks, characters and gaps', () => {
    const mark = (text: string) => text.replaceAll('^', '\uE001').replaceAll('_', '\uE000');
    expect(needleSkeleton('医院%设备')).toBe(mark('^医^院_^设^备'));
    expect(needleSkeleton('%ab%%1医')).toBe(mark('^ab__^1^医'));
    expect(needleSkeleton('医院设备')).toBeUndefined();
    expect(needleSkeleton('%医院 ')).toBeUndefined();
    expect(needleSkeleton('%')).toBeUndefined();
  });

  it('asks for a bigram chain in precise mode, and a prefix for one character', () => {
    expect(preciseTsquery('医院设备')).toBe("('医院' <-> '院设' <-> '设备')");
    expect(preciseTsquery('院', 'A')).toBe("'院':*A");
    expect(preciseTsquery('LED 显示屏')).toBe("'led':* & ('显示' <-> '示屏')");
    expect(preciseTsquery('，。')).toBeUndefined();
  });
});

describe.each(testDatabaseTargets())('precise search exactness on $name', (target) => {
  let db: Database;
  beforeAll(async () => {
    db = await target.open();
  });
  afterAll(() => db.close());

  // A small alphabet makes repeated characters and near-misses common: the hard cases for bigram chains.
  const hanText = fc.string({
    unit: fc.constantFrom('医', '院', '设', '备', '采', '购', '，', 'a'),
    maxLength: 30,
  });
  const hanPhrase = fc.string({
    unit: fc.constantFrom('医', '院', '设', '备', '采', '购'),
    minLength: 2,
    maxLength: 4,
  });

  it('matches every text that contains the phrase (no false negatives)', async () => {
    await fc.assert(
      fc.asyncProperty(hanText, hanPhrase, async (text, phrase) => {
        const query = preciseTsquery(phrase);
        const [row] = await db.query<{ hit: boolean }>('SELECT $1::tsvector @@ $2::tsquery AS hit', [
          tsvectorLiteral(bigramTokens(text)),
          query,
        ]);
        if (text.includes(phrase)) expect(row?.hit).toBe(true);
        // A chain of consecutive bigrams is the phrase itself: for pure Han phrases there are no false positives.
        if (row?.hit) expect(text.includes(phrase)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

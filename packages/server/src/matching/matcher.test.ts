import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KeywordAutomaton } from './automaton';
import { CompiledRules, type MatchItem, type MatchRule } from './matcher';

function occurrences(automaton: KeywordAutomaton, text: string): number[] {
  const found: number[] = [];
  automaton.scan(text, (keyword) => found.push(keyword));
  return found.sort((a, b) => a - b);
}

function naiveOccurrences(keywords: string[], text: string): number[] {
  const found: number[] = [];
  keywords.forEach((keyword, index) => {
    for (let at = text.indexOf(keyword); at >= 0; at = text.indexOf(keyword, at + 1)) found.push(index);
  });
  return found.sort((a, b) => a - b);
}

describe('keyword automaton', () => {
  it('finds every occurrence of every keyword, overlapping and nested ones included', () => {
    const keywords = ['医院', '人民医院', '民医', '医', '院设备', '设备'];
    const text = '市人民医院设备采购（医院）';
    expect(occurrences(new KeywordAutomaton(keywords), text)).toEqual(naiveOccurrences(keywords, text));
  });

  it('agrees with a naive search on random keywords and texts', () => {
    const alphabet = fc.constantFrom('医', '院', '设', '备', '采', '购', 'a', 'b');
    const word = fc.array(alphabet, { minLength: 1, maxLength: 4 }).map((chars) => chars.join(''));
    fc.assert(
      fc.property(
        fc.uniqueArray(word, { minLength: 1, maxLength: 12 }),
        fc.array(alphabet, { maxLength: 60 }),
        (keywords, chars) => {
          const text = chars.join('');
          expect(occurrences(new KeywordAutomaton(keywords), text)).toEqual(naiveOccurrences(keywords, text));
        },
      ),
    );
  });
});

const baseRule: MatchRule = {
  groupId: 1,
  userId: 1,
  brandId: 'alpha',
  kind: 'tender',
  includeWords: ['医院'],
  excludeWords: [],
  scope: 20,
  areaCodes: [],
  types: [],
  minAmountFen: null,
  maxAmountFen: null,
};

const baseItem: MatchItem = {
  docType: 'zb',
  procurementMethod: 'gk',
  title: '深圳市人民医院ＣＴ设备采购公告',
  projectName: '深圳市人民医院CT设备采购项目',
  body: '一、项目基本情况\n采购需求：CT 设备一台\n二、其他\n本项目不接受联合体。',
  provinceCode: '440000',
  cityCode: '440300',
  districtCode: '440305',
  amountFen: 500_000_000,
};

const matches = (rule: Partial<MatchRule>, item: Partial<MatchItem> = {}) =>
  new CompiledRules([{ ...baseRule, ...rule }]).match({ ...baseItem, ...item }).length === 1;

describe('compiled rules', () => {
  it('matches a 2-character word in the title, normalised as search normalises (full-width, case)', () => {
    expect(matches({})).toBe(true);
    expect(matches({ includeWords: ['ct设备'] })).toBe(true);
    expect(matches({ includeWords: ['学校'] })).toBe(false);
  });

  it('any include word is enough; an exclude word in the same scope prevents the match', () => {
    expect(matches({ includeWords: ['学校', '医院'] })).toBe(true);
    expect(matches({ excludeWords: ['采购'] })).toBe(false);
    // the exclude word is only in the body: the title scope does not see it
    expect(matches({ excludeWords: ['联合体'] })).toBe(true);
    expect(matches({ scope: 10, excludeWords: ['联合体'] })).toBe(false);
  });

  it('scope: title, purchase content and full text each see their own fields', () => {
    expect(matches({ includeWords: ['联合体'], scope: 20 })).toBe(false);
    expect(matches({ includeWords: ['联合体'], scope: 10 })).toBe(true);
    expect(matches({ includeWords: ['联合体'], scope: 30 })).toBe(false);
    expect(matches({ includeWords: ['设备一台'], scope: 30 })).toBe(true);
  });

  it('kind, types, regions and amount filter the items', () => {
    expect(matches({ kind: 'award' })).toBe(false);
    expect(matches({ types: ['bg'] })).toBe(false);
    expect(matches({ types: ['gk'] })).toBe(true);
    expect(matches({ areaCodes: ['110000'] })).toBe(false);
    expect(matches({ areaCodes: ['110000', '440300'] })).toBe(true);
    expect(matches({ minAmountFen: 600_000_000 })).toBe(false);
    expect(matches({ maxAmountFen: 400_000_000 })).toBe(false);
    expect(matches({ minAmountFen: 100_000_000, maxAmountFen: 500_000_000 })).toBe(true);
    expect(matches({ minAmountFen: 1 }, { amountFen: null })).toBe(false);
  });

  it('fans one word out to every rule that has it and reports the words found', () => {
    const rules = new CompiledRules([
      { ...baseRule, groupId: 1, includeWords: ['医院', 'ct'] },
      { ...baseRule, groupId: 2, userId: 2, includeWords: ['医院'], excludeWords: ['公告'] },
      { ...baseRule, groupId: 3, userId: 3, includeWords: ['设备'] },
    ]);
    const matched = rules.match(baseItem);
    expect(matched.map((index) => rules.rules[index]?.groupId).sort()).toEqual([1, 3]);
    expect(rules.foundWords(0)).toEqual(['医院', 'ct']);
  });
});

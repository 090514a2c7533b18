import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtures } from './accuracy';
import { parseAmount, parseUppercaseAmount, unitFromLabel } from './amount';
import { MAX_MATCH_CHARS } from './bounded';
import { cleanCode, cleanName, cleanTitleLike, cleanValue } from './clean';
import { parsePhones } from './contacts';
import { extractDeadlines } from './deadlines';
import { extractFields } from './extract-fields';
import { htmlToText, looksLikeHtml, normalizeText } from './normalize';

const EMPTY = {
  title: null,
  announcementType: null,
  procurementMethod: null,
  projectName: null,
  projectCode: null,
  budget: null,
  ceilingPrice: null,
  purchaser: null,
  agency: null,
  contacts: null,
  deadlines: null,
  winners: null,
  region: null,
  approval: null,
};

/** A small deterministic generator (mulberry32), so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '项目编号：',
  '预算金额：',
  '万元',
  '元',
  '亿',
  '壹佰贰拾',
  '角',
  '分',
  '2025年',
  '13月',
  '32日',
  '9时',
  '至',
  '\t',
  '\n',
  '：',
  '（',
  '）',
  '<td>',
  '</tr>',
  '<script>',
  '&#x',
  '&amp',
  '****',
  '(略)',
  '0571-',
  '138',
  '包1',
  '第一中标候选人：',
  '中标金额：',
  '采购人信息',
  '名 称：',
  '浙江省',
  '朝阳区',
  '\u0000',
  '\ud800',
  '１２３',
  '，',
  ' ',
];

/**
 * The regular expressions given more than MAX_MATCH_CHARS characters (from `lastIndex` on, for global and sticky
 * ones) while `read` runs, other than single passes over one of `documents` or a prefix of it. Every regular
 * expression method — test, match, matchAll, replace, split, search — goes through `exec` once it is replaced.
 */
function regexesBeyondCap(read: () => unknown, documents: readonly string[] = []): string[] {
  const exec = RegExp.prototype.exec;
  const checked = new Map<string, boolean>();
  RegExp.prototype.exec = function countingExec(this: RegExp, given: string) {
    if (given.length - (this.global || this.sticky ? this.lastIndex : 0) > MAX_MATCH_CHARS) {
      const key = `${String(this)} ${given.length}`;
      if (!checked.has(key))
        checked.set(
          key,
          documents.some((document) => document.startsWith(given)),
        );
    }
    return exec.call(this, given);
  };
  try {
    read();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return [...checked].filter(([, documentPass]) => !documentPass).map(([key]) => key);
}

/**
 * What extractFields passes over whole: the input, its text and the normalised text, and their lines and cells
 * (normalising, table headers and contact sections go line by line).
 */
function documentsOf(input: string): string[] {
  const text = looksLikeHtml(input) ? htmlToText(input).text : input;
  const documents = [input, text, normalizeText(text)];
  return [
    ...documents,
    ...documents.flatMap((document) => document.split('\n').flatMap((line) => [line, ...line.split('\t')])),
  ];
}

describe('extractFields on odd input', () => {
  it.each([
    ['empty', ''],
    ['blank', ' \n\t\u3000 '],
    ['binary', '\u0000\u0001\u0002\uffff\ud800PNG\r\n\u001a'],
    ['tags only', '<html><head></head><body><table><tr><td></td></tr></table></body></html>'],
    ['unclosed script', '<p>项目名称：某某</p><script>alert("x")'],
    ['an unmatched comment', '<p>公告</p><!-- 项目编号：A1'],
    ['a lone label', '项目编号：'],
  ])('%s gives fields of null, or what little it states, without throwing', (_, input) => {
    const fields = extractFields(input);
    expect(Object.keys(fields).sort()).toEqual(Object.keys(EMPTY).sort());
    expect(fields.projectCode).toBeNull();
  });

  it('gives every field null for input that is not text', () => {
    expect(extractFields(undefined as unknown as string)).toEqual(EMPTY);
    expect(extractFields(42 as unknown as string)).toEqual(EMPTY);
    expect(extractFields('')).toEqual(EMPTY);
  });

  it('never throws on random splices of notice fragments', () => {
    const next = random(20250305);
    const fixtures = readFixtures(join(import.meta.dirname, 'fixtures')).map((fixture) => fixture.input);
    for (let round = 0; round < 300; round += 1) {
      let input = '';
      const parts = 1 + Math.floor(next() * 40);
      for (let i = 0; i < parts; i += 1) {
        if (next() < 0.3) {
          const source = fixtures[Math.floor(next() * fixtures.length)] ?? '';
          const start = Math.floor(next() * source.length);
          input += source.slice(start, start + Math.floor(next() * 400));
        } else {
          input += PIECES[Math.floor(next() * PIECES.length)];
        }
      }
      expect(() => extractFields(input), input).not.toThrow();
    }
  });

  // A ReDoS guard by count, not by clock: while huge, repetitive input is read, a regular expression is given
  // more than MAX_MATCH_CHARS characters only in a pass over the whole document; the value readers, several of
  // which backtrack polynomially, never see more. Without the cap (bounded.ts) this fails.
  it('gives no value reader more than MAX_MATCH_CHARS characters of huge and repetitive input', () => {
    const inputs = [
      '项目编号：'.repeat(40_000),
      '2025年3月5日9时30分至'.repeat(20_000),
      '1.1.1.1.1.'.repeat(40_000),
      `<td>${'<p>a</p>'.repeat(50_000)}`,
      '朝阳区鼓楼区'.repeat(50_000),
      '0571-85127766转'.repeat(25_000),
      '采购人信息\n联系人：王工\n'.repeat(20_000),
      '包1\t供应商名称\t中标金额\n'.repeat(20_000),
      `预算金额：${'1,234'.repeat(60_000)}`,
      `预算金额：人民币${'壹佰'.repeat(100_000)}元角`,
      `联系人：王工${' 1'.repeat(100_000)}`,
      `联系电话：${'1'.repeat(200_000)}`,
      `获取招标文件时间：2025年3月5日${'说明'.repeat(100_000)}至2025年3月9日`,
      `项目名称\t采购单位\t预算金额\n测试项目\t测试单位\t${'1,234'.repeat(60_000)}`,
    ];
    const beyondCap = inputs
      .map((input) => ({
        input: input.slice(0, 20),
        regexes: regexesBeyondCap(() => extractFields(input), documentsOf(input)),
      }))
      .filter(({ regexes }) => regexes.length > 0);
    expect(beyondCap).toEqual([]);
  });

  it('gives the value readers at most MAX_MATCH_CHARS characters of a huge value or cell', () => {
    const values = [
      '1,234'.repeat(60_000),
      `人民币${'壹佰'.repeat(100_000)}元角`,
      `王工${' 1'.repeat(100_000)}`,
      '0571-85127766转'.repeat(25_000),
      `${'1'.repeat(200_000)}x`,
      `（单位：${' '.repeat(200_000)}`,
    ];
    const readers = [
      parseAmount,
      parseUppercaseAmount,
      unitFromLabel,
      parsePhones,
      cleanValue,
      cleanName,
      cleanCode,
      cleanTitleLike,
    ];
    const beyondCap = values.flatMap((value) =>
      readers
        .map((reader) => ({
          reader: reader.name,
          value: value.slice(0, 20),
          regexes: regexesBeyondCap(() => reader(value)),
        }))
        .filter(({ regexes }) => regexes.length > 0),
    );
    expect(beyondCap).toEqual([]);
    // The words between two dates are read only when they are short enough to be a range's `至`.
    const text = `获取招标文件时间：2025年3月5日${'说明'.repeat(100_000)}至2025年3月9日`;
    expect(regexesBeyondCap(() => extractDeadlines(text), [text])).toEqual([]);
  });
});

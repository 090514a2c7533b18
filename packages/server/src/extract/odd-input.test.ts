import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixtures } from './accuracy';
import { extractFields } from './extract-fields';

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

  it('stays fast on huge and repetitive input', () => {
    const inputs = [
      '项目编号：'.repeat(40_000),
      '2025年3月5日9时30分至'.repeat(20_000),
      '1.1.1.1.1.'.repeat(40_000),
      `<td>${'<p>a</p>'.repeat(50_000)}`,
      '朝阳区鼓楼区'.repeat(50_000),
      '0571-85127766转'.repeat(25_000),
      '采购人信息\n联系人：王工\n'.repeat(20_000),
      '包1\t供应商名称\t中标金额\n'.repeat(20_000),
    ];
    for (const input of inputs) {
      const started = performance.now();
      extractFields(input);
      expect(performance.now() - started, input.slice(0, 20)).toBeLessThan(5_000);
    }
  });
});

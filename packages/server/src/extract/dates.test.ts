import { describe, expect, it } from 'vitest';
import { findDates, toChinaIso } from './dates';

const iso = (text: string) => findDates(text).map(toChinaIso);

describe('findDates', () => {
  it.each([
    ['2025年3月5日9时30分', '2025-03-05T09:30:00+08:00'],
    ['2025年03月26日 09点30分（北京时间）', '2025-03-26T09:30:00+08:00'],
    ['2025-03-05 09:30', '2025-03-05T09:30:00+08:00'],
    ['2025-03-05 09:30:15', '2025-03-05T09:30:15+08:00'],
    ['2025/3/5', '2025-03-05'],
    ['2025.3.5', '2025-03-05'],
    ['2025年3月5日', '2025-03-05'],
    ['2025年9月10日（星期三）下午14:30', '2025-09-10T14:30:00+08:00'],
    ['2025年9月10日（周三）下午2:30', '2025-09-10T14:30:00+08:00'],
    ['2025年5月9日下午5时', '2025-05-09T17:00:00+08:00'],
    ['2025年7月1日9时整', '2025-07-01T09:00:00+08:00'],
    ['2025年3月5日24:00', '2025-03-06T00:00:00+08:00'],
  ])('%s → %s', (text, expected) => {
    expect(iso(text)).toEqual([expected]);
  });

  it('finds every date of a range in order', () => {
    expect(iso('时间：2025年03月05日 至 2025年03月12日，每天上午09:00至12:00')).toEqual([
      '2025-03-05',
      '2025-03-12',
    ]);
  });

  it('skips impossible dates and numbers that only look like dates', () => {
    expect(iso('2025年2月30日')).toEqual([]);
    expect(iso('2025年13月1日')).toEqual([]);
    expect(iso('电话 0571-8512-3456')).toEqual([]);
    expect(iso('JSZC-320105-2025-0047')).toEqual([]);
    // A "time" out of range keeps the day only.
    expect(iso('2025年3月5日 35:10')).toEqual(['2025-03-05']);
  });
});

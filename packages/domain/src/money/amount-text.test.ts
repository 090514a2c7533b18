import { describe, expect, it } from 'vitest';
import { formatFenAsWanYuan, formatWanYuan, groupedNumber } from './amount-text';

describe('amount text', () => {
  it('shows 亿元 from 10,000 万元 on, grouped, two decimals at most', () => {
    expect(formatWanYuan(4751581.63)).toBe('475.16亿元');
    expect(formatWanYuan(10_000)).toBe('1亿元');
    expect(formatWanYuan(123_456_789)).toBe('12,345.68亿元');
    expect(formatWanYuan(9999.994)).toBe('9,999.99万元');
  });

  it('groups 万元 and drops trailing zeros', () => {
    expect(formatWanYuan(1234.5)).toBe('1,234.5万元');
    expect(formatWanYuan(100)).toBe('100万元');
    expect(formatWanYuan(43.1064)).toBe('43.11万元');
    expect(formatWanYuan(0)).toBe('0万元');
    expect(formatWanYuan(-25_000)).toBe('-2.5亿元');
  });

  it('writes an amount too small for two decimals exactly instead of 0万元', () => {
    expect(formatWanYuan(0.0042)).toBe('0.0042万元');
    expect(formatFenAsWanYuan(4_200)).toBe('0.0042万元');
    expect(formatFenAsWanYuan(47_515_816_300_00)).toBe('475.16亿元');
  });

  it('groups plain numbers for counts and chart axes', () => {
    expect(groupedNumber(1234567)).toBe('1,234,567');
    expect(formatWanYuan(Number.NaN)).toBe('-');
  });
});

import { describe, expect, it } from 'vitest';
import { monthOverMonth, wanYuanText } from './dashboard-figures';

describe('monthOverMonth', () => {
  it('says the change against last month in percent with one decimal', () => {
    expect(monthOverMonth(120, 100)).toBe('+20%');
    expect(monthOverMonth(90, 120)).toBe('-25%');
    expect(monthOverMonth(1, 3)).toBe('-66.7%');
    expect(monthOverMonth(5, 5)).toBe('0%');
  });

  it('has nothing to compare with when last month had none', () => {
    expect(monthOverMonth(10, 0)).toBeNull();
  });
});

describe('wanYuanText', () => {
  it('shows fen as 万元 with two decimals at most', () => {
    expect(wanYuanText(123_456_789)).toBe('123.46万元');
    expect(wanYuanText(0)).toBe('0万元');
  });
});

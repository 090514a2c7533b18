import { describe, expect, it } from 'vitest';
import { amountInWords, groupedYuan, wanYuan } from './amounts';

describe('amountInWords', () => {
  it('writes 大写金额 with the zeros and units of Chinese accounting', () => {
    expect(amountInWords(356_800_000)).toBe('叁佰伍拾陆万捌仟元整');
    expect(amountInWords(10_000_000)).toBe('壹拾万元整');
    expect(amountInWords(10_050_000)).toBe('壹拾万零伍佰元整');
    expect(amountInWords(100_500)).toBe('壹仟零伍元整');
    expect(amountInWords(10_000_000_100)).toBe('壹亿零壹元整');
    expect(amountInWords(1_234)).toBe('壹拾贰元叁角肆分');
    expect(amountInWords(1_204)).toBe('壹拾贰元零肆分');
    expect(amountInWords(50)).toBe('伍角');
    expect(amountInWords(0)).toBe('零元整');
  });
});

describe('amount texts', () => {
  it('writes yuan with thousands separators and 万元 without trailing zeros', () => {
    expect(groupedYuan(356_800_000)).toBe('3,568,000.00');
    expect(groupedYuan(5)).toBe('0.05');
    expect(wanYuan(356_800_000)).toBe('356.8');
    expect(wanYuan(100_000_000)).toBe('100');
    expect(wanYuan(1_234_567)).toBe('1.234567');
  });
});

import { describe, expect, it } from 'vitest';
import { decimalToFen, parseAmount, parseUppercaseAmount, unitFromLabel } from './amount';

describe('parseUppercaseAmount (大写金额)', () => {
  it.each([
    ['人民币壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分', 123_456_789],
    ['壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分', 123_456_789],
    ['人民币捌拾陆万元整', 86_000_000],
    ['拾万元整', 10_000_000],
    ['壹拾伍万元正', 15_000_000],
    ['壹亿零伍佰万元', 10_500_000_000],
    ['伍万亿元', 500_000_000_000_000],
    ['叁仟零伍元', 300_500],
    ['壹元零伍分', 105],
    ['捌角', 80],
    ['贰佰圆整', 20_000],
    ['一百二十万元', 120_000_000],
    ['两千元', 200_000],
  ])('%s → %i fen', (text, fen) => {
    expect(parseUppercaseAmount(text)).toBe(fen);
  });

  it.each(['壹佰贰拾', '十二个月', '元', '壹佰元伍', '人民币', 'abc元'])('%s is not an amount', (text) => {
    expect(parseUppercaseAmount(text)).toBeUndefined();
  });
});

describe('decimalToFen', () => {
  it('moves the decimal point in the text, without float error', () => {
    expect(decimalToFen('380.0000000', '万元')).toBe(380_000_000);
    expect(decimalToFen('1,250,000.00', '元')).toBe(125_000_000);
    expect(decimalToFen('0.29', '元')).toBe(29);
    expect(decimalToFen('1.005', '元')).toBe(101);
    expect(decimalToFen('3.2', '亿元')).toBe(32_000_000_000);
    expect(decimalToFen('123，456.00', '元')).toBe(12_345_600);
    expect(decimalToFen('99999999999999999', '亿元')).toBeUndefined();
    expect(decimalToFen('12a', '元')).toBeUndefined();
  });
});

describe('parseAmount', () => {
  it.each([
    ['380.0000000 万元（人民币）', { fen: 380_000_000, unit: '万元', raw: '380.0000000 万元' }],
    ['¥1,250,000.00', { fen: 125_000_000, unit: '元', raw: '¥1,250,000.00' }],
    ['￥186,000.00元', { fen: 18_600_000, unit: '元', raw: '￥186,000.00元' }],
    ['3,456,000.00（元）', { fen: 345_600_000, unit: '元', raw: '3,456,000.00（元）' }],
    ['最终报价:123.45(万元)', { fen: 123_450_000, unit: '万元', raw: '123.45(万元)' }],
    ['3.2亿元', { fen: 32_000_000_000, unit: '亿元', raw: '3.2亿元' }],
    [
      '人民币123,456.00元（大写：壹拾贰万叁仟肆佰伍拾陆元整）',
      { fen: 12_345_600, unit: '元', raw: '人民币123,456.00元' },
    ],
    ['人民币贰佰万元整', { fen: 200_000_000, unit: '元', raw: '人民币贰佰万元整' }],
    ['包1：120万元', { fen: 120_000_000, unit: '万元', raw: '120万元' }],
  ])('%s', (value, amount) => {
    expect(parseAmount(value)).toEqual(amount);
  });

  it('applies the unit of the label to a bare number, 元 when there is none', () => {
    expect(parseAmount('268.00', '万元')).toEqual({ fen: 268_000_000, unit: '万元', raw: '268.00' });
    expect(parseAmount('960000')).toEqual({ fen: 96_000_000, unit: '元', raw: '960000' });
    expect(parseAmount('12元', '万元')).toEqual({ fen: 1200, unit: '元', raw: '12元' });
  });

  it.each([
    '下浮率5.6%',
    '费率：1.5%',
    '折扣率 95%',
    '详见附件',
    '***',
    '登录后查看',
    '以实际结算为准',
    '2025年',
    '',
  ])('%s gives null', (value) => {
    expect(parseAmount(value)).toBeNull();
  });
});

describe('unitFromLabel', () => {
  it('reads the unit a label or header names', () => {
    expect(unitFromLabel('预算金额（万元）')).toBe('万元');
    expect(unitFromLabel('中标（成交）金额（元）')).toBe('元');
    expect(unitFromLabel('投标报价(单位：万元)')).toBe('万元');
    expect(unitFromLabel('金额 单位：亿元')).toBe('亿元');
    expect(unitFromLabel('预算金额')).toBeUndefined();
  });
});

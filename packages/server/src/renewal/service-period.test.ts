import { describe, expect, it } from 'vitest';
import { chineseNumber, extractServicePeriod, monthsBetween, predictedEndDate } from './service-period';

describe('extractServicePeriod', () => {
  it.each([
    ['服务期 1 年', '服务期 1 年', 12],
    ['服务期：三年，自合同签订之日起计算。', '服务期：三年', 36],
    ['合同履行期限：自合同签订之日起12个月', '合同履行期限：自合同签订之日起12个月', 12],
    ['服务期限：两年', '服务期限：两年', 24],
    ['合同期限：十二个月；', '合同期限：十二个月', 12],
    ['服务时间：服务期1年；服务标准：符合采购文件要求', '服务时间：服务期1年', 12],
    ['服务期限：365日历天', '服务期限：365日历天', 12],
    ['服务周期：自合同签订之日起180天', '服务周期：自合同签订之日起180天', 5.9],
    ['服务期：二十四个月', '服务期：二十四个月', 24],
  ])('%s', (input, text, months) => {
    expect(extractServicePeriod(input)).toMatchObject({ text, months, startDate: null, endDate: null });
  });

  it('reads a date range with its first and last day', () => {
    expect(extractServicePeriod('服务期限：2023年1月1日至2025年12月31日。')).toEqual({
      text: '服务期限：2023年1月1日至2025年12月31日',
      months: 36,
      startDate: '2023-01-01',
      endDate: '2025-12-31',
    });
    expect(extractServicePeriod('合同履行期限：2024-07-01至2025-06-30')).toMatchObject({
      months: 12,
      endDate: '2025-06-30',
    });
    expect(extractServicePeriod('服务期：2025年3月至2026年2月')).toMatchObject({
      months: 12,
      startDate: '2025-03-01',
      endDate: '2026-02-28',
    });
  });

  it('reads full-width digits and HTML', () => {
    expect(extractServicePeriod('<p>服务期限：<span>１年</span></p>')).toMatchObject({ months: 12 });
  });

  it('has no period for a notice without one, nor for a build time or a warranty', () => {
    expect(extractServicePeriod('中标金额：100万元。')).toBeNull();
    expect(extractServicePeriod('施工工期：180日历天')).toBeNull();
    expect(extractServicePeriod('质保期：2年')).toBeNull();
    expect(extractServicePeriod('服务期：详见采购文件')).toBeNull();
  });

  it('reads 经营期限 and traditional characters', () => {
    expect(extractServicePeriod('服务要求: 经营期限:五年。')).toMatchObject({ months: 60 });
    expect(extractServicePeriod('服務時間:自2024年6月1日起至2025年5月31日止')).toMatchObject({ months: 12 });
  });

  it('reads a period from a table cell under its label column', () => {
    const table = '序号 | 标的名称 | 服务时间 | 服务标准 |\n1 | 食堂外包 | 合同签订之日起12个月 | 按要求 |';
    expect(extractServicePeriod(table)).toMatchObject({ text: '服务时间：合同签订之日起12个月', months: 12 });
    expect(extractServicePeriod('序号 | 服务时间 |\n1 | 按合同约定 |')).toBeNull();
  });

  it('reads a number and its unit split across a line break', () => {
    expect(extractServicePeriod('服务期限：三\n年，合同一年一签')).toMatchObject({ months: 36 });
  });

  it('reads the total of a contract signed one year at a time', () => {
    expect(extractServicePeriod('服务期限：合同一年一签，共三年')).toMatchObject({ months: 36 });
    expect(extractServicePeriod('服务期：两年，合同一年一签。')).toMatchObject({ months: 24 });
  });

  it('has no length for a period counted on from an unstated build time', () => {
    expect(extractServicePeriod('服务期为各单项工程施工工期的基础上再增加 90 天')).toBeNull();
  });

  it('takes a delivery time of under a month for no service period', () => {
    expect(extractServicePeriod('合同履行期限：自签订合同之日起5日')).toBeNull();
    expect(extractServicePeriod('履约期限：签订合同后20日历天')).toBeNull();
  });
});

describe('chineseNumber', () => {
  it.each([
    ['一', 1],
    ['两', 2],
    ['十', 10],
    ['十二', 12],
    ['二十四', 24],
    ['三百六十五', 365],
    ['36', 36],
  ])('%s → %d', (text, value) => {
    expect(chineseNumber(text)).toBe(value);
  });
  it('refuses what is no number', () => {
    expect(chineseNumber('年')).toBeUndefined();
  });
});

describe('predictedEndDate', () => {
  it('is the last day the notice names', () => {
    const period = extractServicePeriod('服务期限：2023年1月1日至2025年12月31日');
    expect(period && predictedEndDate(period, '2022-12-01')).toBe('2025-12-31');
  });
  it('is the award day plus the period less a day when the notice names no day', () => {
    const period = extractServicePeriod('服务期：1年');
    expect(period && predictedEndDate(period, '2025-03-01')).toBe('2026-02-28');
    const shortMonth = extractServicePeriod('服务期：1个月');
    expect(shortMonth && predictedEndDate(shortMonth, '2025-01-31')).toBe('2025-02-27');
  });
  it('counts months between days', () => {
    expect(monthsBetween('2024-01-01', '2024-12-31')).toBe(12);
    expect(monthsBetween('2024-03-15', '2024-04-14')).toBe(1);
  });
});

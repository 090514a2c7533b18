import { describe, expect, it } from 'vitest';
import {
  amountDistributionChart,
  type MarketBucket,
  type MarketCompany,
  monthlyTrendChart,
  rankingChart,
  shareChart,
} from './chart-options';
import { fenToWanYuan } from './chart-spec';

const bucket = (code: string, name: string, items: number, budgetFen = 0, awardFen = 0): MarketBucket => ({
  code,
  name,
  items,
  budgetFen,
  awardFen,
});

const company = (companyId: number, name: string, items: number, amountFen: number): MarketCompany => ({
  companyId,
  name,
  items,
  amountFen,
  amountWanYuanText: `${fenToWanYuan(amountFen)}万元`,
});

/** The series of an option, typed loosely for assertions. */
const seriesOf = (option: unknown) =>
  (option as { series: { name?: string; type: string; data: unknown[] }[] }).series;

describe('fenToWanYuan', () => {
  it('turns fen into 万元 with two decimals', () => {
    expect(fenToWanYuan(123_456_789)).toBe(123.46);
    expect(fenToWanYuan(1_000_000)).toBe(1);
    expect(fenToWanYuan(0)).toBe(0);
  });
});

describe('monthlyTrendChart', () => {
  const months = [
    bucket('2026-10', '2026-10', 12, 5_000_000, 0),
    bucket('2026-11', '2026-11', 3, 0, 2_500_000),
  ];

  it('draws items as a line and the budgets and awards in 万元 as bars on the second axis', () => {
    const { option } = monthlyTrendChart(months);
    const [items, budgets, awards] = seriesOf(option);
    expect(items).toMatchObject({ type: 'line', data: [12, 3] });
    expect(budgets).toMatchObject({ type: 'bar', yAxisIndex: 1, data: [5, 0] });
    expect(awards).toMatchObject({ type: 'bar', yAxisIndex: 1, data: [0, 2.5] });
    expect((option.xAxis as { data: string[] }).data).toEqual(['2026-10', '2026-11']);
  });

  it('gives the same figures as a table, one row per month', () => {
    expect(monthlyTrendChart(months).table).toEqual({
      columns: ['月份', '信息数', '预算金额', '中标金额'],
      rows: [
        ['2026-10', 12, '5万元', '0万元'],
        ['2026-11', 3, '0万元', '2.5万元'],
      ],
    });
  });
});

describe('rankingChart', () => {
  const top = [
    company(1, '甲公司', 30, 9_000_000),
    company(2, '乙公司', 20, 1_000_000),
    company(3, '丙公司', 5, 0),
  ];

  it('puts the leader at the top of the bar chart (ECharts draws categories bottom up)', () => {
    const { option } = rankingChart(top);
    expect((option.yAxis as { data: string[] }).data).toEqual(['丙公司', '乙公司', '甲公司']);
    expect(seriesOf(option)[0]?.data).toEqual([
      { value: 5, companyId: 3 },
      { value: 20, companyId: 2 },
      { value: 30, companyId: 1 },
    ]);
  });

  it('lists the leader first in the table, with the amounts in 万元', () => {
    expect(rankingChart(top).table.rows).toEqual([
      ['甲公司', 30, '9万元'],
      ['乙公司', 20, '1万元'],
      ['丙公司', 5, '0万元'],
    ]);
  });
});

describe('shareChart', () => {
  it('leaves empty buckets out of the ring and the table', () => {
    const spec = shareChart([bucket('gk', '公开招标', 8), bucket('jz', '竞争性谈判', 0), bucket('', '', 2)]);
    expect(seriesOf(spec.option)[0]?.data).toEqual([
      { name: '公开招标', value: 8 },
      { name: '', value: 2 },
    ]);
    expect(spec.table.rows).toEqual([
      ['公开招标', 8],
      ['', 2],
    ]);
  });

  it('draws a smaller ring on a phone-wide chart, so the names beside it keep their room', () => {
    const { media } = shareChart([bucket('gk', '公开招标', 8)]).option;
    expect(media).toEqual([
      expect.objectContaining({
        query: { maxWidth: 480 },
        option: { series: [expect.objectContaining({ radius: ['26%', '44%'] })] },
      }),
    ]);
  });
});

describe('amountDistributionChart', () => {
  it('draws budgets and awards per industry in 万元', () => {
    const spec = amountDistributionChart([bucket('E', '建筑业', 4, 20_000_000, 10_000_000)]);
    const [budgets, awards] = seriesOf(spec.option);
    expect(budgets?.data).toEqual([20]);
    expect(awards?.data).toEqual([10]);
    expect(spec.table.rows).toEqual([['建筑业', 4, '20万元', '10万元']]);
  });

  it('shows amounts from 10,000 万元 on in 亿元, grouped, in the tooltip, the axis and the table', () => {
    const spec = amountDistributionChart([bucket('E', '建筑业', 4, 47_515_816_300_00, 12_345_600_000)]);
    const [budgets] = seriesOf(spec.option) as { tooltip?: { valueFormatter(value: unknown): string } }[];
    expect(budgets?.tooltip?.valueFormatter(4751581.63)).toBe('475.16亿元');
    const axis = spec.option.yAxis as { axisLabel: { formatter(value: number): string } };
    expect(axis.axisLabel.formatter(50_000)).toBe('5亿');
    expect(axis.axisLabel.formatter(2_500)).toBe('2,500万');
    expect(spec.table.rows).toEqual([['建筑业', 4, '475.16亿元', '1.23亿元']]);
  });
});

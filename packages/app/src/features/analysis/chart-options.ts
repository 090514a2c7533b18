import type { MarketAnalysis } from '@tender/contracts';
import { formatFenAsWanYuan } from '@tender/domain';
import { amountAxisLabel, amountTooltip, type ChartSpec, fenToWanYuan } from './chart-spec';
import { messages } from './messages';

export type MarketBucket = MarketAnalysis['byMonth'][number];
export type MarketCompany = MarketAnalysis['topPurchasers'][number];

const { chart: labels } = messages;

/**
 * Items per month (line, left axis) with the budgets and awards of those months in 万元 (bars, right axis): the
 * trend of market analysis and of the dashboard.
 */
export function monthlyTrendChart(months: readonly MarketBucket[]): ChartSpec {
  const names = months.map((month) => month.name || month.code);
  const budgets = months.map((month) => fenToWanYuan(month.budgetFen));
  const awards = months.map((month) => fenToWanYuan(month.awardFen));
  return {
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [labels.items, labels.budget, labels.award] },
      grid: { left: 48, right: 64, bottom: 32, top: 56 },
      xAxis: { type: 'category', data: names },
      yAxis: [
        { type: 'value', name: labels.items, minInterval: 1 },
        { type: 'value', name: labels.amount, axisLabel: amountAxisLabel },
      ],
      series: [
        { name: labels.items, type: 'line', smooth: true, data: months.map((month) => month.items) },
        { name: labels.budget, type: 'bar', yAxisIndex: 1, data: budgets, tooltip: amountTooltip },
        { name: labels.award, type: 'bar', yAxisIndex: 1, data: awards, tooltip: amountTooltip },
      ],
    },
    table: {
      columns: [labels.month, labels.items, labels.budget, labels.award],
      rows: months.map((month, index) => [
        names[index] ?? '',
        month.items,
        formatFenAsWanYuan(month.budgetFen),
        formatFenAsWanYuan(month.awardFen),
      ]),
    },
  };
}

/** A top list as horizontal bars of items, the first company at the top; amounts in the tooltip and the table. */
export function rankingChart(companies: readonly MarketCompany[]): ChartSpec {
  // ECharts draws a category axis from the bottom up: reversed, the leader is on top.
  const bottomUp = [...companies].reverse();
  return {
    option: {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      grid: { left: 8, right: 32, bottom: 24, top: 8, containLabel: true },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: bottomUp.map((company) => company.name),
        axisLabel: { width: 180, overflow: 'truncate' },
      },
      series: [
        {
          name: labels.items,
          type: 'bar',
          data: bottomUp.map((company) => ({ value: company.items, companyId: company.companyId })),
        },
      ],
    },
    table: {
      columns: [labels.name, labels.items, labels.amount],
      rows: companies.map((company) => [company.name, company.items, formatFenAsWanYuan(company.amountFen)]),
    },
  };
}

/** Budgets and awards in 万元 per bucket (industries): where the money is. */
export function amountDistributionChart(buckets: readonly MarketBucket[]): ChartSpec {
  const names = buckets.map((bucket) => bucket.name || bucket.code);
  return {
    option: {
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { top: 0, data: [labels.budget, labels.award] },
      grid: { left: 48, right: 16, bottom: 64, top: 56 },
      xAxis: { type: 'category', data: names, axisLabel: { rotate: 30, width: 90, overflow: 'truncate' } },
      yAxis: { type: 'value', name: labels.amount, axisLabel: amountAxisLabel },
      series: [
        {
          name: labels.budget,
          type: 'bar',
          data: buckets.map((bucket) => fenToWanYuan(bucket.budgetFen)),
          tooltip: amountTooltip,
        },
        {
          name: labels.award,
          type: 'bar',
          data: buckets.map((bucket) => fenToWanYuan(bucket.awardFen)),
          tooltip: amountTooltip,
        },
      ],
    },
    table: {
      columns: [labels.name, labels.items, labels.budget, labels.award],
      rows: buckets.map((bucket, index) => [
        names[index] ?? '',
        bucket.items,
        formatFenAsWanYuan(bucket.budgetFen),
        formatFenAsWanYuan(bucket.awardFen),
      ]),
    },
  };
}

/** Each bucket's share of the items (types, procurement methods) as a ring; empty buckets are left out. */
export function shareChart(buckets: readonly MarketBucket[]): ChartSpec {
  const counted = buckets.filter((bucket) => bucket.items > 0);
  return {
    option: {
      tooltip: { trigger: 'item', formatter: '{b}：{c}（{d}%）' },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          name: labels.items,
          type: 'pie',
          radius: ['40%', '68%'],
          center: ['50%', '45%'],
          data: counted.map((bucket) => ({ name: bucket.name || bucket.code, value: bucket.items })),
        },
      ],
      // On a phone's card the full ring left a name (竞争性磋商) no room beside it: ECharts cut it to 竞…
      media: [
        {
          query: { maxWidth: 480 },
          option: { series: [{ radius: ['26%', '44%'], labelLine: { length: 8, length2: 8 } }] },
        },
      ],
    },
    table: {
      columns: [labels.name, labels.items],
      rows: counted.map((bucket) => [bucket.name || bucket.code, bucket.items]),
    },
  };
}

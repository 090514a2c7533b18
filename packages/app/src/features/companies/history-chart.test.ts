import { describe, expect, it } from 'vitest';
import { companyHistoryChart } from './history-chart';

describe('companyHistoryChart', () => {
  const points = [
    { period: '2026-10', purchaser: 2, agency: 0, winner: 1, candidate: 0, wonFen: 12_340_000 },
    { period: '2026-11', purchaser: 0, agency: 1, winner: 0, candidate: 3, wonFen: 0 },
  ];

  it('stacks the roles per month and draws the awards in 万元 on the second axis', () => {
    const series = companyHistoryChart(points).option.series as {
      name: string;
      stack?: string;
      data: number[];
    }[];
    expect(series.map(({ name, stack, data }) => ({ name, stack, data }))).toEqual([
      { name: '采购人', stack: 'roles', data: [2, 0] },
      { name: '代理机构', stack: 'roles', data: [0, 1] },
      { name: '供应商', stack: 'roles', data: [1, 0] },
      { name: '候选人', stack: 'roles', data: [0, 3] },
      { name: '中标金额', stack: undefined, data: [12.34, 0] },
    ]);
  });

  it('gives a row per month in the table', () => {
    expect(companyHistoryChart(points).table.rows).toEqual([
      ['2026-10', 2, 0, 1, 0, '12.34万元'],
      ['2026-11', 0, 1, 0, 3, '0万元'],
    ]);
  });
});

import type { CompanyProfile } from '@tender/contracts';
import { formatFenAsWanYuan } from '@tender/domain';
import { amountAxisLabel, amountTooltip, type ChartSpec, fenToWanYuan } from '../analysis/chart-spec';
import { messages } from './messages';

type HistoryPoint = CompanyProfile['history'][number];

const ROLES = ['purchaser', 'agency', 'winner', 'candidate'] as const;

/** A company's items per period, stacked by role, with its awards in 万元 as a line on the right axis. */
export function companyHistoryChart(points: readonly HistoryPoint[]): ChartSpec {
  const periods = points.map((point) => point.period);
  const won = points.map((point) => fenToWanYuan(point.wonFen));
  return {
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, data: [...ROLES.map((role) => messages.roles[role]), messages.history.won] },
      grid: { left: 40, right: 64, bottom: 32, top: 56 },
      xAxis: { type: 'category', data: periods },
      yAxis: [
        { type: 'value', minInterval: 1 },
        { type: 'value', name: messages.history.won, axisLabel: amountAxisLabel },
      ],
      series: [
        ...ROLES.map((role) => ({
          name: messages.roles[role],
          type: 'bar' as const,
          stack: 'roles',
          data: points.map((point) => point[role]),
        })),
        { name: messages.history.won, type: 'line', yAxisIndex: 1, data: won, tooltip: amountTooltip },
      ],
    },
    table: {
      columns: [messages.history.period, ...ROLES.map((role) => messages.roles[role]), messages.history.won],
      rows: points.map((point) => [
        point.period,
        ...ROLES.map((role) => point[role]),
        formatFenAsWanYuan(point.wonFen),
      ]),
    },
  };
}

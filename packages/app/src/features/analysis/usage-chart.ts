import type { dataStatisticsEndpoint, EndpointResponse } from '@tender/contracts';
import type { ChartSpec } from './chart-spec';
import { messages } from './messages';

export type AccountUsage = EndpointResponse<typeof dataStatisticsEndpoint>['accounts'][number];

/** Every privilege any account used, in the order of the privilege names (unknown keys last). */
export function usedPrivileges(accounts: readonly AccountUsage[]): string[] {
  const used = new Set(accounts.flatMap((account) => Object.keys(account.totals)));
  const known = Object.keys(messages.privileges);
  return [...used].sort((a, b) => {
    const rank = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
    return rank(a) - rank(b) || a.localeCompare(b);
  });
}

/** Each account's uses per day (all privileges together) over every day of the answer's range, as lines. */
export function dailyUsageChart(accounts: readonly AccountUsage[]): ChartSpec {
  const days = [...new Set(accounts.flatMap((account) => account.days.map((entry) => entry.day)))].sort();
  const perAccount = accounts.map((account) => {
    const byDay = new Map<string, number>();
    for (const entry of account.days) byDay.set(entry.day, (byDay.get(entry.day) ?? 0) + entry.used);
    return days.map((day) => byDay.get(day) ?? 0);
  });
  return {
    option: {
      tooltip: { trigger: 'axis' },
      legend: { top: 0, type: 'scroll', data: accounts.map((account) => account.userName) },
      grid: { left: 40, right: 16, bottom: 32, top: 56 },
      xAxis: { type: 'category', data: days },
      yAxis: { type: 'value', minInterval: 1 },
      series: accounts.map((account, index) => ({
        name: account.userName,
        type: 'line' as const,
        data: perAccount[index] ?? [],
      })),
    },
    table: {
      columns: [messages.chart.day, ...accounts.map((account) => account.userName)],
      rows: days.map((day, dayIndex) => [day, ...perAccount.map((counts) => counts[dayIndex] ?? 0)]),
    },
  };
}

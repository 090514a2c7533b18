import { describe, expect, it } from 'vitest';
import { type AccountUsage, dailyUsageChart, usedPrivileges } from './usage-chart';

const account = (userId: number, userName: string, days: AccountUsage['days']): AccountUsage => ({
  userId,
  userName,
  mobile: '',
  role: userId === 1 ? 'primary' : 'sub',
  remark: '',
  totals: days.reduce<Record<string, number>>((totals, entry) => {
    totals[entry.privilege] = (totals[entry.privilege] ?? 0) + entry.used;
    return totals;
  }, {}),
  days,
});

const accounts = [
  account(1, '王经理', [
    { day: '2026-11-01', privilege: 'downloadProject', used: 2 },
    { day: '2026-11-01', privilege: 'watchZhaobiao', used: 3 },
  ]),
  account(2, '138****0000', [{ day: '2026-11-03', privilege: 'someNewPrivilege', used: 1 }]),
];

describe('usedPrivileges', () => {
  it('lists each privilege any account used once, known ones in the comparison order, unknown last', () => {
    expect(usedPrivileges(accounts)).toEqual(['watchZhaobiao', 'downloadProject', 'someNewPrivilege']);
  });
});

describe('dailyUsageChart', () => {
  it('draws one line per account over every day any account used something, all privileges added up', () => {
    const { option, table } = dailyUsageChart(accounts);
    expect((option.xAxis as { data: string[] }).data).toEqual(['2026-11-01', '2026-11-03']);
    expect(option.series).toEqual([
      expect.objectContaining({ name: '王经理', type: 'line', data: [5, 0] }),
      expect.objectContaining({ name: '138****0000', type: 'line', data: [0, 1] }),
    ]);
    expect(table).toEqual({
      columns: ['日期', '王经理', '138****0000'],
      rows: [
        ['2026-11-01', 5, 0],
        ['2026-11-03', 0, 1],
      ],
    });
  });
});

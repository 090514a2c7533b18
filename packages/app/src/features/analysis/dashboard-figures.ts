import { formatFenAsWanYuan } from '@tender/domain';

/** This month against last month as the board words it: '+12.5%', '-3%', or null when last month had none. */
export function monthOverMonth(thisMonth: number, lastMonth: number): string | null {
  if (lastMonth <= 0) return null;
  const percent = Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

/** Fen as the board's amount text: the shared formatter ('1,234.5万元', '475.16亿元'). */
export const wanYuanText = formatFenAsWanYuan;

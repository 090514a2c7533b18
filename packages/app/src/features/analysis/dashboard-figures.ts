/** This month against last month as the board words it: '+12.5%', '-3%', or null when last month had none. */
export function monthOverMonth(thisMonth: number, lastMonth: number): string | null {
  if (lastMonth <= 0) return null;
  const percent = Math.round(((thisMonth - lastMonth) / lastMonth) * 1000) / 10;
  return `${percent > 0 ? '+' : ''}${percent}%`;
}

/** Fen as the board's 万元 text, two decimals at most ('1234.5万元'). */
export function wanYuanText(fen: number): string {
  return `${Math.round(fen / 10_000) / 100}万元`;
}

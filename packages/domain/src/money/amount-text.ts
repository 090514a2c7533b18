/** 1 亿元 in 万元: amounts from here on are shown in 亿元. */
export const YI_IN_WAN = 10_000;

const GROUPED = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2, useGrouping: true });

/** A number with digit grouping and at most two decimals, trailing zeros dropped: 4,751,581.63, 100, 0.5. */
export function groupedNumber(value: number): string {
  return GROUPED.format(value);
}

/**
 * An amount in 万元 as every screen, chart and export shows it: grouped digits, two decimals at most, and in 亿元
 * from 10,000 万元 on — 4751581.63 → '475.16亿元', 1234.5 → '1,234.5万元', 0.0042 → '0.0042万元' (an amount
 * below 50 元 would round to 0: written out exactly instead).
 */
export function formatWanYuan(wan: number): string {
  if (!Number.isFinite(wan)) return '-';
  if (Math.abs(wan) >= YI_IN_WAN) return `${groupedNumber(wan / YI_IN_WAN)}亿元`;
  if (wan !== 0 && Math.abs(wan) < 0.005) return `${Number(wan.toPrecision(6))}万元`;
  return `${groupedNumber(wan)}万元`;
}

/** An amount in fen (how the contracts carry money) as `formatWanYuan` shows it. */
export function formatFenAsWanYuan(fen: number): string {
  return formatWanYuan(fen / 1_000_000);
}

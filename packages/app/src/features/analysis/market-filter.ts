import type { EndpointRequest, marketAnalysisEndpoint } from '@tender/contracts';

export type MarketRequest = EndpointRequest<typeof marketAnalysisEndpoint>;

/** The periods offered, in months (the server keeps figures per month and allows 36 at most). */
export const PERIOD_MONTHS = [3, 6, 12, 24, 36] as const;
export type PeriodMonths = (typeof PERIOD_MONTHS)[number];

/** What the member chose on the market analysis screen. */
export interface MarketFilter {
  keyword: string;
  /** A province's area code (440000), or null for 全国. */
  province: string | null;
  /** An industry section (A–T) or division (01–97), or null for all. */
  industry: string | null;
  /** A docchnnel code (zb, jg … or a procurement method), or null for all. */
  type: string | null;
  months: PeriodMonths;
}

export const DEFAULT_MARKET_FILTER: MarketFilter = {
  keyword: '',
  province: null,
  industry: null,
  type: null,
  months: 12,
};

/** 'YYYY-MM' moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [year = 0, monthOfYear = 1] = month.split('-').map(Number);
  const index = year * 12 + (monthOfYear - 1) + delta;
  const shiftedYear = Math.floor(index / 12);
  return `${shiftedYear}-${String(index - shiftedYear * 12 + 1).padStart(2, '0')}`;
}

/**
 * The request of a filter. `endMonth` is the server's current month as its last answer gave it (the server's
 * clock decides what "this month" is); before the first answer the period is left to the server's default.
 */
export function marketRequest(filter: MarketFilter, endMonth: string | null): MarketRequest {
  const keyword = filter.keyword.trim();
  return {
    ...(keyword ? { keyword } : {}),
    ...(filter.province ? { area: [filter.province] } : {}),
    ...(filter.industry ? { industry: [filter.industry] } : {}),
    ...(filter.type ? { docchnnel: [filter.type] } : {}),
    ...(endMonth ? { startMonth: shiftMonth(endMonth, 1 - filter.months), endMonth } : {}),
  };
}

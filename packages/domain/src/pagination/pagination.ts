import {
  CUSTOMER_LIST_TOTAL_DISPLAY_CAP,
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  TOTAL_DISPLAY_CAP,
} from '../constants';
import { messages } from '../messages';

/** Page size and page cap of a list; spec §9 defaults are 20 per page and 50 pages. */
export interface PageLimits {
  pageSize?: number;
  maxPages?: number;
}

function resolveLimits(limits: PageLimits | undefined): { pageSize: number; maxPages: number } {
  const pageSize = limits?.pageSize ?? DEFAULT_PAGE_SIZE;
  const maxPages = limits?.maxPages ?? DEFAULT_MAX_PAGES;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`Page size must be an integer ≥ 1, got ${String(pageSize)}`);
  }
  if (!Number.isSafeInteger(maxPages) || maxPages < 1) {
    throw new RangeError(`Maximum pages must be an integer ≥ 1, got ${String(maxPages)}`);
  }
  return { pageSize, maxPages };
}

/** A total from the server; anything negative or unreadable counts as no items. */
function itemCount(total: number): number {
  return Number.isFinite(total) && total > 0 ? Math.floor(total) : 0;
}

/**
 * spec §2 Pagination, §9: the last page a user may reach — the last page of the data, but never beyond the
 * page cap (50 by default), and at least 1 even when there is nothing to show.
 * @throws RangeError when pageSize or maxPages is not an integer ≥ 1.
 */
export function lastReachablePage(total: number, limits?: PageLimits): number {
  const { pageSize, maxPages } = resolveLimits(limits);
  return Math.max(1, Math.min(Math.ceil(itemCount(total) / pageSize), maxPages));
}

/**
 * spec §2 Pagination: the jump box's page. The typed text is read as an integer the way the browser's
 * parseInt does ('7页' → 7, '2.9' → 2); empty or not a number → 1; capped at the last reachable page;
 * at least 1.
 */
export function parseJumpPage(input: string | number | null | undefined, lastPage: number): number {
  const typed = Number.parseInt(String(input ?? '').trim(), 10);
  const last = Math.max(1, Math.floor(lastPage));
  if (Number.isNaN(typed) || typed < 1) return 1;
  return Math.min(typed, last);
}

export interface PageLimitNoticeInput extends PageLimits {
  /** The page just reached. */
  page: number;
  total: number;
  /** The brand's contact phone, appended to the item-limit notice when given. */
  contactPhone?: string | null;
}

/**
 * spec §2 Pagination: the toast shown on reaching a page, or undefined when none is due.
 *
 * - With the default limits (20 per page, 50 pages), page 50 says at most 50 pages can be viewed.
 * - Otherwise, reaching the last allowed page while the cap hides items (total above pageSize × maxPages)
 *   says the most that can be viewed is pageSize × maxPages items, followed by the contact phone if given.
 *   Reaching the natural end of a short list says nothing: nothing is being withheld.
 */
export function pageLimitNotice(input: PageLimitNoticeInput): string | undefined {
  const { pageSize, maxPages } = resolveLimits(input);
  const usesDefaultLimits = pageSize === DEFAULT_PAGE_SIZE && maxPages === DEFAULT_MAX_PAGES;
  if (usesDefaultLimits && input.page >= DEFAULT_MAX_PAGES) {
    return messages.pagination.maxPagesReached(DEFAULT_MAX_PAGES);
  }
  const maxItems = pageSize * maxPages;
  if (input.page >= maxPages && itemCount(input.total) > maxItems) {
    const phone = input.contactPhone?.trim();
    const suffix = phone ? messages.pagination.contactForMore(phone) : '';
    return `${messages.pagination.maxItemsReached(maxItems)}${suffix}`;
  }
  return undefined;
}

/** Lists whose totals are capped lower (spec §9: potential-customer and financial-customer lists). */
export type TotalCountListKind = 'general' | 'potential-customer' | 'financial-customer';

/** spec §9: totals display capped at 10000 generally, at 2000 for potential- and financial-customer lists. */
export function totalDisplayCap(listKind: TotalCountListKind = 'general'): number {
  return listKind === 'general' ? TOTAL_DISPLAY_CAP : CUSTOMER_LIST_TOTAL_DISPLAY_CAP;
}

/**
 * spec §9: a total as shown — the number itself up to the cap, '{cap}+' above it. A server that caps its
 * count should count to cap + 1 so that an exact total equal to the cap stays exact.
 */
export function formatTotalCount(total: number, listKind: TotalCountListKind = 'general'): string {
  const cap = totalDisplayCap(listKind);
  const count = itemCount(total);
  return count > cap ? `${cap}+` : String(count);
}

/** spec §2 Pagination: '共找到 N 条数据', with N capped as {@link formatTotalCount}. */
export function foundCountText(total: number, listKind: TotalCountListKind = 'general'): string {
  return messages.pagination.foundCount(formatTotalCount(total, listKind));
}

import { companyIdSchema } from '@tender/contracts';

/** The detail screens a company opens (spec §2), each with `?companyId=` as the company contracts name it. */
export const COMPANY_PATHS = {
  search: '/enterpriseAnalysis/informationQuery/erterInformation',
  detail: '/enterpriseDetails',
  history: '/enterHistory',
  atlas: '/altas',
} as const;

/**
 * A `Link`'s target with search parameters. The routes are built from the server's menu at runtime, so the
 * router has no registered route types and types every search as `never`; the cast is that gap, nothing more.
 */
function linkWithSearch(to: string, search: Record<string, string | number>) {
  return { to, search: search as never };
}

/**
 * The company name a link from an item may give instead (`?name=`, e.g. a purchaser's name on a tender), or null.
 * The detail screen looks the name up in the company search.
 */
export function companyNameFromSearch(search: Record<string, unknown>): string | null {
  const name = typeof search.name === 'string' ? search.name.trim() : '';
  return name.length >= 2 ? name : null;
}

/** A `Link`'s target: one of the company screens with `?companyId=`. */
export function companyLink(to: string, companyId: number) {
  return linkWithSearch(to, { companyId });
}

/** The company a screen's search parameters name, or null (missing or not a positive id). */
export function companyIdFromSearch(search: Record<string, unknown>): number | null {
  const parsed = companyIdSchema.safeParse(search.companyId);
  return parsed.success ? parsed.data : null;
}

/** The detail screen of a tender item a company appears in (built by the details screens). */
export const ITEM_DETAIL_PATH = '/tender/index';

/** A `Link`'s target: the detail of an item (`?id=&type=`, the type code the details screens read). */
export function itemLink(item: { id: number; type: string }) {
  return linkWithSearch(ITEM_DETAIL_PATH, { id: item.id, type: item.type });
}

import type { ItemType } from '@tender/contracts';
import { ITEM_TYPES } from '@tender/contracts';

/** The detail screens (spec §2 routes inside the main layout, router/layout-routes.ts). */
export type DetailScreenKind = 'tender' | 'building' | 'approve' | 'forecast' | 'intention';

export const DETAIL_SCREEN_PATHS: Readonly<Record<DetailScreenKind, string>> = {
  tender: '/tender/index',
  building: '/building/index',
  approve: '/approve/index',
  forecast: '/forecastDetail',
  intention: '/intentionDetail',
};

/** Which screen shows an item of each type: announcements and results /tender/index, 拟建, 审批, 预告, 意向 their own. */
const SCREEN_OF_TYPE: Readonly<Record<ItemType, DetailScreenKind>> = {
  zb: 'tender',
  bg: 'tender',
  jg: 'tender',
  yg: 'forecast',
  yx: 'intention',
  nj: 'building',
  sp: 'approve',
};

export function detailScreenOf(type: ItemType): DetailScreenKind {
  return SCREEN_OF_TYPE[type];
}

/** Where a list or a related-notice link opens an item: `<Link {...detailLink(item)}>` (`?id=&type=`). */
export function detailLink(item: { id: number; type: ItemType }) {
  // The routes are built from the server's menus at run time, so the router's types know no search params.
  const search = { id: item.id, type: item.type } as never;
  return { to: DETAIL_SCREEN_PATHS[detailScreenOf(item.type)], search };
}

export function isItemType(value: unknown): value is ItemType {
  return typeof value === 'string' && (ITEM_TYPES as readonly string[]).includes(value);
}

/**
 * The id of a detail URL (`?id=123`, or the menu route's optional `/tender/index/123`): a positive integer, else
 * undefined. The router hands search values already parsed (123 or '123').
 */
export function detailItemId(value: unknown): number | undefined {
  const id = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

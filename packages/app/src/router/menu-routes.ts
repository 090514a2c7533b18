import type { MenuItem } from '@tender/contracts';

/**
 * spec §2: routes built from server menus get extra optional parameters — the announcement detail an optional
 * id, the purchasing-unit detail an optional name. Keyed by the menu's component key.
 */
export const OPTIONAL_ROUTE_PARAMS: Readonly<Record<string, string>> = {
  'tender/index': 'id',
  purchasingUnitDetail: 'name',
};

/** A menu entry as one route: its path (with the optional parameter in TanStack's `{-$name}` form). */
export interface MenuRoute {
  item: MenuItem;
  path: string;
  /** Groups lead to their first visible child. */
  redirect?: string;
}

/** Every entry of the menu tree, groups and screens alike, depth first. */
export function flattenMenu(menus: readonly MenuItem[]): MenuItem[] {
  return menus.flatMap((item) => [item, ...flattenMenu(item.children ?? [])]);
}

export function menuRoutes(menus: readonly MenuItem[]): MenuRoute[] {
  return flattenMenu(menus).map((item) => {
    if (item.children) return { item, path: item.path, redirect: item.redirect ?? item.children[0]?.path };
    const param = OPTIONAL_ROUTE_PARAMS[item.component];
    return { item, path: param ? `${item.path}/{-$${param}}` : item.path };
  });
}

/** The menu entry a path opens (a screen's own path, or its path followed by the optional parameter). */
export function menuItemForPath(menus: readonly MenuItem[], path: string): MenuItem | undefined {
  return flattenMenu(menus).find(
    (item) => !item.children && (item.path === path || path.startsWith(`${item.path}/`)),
  );
}

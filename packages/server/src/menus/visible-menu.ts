import type { MenuItem } from '@tender/contracts';
import { isAtLeastMemberLevel, type MemberCode } from '@tender/domain';
import type { MenuCondition, MenuEntry } from './menu-definition';

/** Whom a menu is for: the brand's switches and the user's membership facts (spec §1, §6). */
export interface MenuAudience {
  showAnalysis: boolean;
  showExport: boolean;
  allowPay: boolean;
  newDemandMode: boolean;
  /** The account that may buy: an individual account or an enterprise's main account (not a sub-account). */
  primaryUser: boolean;
  memberCode: MemberCode;
}

export function menuConditionHolds(condition: MenuCondition, audience: MenuAudience): boolean {
  switch (condition) {
    case 'analysis':
      return audience.showAnalysis;
    case 'export':
      return audience.showExport;
    case 'pay':
      return audience.allowPay;
    case 'newDemandMode':
      return audience.newDemandMode;
    case 'qiyePrimary':
      // spec §2, §6: enterprise data statistics only for a primary user with member code qiye.
      return audience.primaryUser && isAtLeastMemberLevel(audience.memberCode, 'qiye');
  }
}

function visibleEntry(entry: MenuEntry, audience: MenuAudience): MenuItem | undefined {
  if (!(entry.requires ?? []).every((condition) => menuConditionHolds(condition, audience))) return undefined;
  const item: MenuItem = {
    name: entry.name,
    path: entry.path,
    component: entry.component,
    hidden: entry.hidden ?? false,
    alwaysShow: entry.alwaysShow ?? false,
    meta: { title: entry.title, icon: entry.icon, noCache: entry.noCache ?? false },
  };
  if (!entry.children) return item;
  const children = entry.children.flatMap((child) => visibleEntry(child, audience) ?? []);
  // A group whose every screen is filtered away is not shown at all.
  const first = children.find((child) => !child.hidden) ?? children[0];
  if (!first) return undefined;
  return { ...item, redirect: first.path, children };
}

/**
 * The menu tree a user sees (docs/business-rules.md Menus): entries whose conditions fail are removed, groups
 * left without children are removed, and each group redirects to its first visible remaining child.
 */
export function visibleMenu(entries: readonly MenuEntry[], audience: MenuAudience): MenuItem[] {
  return entries.flatMap((entry) => visibleEntry(entry, audience) ?? []);
}

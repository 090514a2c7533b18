import type { BrandFeature, GatePass, GateRefusal, PrivilegeKey } from '@tender/contracts';
import {
  areasCoverProvince,
  hasPrivilegeLeft,
  type PermissionDialogType,
  permissionDialogMessage,
  purchaseAreaText,
  RESPONSE_CODES,
} from '@tender/domain';
import { areaCatalog } from '../catalog/area-catalog';
import type { Queryable } from '../db/database';
import { BusinessError } from '../http/business-error';
import { type LevelCatalog, levelCatalog, loadMembership, type Membership } from '../membership/service';
import { messages } from '../messages';
import type { Tenant } from '../tenants/queries';
import type { GateItem } from './item-locator';
import { type QuotaSeen, quotaCounters } from './quota';

/**
 * Privileges counted per day (docs/business-rules.md Default privileges: "per account per day unless said
 * otherwise"). The others are totals (subscriptions, monitors, checked by their features) or yes/no.
 */
export const DAILY_PRIVILEGES: ReadonlySet<PrivilegeKey> = new Set<PrivilegeKey>([
  'watchZhaobiao',
  'watchDesignedProject',
  'shenPiProject',
  'purchaseDetail',
  'preProjectDetail',
  'detailLink',
  'downloadAnnouncement',
  'watchDesignedProjectConnector',
  'downloadProject',
  'projectAnalyzer',
  'toubiaoPredict',
  'watchCompanyDetail',
  'bussinessAnalyzer',
  'watchCompanyPhoneBook',
  'apiAccess',
]);

/** Daily quotas of downloads: their usedUp dialog is the "daily download limit" one (isDownLoad). */
const DOWNLOAD_PRIVILEGES: ReadonlySet<PrivilegeKey> = new Set<PrivilegeKey>([
  'downloadAnnouncement',
  'downloadProject',
]);

/** Privileges of features a brand can hide (spec §1 brand flags). */
const PRIVILEGE_FEATURES: Partial<Record<PrivilegeKey, BrandFeature>> = {
  downloadProject: 'export',
  projectAnalyzer: 'analysis',
  bussinessAnalyzer: 'analysis',
};

/** The level check's dialog: data export has its own (spec §2 exportPermission), everything else `member`. */
function levelDialog(privilege: PrivilegeKey): PermissionDialogType {
  return privilege === 'downloadProject' ? 'exportPermission' : 'member';
}

function brandShows(tenant: Tenant, feature: BrandFeature): boolean {
  switch (feature) {
    case 'export':
      return tenant.showExport;
    case 'analysis':
      return tenant.showAnalysis;
    case 'pay':
      return tenant.allowPay;
  }
}

let provinceNames: Map<string, string> | undefined;

/** '440000' → '广东省' (GB/T 2260 via the area catalog). */
function provinceName(code: string): string | undefined {
  provinceNames ??= new Map(areaCatalog().provinces.map((province) => [province.code, province.name]));
  return provinceNames.get(code);
}

/** Who is asking, in which brand, when (the day of the counters comes from this instant). */
export interface GateCaller {
  tenant: Tenant;
  userId: number;
  now: Date;
  /**
   * The caller's membership at `now`, when the request has loaded it already (a detail view reads it next to the
   * item and checks two privileges with it): the gate then does not read it again. Absent: the gate loads it.
   */
  membership?: Membership | undefined;
}

/** The caller's membership at `now`: the one the request carries, else read (src/membership). */
export function membershipOf(db: Queryable, caller: GateCaller): Promise<Membership> {
  return caller.membership
    ? Promise.resolve(caller.membership)
    : loadMembership(db, caller.tenant.id, caller.userId, caller.now);
}

/**
 * What a guarded call needs. `spend` counts a use (once per item per day when an item is given; every call
 * without one), `check` refuses when no use is left without counting one, `peek` only reports today's uses.
 */
export interface GateCheck {
  privilege: PrivilegeKey;
  item?: GateItem | undefined;
  mode: 'spend' | 'check' | 'peek';
  /** Uses one call costs (rows of an export); default 1. */
  uses?: number;
  /**
   * The item's spend today as the caller read it with the item (spend mode with an item): a view already paid for,
   * or a day already spent, is then answered without a statement (src/gates/quota.ts `QuotaSeen`).
   */
  seen?: QuotaSeen | undefined;
}

export type GateOutcome =
  | { allowed: true; pass: GatePass }
  | { allowed: false; refusal: GateRefusal; message: string };

/** Thrown for a refusal: code 403, the dialog's text as message, {@link GateRefusal} as data. */
export function gateRefusalError(outcome: Extract<GateOutcome, { allowed: false }>): BusinessError {
  return new BusinessError(RESPONSE_CODES.FORBIDDEN, outcome.message, outcome.refusal);
}

/**
 * The one gate every guarded call goes through (docs/architecture.md §4 Gates). It decides in this order and
 * stops at the first refusal: PC use → brand flag → level has the privilege → purchased region covers the
 * item's province → daily quota or free trial → allowed. See src/gates/README.md for the wire shape.
 */
/** `db` may be a transaction: the spend then commits or rolls back with the caller's other writes. */
export function gateService(db: Queryable) {
  const counters = quotaCounters(db);

  async function decide(caller: GateCaller, check: GateCheck): Promise<GateOutcome> {
    const { tenant, userId, now } = caller;
    const { privilege } = check;
    const [membership, levels] = await Promise.all([membershipOf(db, caller), levelCatalog(db, tenant.id)]);
    const pcAllowed = levels.privilege(membership.level, 'havePcLogin').kind !== 'none';
    const refuse = (type: PermissionDialogType | null, fields: Partial<GateRefusal> = {}) =>
      refusalOutcome(tenant, membership, levels, type, { privilege, ...fields });

    // 1. PC use: every call of the web client is PC use (spec §2 pcUse, isUsePc -1)
    if (!pcAllowed) return refuse('pcUse');

    // 2. the brand offers the feature at all (not only in the menu)
    const feature = PRIVILEGE_FEATURES[privilege];
    if (feature && !brandShows(tenant, feature)) return refuse(null, { privilege: null, feature });

    // 3. the level has the privilege
    const granted = levels.privilege(membership.level, privilege);
    if (granted.kind === 'none') {
      return refuse(levelDialog(privilege), upgradeLevel(levels, privilege));
    }

    // 4. a paid level covers the item's province (putong is not region-restricted: it has the trial)
    const province = check.item?.provinceCode ? provinceName(check.item.provinceCode) : undefined;
    if (membership.paidLevel && province && !areasCoverProvince(membership.areas, province)) {
      return refuse('singleProvice', { memberProvince: purchaseAreaText(membership.areas), province });
    }

    // 5. the daily quota, or the free trial of a non-member
    if (granted.kind === 'unlimited') {
      return { allowed: true, pass: { privilege, limit: -1, used: null, remaining: -1, charged: false } };
    }
    if (!DAILY_PRIVILEGES.has(privilege)) {
      return {
        allowed: true,
        pass: { privilege, limit: granted.limit, used: null, remaining: null, charged: false },
      };
    }
    const account = { userId, privilege, now };
    let used: number;
    let charged = false;
    if (check.mode === 'spend') {
      const spent = await counters.spend(account, granted.limit, check.item, check.uses ?? 1, check.seen);
      if (!spent.allowed) return usedUp(refuse, privilege, granted.limit, membership, levels);
      used = spent.used;
      charged = spent.charged;
    } else {
      used = await counters.usedToday(account);
      if (check.mode === 'check' && !hasPrivilegeLeft(granted, used)) {
        return usedUp(refuse, privilege, granted.limit, membership, levels);
      }
    }
    return {
      allowed: true,
      pass: { privilege, limit: granted.limit, used, remaining: Math.max(0, granted.limit - used), charged },
    };
  }

  return {
    decide,

    /** Whether the caller spent a use of this daily privilege on this item today (nothing is counted). */
    spentOnItemToday(caller: GateCaller, privilege: PrivilegeKey, item: GateItem): Promise<boolean> {
      return counters.spentOnItemToday({ userId: caller.userId, privilege, now: caller.now }, item);
    },

    /** {@link decide}, throwing the refusal as a 403 business error for a route to answer. */
    async enforce(caller: GateCaller, check: GateCheck): Promise<GatePass> {
      const outcome = await decide(caller, check);
      if (!outcome.allowed) throw gateRefusalError(outcome);
      return outcome.pass;
    },

    /**
     * Whether the caller may buy a membership online (the order flow calls this first): the brand must allow
     * payment (spec §2 unPay, company configuration allowPay) and the caller must be a primary account
     * (spec §1 '仅支持主账号购买会员', code 403 without a dialog).
     */
    async enforcePurchase(caller: GateCaller): Promise<void> {
      const [membership, levels] = await Promise.all([
        membershipOf(db, caller),
        levelCatalog(db, caller.tenant.id),
      ]);
      if (!brandShows(caller.tenant, 'pay')) {
        throw gateRefusalError(
          refusalOutcome(caller.tenant, membership, levels, 'unPay', { feature: 'pay' }),
        );
      }
      if (!membership.primaryUser) {
        throw new BusinessError(RESPONSE_CODES.FORBIDDEN, messages.membership.onlyPrimaryBuys);
      }
    },
  };
}

/** A refusal with every field the dialogs read (src/gates/README.md): what the caller is, and why. */
function refusalOutcome(
  tenant: Tenant,
  membership: Membership,
  levels: LevelCatalog,
  type: PermissionDialogType | null,
  fields: Partial<GateRefusal>,
): Extract<GateOutcome, { allowed: false }> {
  const refusal: GateRefusal = {
    type,
    privilege: null,
    feature: null,
    memberCode: membership.level,
    isMember: membership.paidLevel !== undefined,
    isDownLoad: false,
    memberProvince: '',
    province: '',
    phone: tenant.supportPhone ?? '',
    upgradeMemberCode: null,
    upgradeMemberName: '',
    limit: null,
    isUsePc: levels.privilege(membership.level, 'havePcLogin').kind === 'none' ? -1 : 1,
    ...fields,
  };
  const message =
    type === null ? messages.gates.featureHidden : permissionDialogMessage({ ...refusal, type });
  return { allowed: false, refusal, message };
}

/** The lowest level on sale that has the privilege, by code and by the name the brand sells it under. */
function upgradeLevel(
  levels: LevelCatalog,
  privilege: PrivilegeKey,
): Pick<GateRefusal, 'upgradeMemberCode' | 'upgradeMemberName'> {
  const code = levels.lowestOnSaleWith(privilege) ?? null;
  return { upgradeMemberCode: code, upgradeMemberName: code ? (levels.get(code)?.memberName ?? '') : '' };
}

function usedUp(
  refuse: (type: PermissionDialogType, fields?: Partial<GateRefusal>) => GateOutcome,
  privilege: PrivilegeKey,
  limit: number,
  membership: Membership,
  levels: LevelCatalog,
): GateOutcome {
  const isMember = membership.paidLevel !== undefined;
  return refuse('usedUp', {
    isDownLoad: DOWNLOAD_PRIVILEGES.has(privilege),
    // the dialog says the quota: 每日可免费查看 3 条，次日 0 点恢复
    limit,
    // a non-member's trial is over: offer the lowest level that has the privilege
    ...(isMember ? {} : upgradeLevel(levels, privilege)),
  });
}

export type GateService = ReturnType<typeof gateService>;

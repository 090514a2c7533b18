import { type MemberPrivileges, PRIVILEGE_KEYS, type PrivilegeKey } from '@tender/contracts';
import {
  buildServiceTimeline,
  compareMemberLevels,
  formatDateTime,
  isPaidMemberCode,
  isPrivilegeGranted,
  type MemberCode,
  membershipExpiry,
  type PaidMemberCode,
  type Privilege,
  type PrivilegeValue,
  parsePrivilege,
  paymentAreas,
  purchaseAreaText,
  RESPONSE_CODES,
  type RegionalServiceEvent,
  serviceAreasAt,
  servicePeriodRows,
  WHOLE_COUNTRY,
} from '@tender/domain';
import { areaCatalog } from '../catalog/area-catalog';
import { cachedConfig, cachedMembership } from '../db/data-versions';
import type { Database, Queryable } from '../db/database';
import type { EnterpriseRole } from '../enterprise/queries';
import { createEnterprise } from '../enterprise/service';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { type MembershipEventRecord, type MembershipHolder, membershipQueries } from './queries';

/** A level of a brand as the rules read it: its member type and every privilege value (absent keys are 0). */
export interface MemberLevelInfo {
  memberCode: MemberCode;
  memberName: string;
  memberDesc: string;
  status: number;
  onSale: boolean;
  privileges: MemberPrivileges;
}

/** A brand's levels: operators edit them in the database; a request reads them through its config cache. */
export interface LevelCatalog {
  /** The levels the brand has, lowest rank first. */
  levels: MemberLevelInfo[];
  get(code: MemberCode): MemberLevelInfo | undefined;
  /** A level's privilege; a level or key the brand lacks grants nothing. */
  privilege(code: MemberCode, key: PrivilegeKey): Privilege;
  /** The lowest level on sale that has the privilege at all (what the modal should offer). */
  lowestOnSaleWith(key: PrivilegeKey): PaidMemberCode | undefined;
}

export function levelCatalog(db: Queryable, brandId: string): Promise<LevelCatalog> {
  return cachedConfig(`levels:${brandId}`, () => loadLevelCatalog(db, brandId));
}

async function loadLevelCatalog(db: Queryable, brandId: string): Promise<LevelCatalog> {
  const records = await membershipQueries(db).memberTypes(brandId);
  const levels = records
    .map(
      (record): MemberLevelInfo => ({
        memberCode: record.memberCode,
        memberName: record.memberName,
        memberDesc: record.memberDesc,
        status: record.status,
        onSale: record.onSale,
        privileges: Object.fromEntries(
          PRIVILEGE_KEYS.map((key) => [key, record.privileges[key] ?? 0]),
        ) as MemberPrivileges,
      }),
    )
    .sort((a, b) => compareMemberLevels(a.memberCode, b.memberCode));
  const byCode = new Map(levels.map((level) => [level.memberCode, level]));
  const privilege = (code: MemberCode, key: PrivilegeKey): Privilege => {
    const value = byCode.get(code)?.privileges[key];
    return value === undefined ? { kind: 'none' } : parsePrivilege(value);
  };
  return {
    levels,
    get: (code) => byCode.get(code),
    privilege,
    lowestOnSaleWith(key) {
      const level = levels.find(
        (candidate) =>
          candidate.onSale &&
          isPaidMemberCode(candidate.memberCode) &&
          isPrivilegeGranted(privilege(candidate.memberCode, key)),
      );
      return level?.memberCode as PaidMemberCode | undefined;
    },
  };
}

/** One level with time left (spec §2 服务期明细 row), in the order the levels are used. */
export interface MembershipPeriod {
  level: PaidMemberCode;
  isActive: boolean;
  expiresAt: number;
  /** Its purchased regions: ['全国'] or province names. */
  areas: string[];
}

/** What a user holds at one instant: its own memberships and its enterprise's, stacked by the domain rule. */
export interface Membership {
  /** The level in use; 'putong' without a paid one. */
  level: MemberCode;
  paidLevel: PaidMemberCode | undefined;
  /** The purchased regions of the level in use ([] for putong, which regions do not restrict). */
  areas: string[];
  periods: MembershipPeriod[];
  /** When the last paid level runs out (undefined without one). */
  expiresAt: number | undefined;
  enterprise: { enterpriseId: number; role: EnterpriseRole } | undefined;
  /** The account that may buy: everyone but an enterprise's sub-accounts. */
  primaryUser: boolean;
}

function toDomainEvents(records: readonly MembershipEventRecord[]): RegionalServiceEvent[] {
  return records.map((record) =>
    record.kind === 'grant'
      ? {
          level: record.memberCode,
          months: record.months ?? 0,
          purchasedAt: record.occurredAt.getTime(),
          areas: record.payAreas ?? [],
        }
      : { level: record.memberCode, revokedAt: record.occurredAt.getTime() },
  );
}

/**
 * A user's membership at `now`: its own grants and revocations and its enterprise's, replayed in time order by
 * @tender/domain's service-period model (same level extends, highest first, a paused level resumes).
 */
export async function loadMembership(
  db: Queryable,
  brandId: string,
  userId: number,
  now: Date,
): Promise<Membership> {
  const { events: records, enterprise } = await cachedMembership(db, `${brandId}:${userId}`, () =>
    membershipQueries(db).holdingsOf(brandId, userId),
  );
  const events = toDomainEvents(records);
  const at = now.getTime();
  const timeline = buildServiceTimeline(events);
  const areas = serviceAreasAt(events, at);
  const periods = servicePeriodRows(timeline, at).map((row) => ({
    level: row.level,
    isActive: row.isActive,
    expiresAt: row.expiresAt,
    areas: areas.get(row.level) ?? [WHOLE_COUNTRY],
  }));
  const active = periods.find((period) => period.isActive);
  return {
    level: active?.level ?? 'putong',
    paidLevel: active?.level,
    areas: active?.areas ?? [],
    periods,
    expiresAt: membershipExpiry(timeline, at),
    enterprise,
    primaryUser: enterprise?.role !== 'sub',
  };
}

/** The user's level name: the level's name, or spec §1's 未开通 for a user without a paid level. */
export function memberNameOf(membership: Membership, levels: LevelCatalog): string {
  if (!membership.paidLevel) return messages.membership.notOpened;
  return levels.get(membership.paidLevel)?.memberName ?? membership.paidLevel;
}

/** How an operator or the order flow is named in the audit. */
export type Actor = string;

export interface GrantRequest {
  brandId: string;
  userId: number;
  level: PaidMemberCode;
  months: number;
  /** Province names, or ['全国'] (an empty list is the whole country). */
  areas: readonly string[];
  source: 'operator' | 'order';
  actor: Actor;
  /** The paid order, for grants from the order flow. */
  orderRef?: string;
}

/** A membership before and after a change, as the audit and the CLI show it. */
export interface MembershipChange {
  before: Membership;
  after: Membership;
  /** The regions actually granted (spec §5: only 全国 for a level whose purchase area is not editable). */
  areas: string[];
  /** Set when the grant made the user the main account of a new enterprise (the qiye level). */
  createdEnterprise?: { enterpriseId: number; enterpriseName: string };
}

function provinceNames(): Set<string> {
  return new Set(areaCatalog().provinces.map((province) => province.name));
}

function auditState(membership: Membership) {
  return {
    level: membership.level,
    expiresAt: membership.expiresAt === undefined ? null : formatDateTime(membership.expiresAt),
    periods: membership.periods.map((period) => ({
      level: period.level,
      expiresAt: formatDateTime(period.expiresAt),
      areas: period.areas,
    })),
  };
}

/** Where an account's grants and revocations go: its enterprise if it is the main account, else itself. */
function holderOf(userId: number, membership: Membership): MembershipHolder {
  return membership.enterprise?.role === 'primary'
    ? { enterpriseId: membership.enterprise.enterpriseId }
    : { userId };
}

/**
 * An instant for a new event that keeps the events in time order even if another node's clock ran ahead (the
 * domain model refuses events out of order).
 */
function eventTime(now: Date, records: readonly MembershipEventRecord[]): Date {
  const latest = records.at(-1)?.occurredAt.getTime() ?? Number.NEGATIVE_INFINITY;
  return new Date(Math.max(now.getTime(), latest));
}

async function lockedMembership(tx: Queryable, brandId: string, userId: number, now: Date) {
  if (!(await membershipQueries(tx).lockUser(brandId, userId))) {
    throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.enterprise.userNotFound(userId));
  }
  return loadMembership(tx, brandId, userId, now);
}

/**
 * Grants `months` calendar months of a paid level for some regions: the one function a paid order and the
 * operator's `member grant` both call. The stacking rule decides the rest (same level extends from its end,
 * a higher level pauses a lower one). The qiye level goes to the user's enterprise, made for it if needed; a
 * main account's grants go to its enterprise, shared by the sub-accounts; a sub-account cannot be granted
 * anything (spec §1: only the primary account buys). Writes the event and an audit row in one transaction.
 */
export async function grantMembership(
  db: Database,
  request: GrantRequest,
  now: Date,
): Promise<MembershipChange> {
  return db.transaction((tx) => grantMembershipInTransaction(tx, request, now));
}

/**
 * {@link grantMembership} inside the caller's transaction: the order flow's paid-state update marks the order
 * paid, consumes its coupon and grants in one transaction, so either all of it happens or none.
 */
export async function grantMembershipInTransaction(
  tx: Queryable,
  request: GrantRequest,
  now: Date,
): Promise<MembershipChange> {
  if (!isPaidMemberCode(request.level)) {
    throw new BusinessError(
      RESPONSE_CODES.BAD_REQUEST,
      messages.membership.notPaidLevel(String(request.level)),
    );
  }
  if (!Number.isSafeInteger(request.months) || request.months < 1 || request.months > 120) {
    throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.membership.badMonths);
  }
  const known = provinceNames();
  for (const area of request.areas.map((name) => name.trim()).filter((name) => name !== '')) {
    if (area !== WHOLE_COUNTRY && !known.has(area)) {
      throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.membership.unknownArea(area));
    }
  }
  const queries = membershipQueries(tx);
  const type = (await levelCatalog(tx, request.brandId)).get(request.level);
  if (!type)
    throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.membership.unknownLevel(request.level));
  let before = await lockedMembership(tx, request.brandId, request.userId, now);
  if (before.enterprise?.role === 'sub') {
    throw new BusinessError(RESPONSE_CODES.FORBIDDEN, messages.membership.onlyPrimaryBuys);
  }
  let createdEnterprise: MembershipChange['createdEnterprise'];
  if (request.level === 'qiye' && !before.enterprise) {
    const enterprise = await createEnterprise(
      tx,
      { brandId: request.brandId, primaryUserId: request.userId },
      now,
    );
    createdEnterprise = {
      enterpriseId: enterprise.enterpriseId,
      enterpriseName: enterprise.enterpriseName,
    };
    before = { ...before, enterprise: { enterpriseId: enterprise.enterpriseId, role: 'primary' } };
  }
  // spec §5: a level whose purchase area cannot be edited is sold for the whole country only
  const areas = paymentAreas(type.status, request.areas);
  const holder = holderOf(request.userId, before);
  const occurredAt = eventTime(now, await queries.eventsOf(request.brandId, request.userId));
  await queries.insertEvent({
    brandId: request.brandId,
    holder,
    kind: 'grant',
    memberCode: request.level,
    months: request.months,
    payAreas: areas,
    occurredAt,
    source: request.source,
    orderRef: request.orderRef,
  });
  const after = await loadMembership(tx, request.brandId, request.userId, now);
  await queries.insertAudit({
    brandId: request.brandId,
    action: 'grant',
    userId: request.userId,
    enterpriseId: 'enterpriseId' in holder ? holder.enterpriseId : undefined,
    actor: request.actor,
    detail: {
      level: request.level,
      months: request.months,
      areas,
      source: request.source,
      orderRef: request.orderRef ?? null,
      createdEnterprise: createdEnterprise ?? null,
      before: auditState(before),
      after: auditState(after),
    },
    createdAt: now,
  });
  return { before, after, areas, ...(createdEnterprise ? { createdEnterprise } : {}) };
}

export interface RevokeRequest {
  brandId: string;
  userId: number;
  /** The level to withdraw; every level with time left when absent. */
  level?: PaidMemberCode | undefined;
  actor: Actor;
}

/**
 * Withdraws one level (or all) of a user's membership from `now` on: the time used stays in the history, a
 * lower level takes over as if the withdrawn one had run out. A main account's revocation applies to its
 * enterprise (and so to every sub-account); a sub-account's membership is its enterprise's and is refused.
 */
export async function revokeMembership(
  db: Database,
  request: RevokeRequest,
  now: Date,
): Promise<MembershipChange> {
  return db.transaction(async (tx) => {
    const queries = membershipQueries(tx);
    const before = await lockedMembership(tx, request.brandId, request.userId, now);
    if (before.enterprise?.role === 'sub') {
      throw new BusinessError(RESPONSE_CODES.FORBIDDEN, messages.membership.subAccountRevoke);
    }
    const levels = before.periods
      .map((period) => period.level)
      .filter((level) => request.level === undefined || level === request.level);
    if (levels.length === 0)
      throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.membership.nothingToRevoke);
    const holder = holderOf(request.userId, before);
    const occurredAt = eventTime(now, await queries.eventsOf(request.brandId, request.userId));
    for (const level of levels) {
      await queries.insertEvent({
        brandId: request.brandId,
        holder,
        kind: 'revoke',
        memberCode: level,
        occurredAt,
        source: 'operator',
      });
    }
    const after = await loadMembership(tx, request.brandId, request.userId, now);
    await queries.insertAudit({
      brandId: request.brandId,
      action: 'revoke',
      userId: request.userId,
      enterpriseId: 'enterpriseId' in holder ? holder.enterpriseId : undefined,
      actor: request.actor,
      detail: { levels, before: auditState(before), after: auditState(after) },
      createdAt: now,
    });
    return { before, after, areas: [] };
  });
}

/** Reads an operator's privilege value: -1, true, false or a whole number ≥ 0 (spec §3). */
export function parsePrivilegeValue(text: string): PrivilegeValue | undefined {
  const value = text.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (!/^(-1|0|[1-9]\d{0,8})$/.test(value)) return undefined;
  return Number(value);
}

export interface PrivilegeChange {
  before: PrivilegeValue | null;
  after: PrivilegeValue;
}

/** Sets one privilege value of a brand's level, with an audit row (`tender-server privilege set`). */
export async function setPrivilegeValue(
  db: Database,
  request: { brandId: string; level: MemberCode; key: PrivilegeKey; value: PrivilegeValue; actor: Actor },
  now: Date,
): Promise<PrivilegeChange> {
  parsePrivilege(request.value);
  return db.transaction(async (tx) => {
    const queries = membershipQueries(tx);
    const current = await queries.lockPrivilege(request.brandId, request.level, request.key);
    if (!current.exists) {
      throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.membership.unknownLevel(request.level));
    }
    await queries.setPrivilege(request.brandId, request.level, request.key, request.value);
    await queries.insertAudit({
      brandId: request.brandId,
      action: 'privilege',
      actor: request.actor,
      detail: { level: request.level, key: request.key, before: current.value, after: request.value },
      createdAt: now,
    });
    return { before: current.value, after: request.value };
  });
}

/** The regions of a period as the 服务期明细 shows them ('全国', or provinces joined with '，'). */
export function periodAreaText(period: Pick<MembershipPeriod, 'areas'>): string {
  return purchaseAreaText(period.areas);
}

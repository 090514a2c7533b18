import {
  ENTERPRISE_INVITE_TTL_SECONDS,
  type EnterpriseRelation,
  type EnterpriseSummary,
  type SubAccount,
} from '@tender/contracts';
import { maskPhone, RESPONSE_CODES, userDisplayName } from '@tender/domain';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { userQueries } from '../users/queries';
import { readInvite, signInvite } from './invites';
import { type EnterpriseMembership, enterpriseQueries, type SubAccountRecord } from './queries';
import { serverSecrets } from './server-secret';

/** Sub-account seats of a new enterprise unless said otherwise (docs/business-rules.md Enterprise). */
export const DEFAULT_MAX_SUB_ACCOUNTS = 5;

const INVITE_KEY = 'enterprise-invite';
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === UNIQUE_VIOLATION;
}

function forbidden(message: string): BusinessError {
  return new BusinessError(RESPONSE_CODES.FORBIDDEN, message);
}

export interface NewEnterprise {
  brandId: string;
  /** Becomes the main account; must be a user of the brand that belongs to no enterprise. */
  primaryUserId: number;
  /** Default: the main account's company name. */
  name?: string | undefined;
  /** Default {@link DEFAULT_MAX_SUB_ACCOUNTS}. */
  maxSubAccounts?: number | undefined;
  /** Default true: an invite from the main account is enough to join. */
  allowJoin?: boolean | undefined;
}

/**
 * Makes a user the main account of a new enterprise of its brand. Called when an enterprise gets its qiye
 * level (a purchase, an operator's grant); `db` may be the transaction doing that. Refuses (BusinessError) a
 * user unknown in the brand, one that already belongs to an enterprise, and seat counts below 0.
 */
export async function createEnterprise(
  db: Queryable,
  enterprise: NewEnterprise,
  now: Date,
): Promise<EnterpriseSummary> {
  const user = await userQueries(db).find(enterprise.brandId, enterprise.primaryUserId);
  if (!user) {
    throw new BusinessError(
      RESPONSE_CODES.BAD_REQUEST,
      messages.enterprise.userNotFound(enterprise.primaryUserId),
    );
  }
  const maxSubAccounts = enterprise.maxSubAccounts ?? DEFAULT_MAX_SUB_ACCOUNTS;
  if (!Number.isSafeInteger(maxSubAccounts) || maxSubAccounts < 0) {
    throw new RangeError(`maxSubAccounts must be a whole number ≥ 0, got ${maxSubAccounts}`);
  }
  const queries = enterpriseQueries(db);
  if (await queries.roleOf(enterprise.brandId, user.id)) {
    throw forbidden(messages.enterprise.userAlreadyMember);
  }
  let enterpriseId: number;
  try {
    enterpriseId = await queries.insertWithPrimary(
      {
        brandId: enterprise.brandId,
        name: enterprise.name?.trim() || user.companyName.trim() || messages.enterprise.defaultName,
        primaryUserId: user.id,
        maxSubAccounts,
        allowJoin: enterprise.allowJoin ?? true,
      },
      now,
    );
  } catch (error) {
    // Joined or made a main account by a concurrent call since the check above.
    if (isUniqueViolation(error)) throw forbidden(messages.enterprise.userAlreadyMember);
    throw error;
  }
  const summary = await queries.summary(enterprise.brandId, enterpriseId);
  if (!summary) throw new Error(`enterprise ${enterpriseId} vanished`);
  return summary;
}

function relationView(membership: EnterpriseMembership | undefined): EnterpriseRelation {
  if (!membership) return { relation: 'none', enterprise: null };
  return {
    relation: membership.role === 'primary' ? 'primary' : 'subAccount',
    enterprise: {
      enterpriseId: membership.enterpriseId,
      enterpriseName: membership.enterpriseName,
      primaryUserId: membership.primaryUserId,
      primaryUserName: userDisplayName({
        realUserName: membership.primaryRealUserName,
        mobile: membership.primaryMobile,
      }),
      joinTime: membership.joinedAt.toISOString(),
    },
  };
}

function subAccountView(record: SubAccountRecord): SubAccount {
  return {
    userId: record.userId,
    userName: record.userName,
    realUserName: record.realUserName,
    mobile: maskPhone(record.mobile),
    remark: record.remark,
    joinTime: record.joinedAt.toISOString(),
    lastActiveTime: record.lastActiveAt ? record.lastActiveAt.toISOString() : null,
  };
}

/**
 * What the enterprise endpoints do (spec §2 Account management, §7). Only an enterprise's main account manages
 * it, and only its own enterprise: every operation first finds the caller's enterprise from the caller's own
 * membership, and acts on that id alone, so no parameter can point it at another enterprise. Refusals are 403
 * and change nothing.
 */
export function enterpriseService(db: Database, clock: Clock) {
  const queries = enterpriseQueries(db);
  const secrets = serverSecrets(db, clock);

  /** The enterprise the caller is the main account of; 403 for anyone else. */
  async function ownEnterprise(brandId: string, callerId: number): Promise<number> {
    const membership = await queries.membershipOf(brandId, callerId);
    if (membership?.role !== 'primary') throw forbidden(messages.enterprise.notPrimary);
    return membership.enterpriseId;
  }

  async function summary(tx: Queryable, brandId: string, enterpriseId: number): Promise<EnterpriseSummary> {
    const found = await enterpriseQueries(tx).summary(brandId, enterpriseId);
    if (!found) throw new Error(`enterprise ${enterpriseId} vanished`);
    return found;
  }

  return {
    async relation(brandId: string, userId: number): Promise<EnterpriseRelation> {
      return relationView(await queries.membershipOf(brandId, userId));
    },

    async list(brandId: string, callerId: number, pageNumber: number, pageSize: number) {
      const enterpriseId = await ownEnterprise(brandId, callerId);
      const enterprise = await summary(db, brandId, enterpriseId);
      const records = await queries.subAccounts(enterpriseId, pageSize, (pageNumber - 1) * pageSize);
      return { enterprise, records: records.map(subAccountView), total: enterprise.subAccountCount };
    },

    async remove(brandId: string, callerId: number, userId: number): Promise<EnterpriseSummary> {
      const enterpriseId = await ownEnterprise(brandId, callerId);
      if (userId === callerId) throw forbidden(messages.enterprise.cannotRemoveSelf);
      if (!(await queries.removeSubAccount(enterpriseId, userId))) {
        throw forbidden(messages.enterprise.notOwnSubAccount);
      }
      return summary(db, brandId, enterpriseId);
    },

    async setAllowJoin(brandId: string, callerId: number, allowJoin: boolean): Promise<EnterpriseSummary> {
      const enterpriseId = await ownEnterprise(brandId, callerId);
      await queries.update(enterpriseId, { allowJoin }, clock());
      return summary(db, brandId, enterpriseId);
    },

    /** Renames the enterprise and/or sets a sub-account's remark: both or neither. */
    async update(
      brandId: string,
      callerId: number,
      changes: {
        enterpriseName?: string | undefined;
        userId?: number | undefined;
        remark?: string | undefined;
      },
    ): Promise<{ enterprise: EnterpriseSummary; subAccount: SubAccount | null }> {
      const enterpriseId = await ownEnterprise(brandId, callerId);
      return db.transaction(async (tx) => {
        const inTx = enterpriseQueries(tx);
        let subAccount: SubAccount | null = null;
        if (changes.userId !== undefined && changes.remark !== undefined) {
          if (!(await inTx.setRemark(enterpriseId, changes.userId, changes.remark))) {
            throw forbidden(messages.enterprise.notOwnSubAccount);
          }
          const record = await inTx.subAccount(enterpriseId, changes.userId);
          subAccount = record ? subAccountView(record) : null;
        }
        if (changes.enterpriseName !== undefined) {
          await inTx.update(enterpriseId, { name: changes.enterpriseName }, clock());
        }
        return { enterprise: await summary(tx, brandId, enterpriseId), subAccount };
      });
    },

    /**
     * A signed invite into the caller's enterprise, valid {@link ENTERPRISE_INVITE_TTL_SECONDS}.
     * `joinUrl` turns the invite into the address the QR code shows.
     */
    async invite(
      brandId: string,
      callerId: number,
      primaryUserId: number,
      joinUrl: (invite: string) => string,
    ) {
      const enterpriseId = await ownEnterprise(brandId, callerId);
      if (primaryUserId !== callerId) throw forbidden(messages.enterprise.inviteForOthers);
      const expiresAt = new Date(clock().getTime() + ENTERPRISE_INVITE_TTL_SECONDS * 1000);
      const invite = signInvite(await secrets.get(INVITE_KEY), {
        brandId,
        enterpriseId,
        primaryUserId: callerId,
        expiresAt,
      });
      return {
        inviteUrl: joinUrl(invite),
        invite,
        expiresIn: ENTERPRISE_INVITE_TTL_SECONDS,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * Makes the caller a sub-account of the invite's enterprise. Refused: an invite the server did not sign,
     * changed, of another brand, expired, or whose enterprise is gone or has another main account now; a caller
     * already in an enterprise (its own included); joining switched off; no seat left. The enterprise row is
     * locked while a seat is taken, so concurrent joins never overfill it.
     */
    async join(brandId: string, userId: number, invite: string): Promise<EnterpriseRelation> {
      const now = clock();
      const reading = readInvite(await secrets.get(INVITE_KEY), invite, brandId, now);
      if (!reading.ok) {
        throw forbidden(
          reading.reason === 'expired'
            ? messages.enterprise.inviteExpired
            : messages.enterprise.inviteInvalid,
        );
      }
      const { enterpriseId, primaryUserId } = reading.claims;
      await db.transaction(async (tx) => {
        const inTx = enterpriseQueries(tx);
        const enterprise = await inTx.lockForJoin(brandId, enterpriseId);
        if (!enterprise || enterprise.primaryUserId !== primaryUserId) {
          throw forbidden(messages.enterprise.inviteInvalid);
        }
        if (await inTx.roleOf(brandId, userId)) throw forbidden(messages.enterprise.alreadyMember);
        if (!enterprise.allowJoin) throw forbidden(messages.enterprise.joinClosed);
        if ((await inTx.countSubAccounts(enterpriseId)) >= enterprise.maxSubAccounts) {
          throw forbidden(messages.enterprise.enterpriseFull(enterprise.maxSubAccounts));
        }
        try {
          await inTx.addSubAccount(brandId, enterpriseId, userId, now);
        } catch (error) {
          // Joined another enterprise (or became a main account) concurrently.
          if (isUniqueViolation(error)) throw forbidden(messages.enterprise.alreadyMember);
          throw error;
        }
      });
      return relationView(await queries.membershipOf(brandId, userId));
    },
  };
}

export type EnterpriseService = ReturnType<typeof enterpriseService>;

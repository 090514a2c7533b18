import type { EnterpriseSummary } from '@tender/contracts';
import type { Queryable } from '../db/database';

export type EnterpriseRole = 'primary' | 'sub';

/** A user's membership of an enterprise, with what `getSubAccount` shows about the enterprise. */
export interface EnterpriseMembership {
  role: EnterpriseRole;
  joinedAt: Date;
  enterpriseId: number;
  enterpriseName: string;
  primaryUserId: number;
  primaryRealUserName: string;
  primaryMobile: string;
}

/** A sub-account row as the main account lists it. */
export interface SubAccountRecord {
  userId: number;
  userName: string;
  realUserName: string;
  mobile: string;
  remark: string;
  joinedAt: Date;
  lastActiveAt: Date | null;
}

const summaryColumns = `e.id AS "enterpriseId", e.name AS "enterpriseName", p.user_id AS "primaryUserId",
  e.allow_join AS "allowJoin", e.max_sub_accounts AS "maxSubAccounts",
  (SELECT count(*) FROM enterprise_member s WHERE s.enterprise_id = e.id AND s.role = 'sub') AS "subAccountCount"`;

// "Last active": the newest use of any of its sessions; sessions record a use at most every 5 minutes.
const subAccountColumns = `u.id AS "userId", u.user_name AS "userName", u.real_user_name AS "realUserName",
  u.mobile, m.remark, m.joined_at AS "joinedAt",
  (SELECT max(s.last_used_at) FROM user_session s WHERE s.user_id = u.id) AS "lastActiveAt"`;

/** Every query names the brand or an enterprise id the caller was found to own; nothing crosses brands. */
export function enterpriseQueries(db: Queryable) {
  return {
    /** The user's role in its enterprise, if it belongs to one. */
    async roleOf(brandId: string, userId: number): Promise<EnterpriseRole | undefined> {
      const [row] = await db.query<{ role: EnterpriseRole }>(
        'SELECT role FROM enterprise_member WHERE brand_id = $1 AND user_id = $2',
        [brandId, userId],
      );
      return row?.role;
    },

    async membershipOf(brandId: string, userId: number): Promise<EnterpriseMembership | undefined> {
      const [row] = await db.query<EnterpriseMembership>(
        `SELECT m.role, m.joined_at AS "joinedAt", e.id AS "enterpriseId", e.name AS "enterpriseName",
           p.user_id AS "primaryUserId", pu.real_user_name AS "primaryRealUserName", pu.mobile AS "primaryMobile"
         FROM enterprise_member m
         JOIN enterprise e ON e.id = m.enterprise_id
         JOIN enterprise_member p ON p.enterprise_id = e.id AND p.role = 'primary'
         JOIN user_account pu ON pu.id = p.user_id
         WHERE m.brand_id = $1 AND m.user_id = $2`,
        [brandId, userId],
      );
      return row;
    },

    async summary(brandId: string, enterpriseId: number): Promise<EnterpriseSummary | undefined> {
      const [row] = await db.query<EnterpriseSummary>(
        `SELECT ${summaryColumns}
         FROM enterprise e JOIN enterprise_member p ON p.enterprise_id = e.id AND p.role = 'primary'
         WHERE e.brand_id = $1 AND e.id = $2`,
        [brandId, enterpriseId],
      );
      return row;
    },

    /** Locks the enterprise row until the transaction ends: joins to one enterprise take their seats in turn. */
    async lockForJoin(brandId: string, enterpriseId: number) {
      const [row] = await db.query<{ primaryUserId: number; allowJoin: boolean; maxSubAccounts: number }>(
        `SELECT p.user_id AS "primaryUserId", e.allow_join AS "allowJoin", e.max_sub_accounts AS "maxSubAccounts"
         FROM enterprise e JOIN enterprise_member p ON p.enterprise_id = e.id AND p.role = 'primary'
         WHERE e.brand_id = $1 AND e.id = $2
         FOR UPDATE OF e`,
        [brandId, enterpriseId],
      );
      return row;
    },

    async countSubAccounts(enterpriseId: number): Promise<number> {
      const [row] = await db.query<{ count: number }>(
        `SELECT count(*) AS count FROM enterprise_member WHERE enterprise_id = $1 AND role = 'sub'`,
        [enterpriseId],
      );
      return row?.count ?? 0;
    },

    subAccounts(enterpriseId: number, limit: number, offset: number): Promise<SubAccountRecord[]> {
      return db.query<SubAccountRecord>(
        `SELECT ${subAccountColumns}
         FROM enterprise_member m JOIN user_account u ON u.id = m.user_id
         WHERE m.enterprise_id = $1 AND m.role = 'sub'
         ORDER BY m.joined_at, m.user_id
         LIMIT $2 OFFSET $3`,
        [enterpriseId, limit, offset],
      );
    },

    async subAccount(enterpriseId: number, userId: number): Promise<SubAccountRecord | undefined> {
      const [row] = await db.query<SubAccountRecord>(
        `SELECT ${subAccountColumns}
         FROM enterprise_member m JOIN user_account u ON u.id = m.user_id
         WHERE m.enterprise_id = $1 AND m.role = 'sub' AND m.user_id = $2`,
        [enterpriseId, userId],
      );
      return row;
    },

    /**
     * Creates an enterprise with its main account in one statement, so a failure (the user already belongs to
     * an enterprise: a unique violation) leaves no enterprise behind, in or out of a transaction.
     */
    async insertWithPrimary(
      enterprise: {
        brandId: string;
        name: string;
        primaryUserId: number;
        maxSubAccounts: number;
        allowJoin: boolean;
      },
      now: Date,
    ): Promise<number> {
      const [row] = await db.query<{ enterpriseId: number }>(
        `WITH created AS (
           INSERT INTO enterprise (brand_id, name, max_sub_accounts, allow_join, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5) RETURNING id, brand_id
         )
         INSERT INTO enterprise_member (user_id, enterprise_id, brand_id, role, joined_at)
         SELECT $6, id, brand_id, 'primary', $5 FROM created
         RETURNING enterprise_id AS "enterpriseId"`,
        [
          enterprise.brandId,
          enterprise.name,
          enterprise.maxSubAccounts,
          enterprise.allowJoin,
          now,
          enterprise.primaryUserId,
        ],
      );
      if (!row) throw new Error('enterprise insert returned no row');
      return row.enterpriseId;
    },

    async addSubAccount(brandId: string, enterpriseId: number, userId: number, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO enterprise_member (user_id, enterprise_id, brand_id, role, joined_at)
         VALUES ($1, $2, $3, 'sub', $4)`,
        [userId, enterpriseId, brandId, now],
      );
    },

    async removeSubAccount(enterpriseId: number, userId: number): Promise<boolean> {
      const removed = await db.query(
        `DELETE FROM enterprise_member WHERE enterprise_id = $1 AND user_id = $2 AND role = 'sub'
         RETURNING user_id`,
        [enterpriseId, userId],
      );
      return removed.length > 0;
    },

    async setRemark(enterpriseId: number, userId: number, remark: string): Promise<boolean> {
      const updated = await db.query(
        `UPDATE enterprise_member SET remark = $3 WHERE enterprise_id = $1 AND user_id = $2 AND role = 'sub'
         RETURNING user_id`,
        [enterpriseId, userId, remark],
      );
      return updated.length > 0;
    },

    async update(
      enterpriseId: number,
      changes: { name?: string | undefined; allowJoin?: boolean | undefined },
      now: Date,
    ): Promise<void> {
      await db.query(
        `UPDATE enterprise SET name = COALESCE($2, name), allow_join = COALESCE($3, allow_join), updated_at = $4
         WHERE id = $1`,
        [enterpriseId, changes.name ?? null, changes.allowJoin ?? null, now],
      );
    },
  };
}

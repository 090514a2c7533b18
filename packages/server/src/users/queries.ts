import type { Queryable } from '../db/database';

/** A row of `user_account`, named for the code. */
export interface UserRecord {
  id: number;
  brandId: string;
  mobile: string;
  userName: string;
  realUserName: string;
  companyName: string;
  industry: string;
  jobTitle: string;
  email: string;
  headimgurl: string;
  displayMode: number;
  registerType: number;
  guideSeenAt: Date | null;
  frozenAt: Date | null;
  createdAt: Date;
}

/** The fields a user edits about themselves (updateUser, perfect). */
export interface ProfileChanges {
  userName?: string | undefined;
  realUserName?: string | undefined;
  companyName?: string | undefined;
  industry?: string | undefined;
  jobTitle?: string | undefined;
  email?: string | undefined;
}

const PROFILE_COLUMNS: Record<keyof ProfileChanges, string> = {
  userName: 'user_name',
  realUserName: 'real_user_name',
  companyName: 'company_name',
  industry: 'industry',
  jobTitle: 'job_title',
  email: 'email',
};

/** The columns of a `UserRecord`, of the `user_account` row named `alias` (the session's statement joins it). */
export function userColumns(alias = 'user_account'): string {
  return `${alias}.id, ${alias}.brand_id AS "brandId", ${alias}.mobile, ${alias}.user_name AS "userName",
  ${alias}.real_user_name AS "realUserName", ${alias}.company_name AS "companyName", ${alias}.industry,
  ${alias}.job_title AS "jobTitle", ${alias}.email, ${alias}.headimgurl, ${alias}.display_mode AS "displayMode",
  ${alias}.register_type AS "registerType", ${alias}.guide_seen_at AS "guideSeenAt", ${alias}.frozen_at AS "frozenAt",
  ${alias}.created_at AS "createdAt"`;
}

const columns = userColumns();

/** Every query names the brand: a user id of another brand finds nothing. */
export function userQueries(db: Queryable) {
  async function one(sql: string, params: readonly unknown[]): Promise<UserRecord | undefined> {
    const [row] = await db.query<UserRecord>(sql, params);
    return row;
  }

  return {
    find: (brandId: string, userId: number) =>
      one(`SELECT ${columns} FROM user_account WHERE brand_id = $1 AND id = $2`, [brandId, userId]),

    /** The live account of a phone: a cancelled account keeps only a masked phone and is never found here. */
    findByMobile: (brandId: string, mobile: string) =>
      one(
        `SELECT ${columns} FROM user_account WHERE brand_id = $1 AND mobile = $2 AND cancelled_at IS NULL`,
        [brandId, mobile],
      ),

    /** The account of a phone, created on its first sign-in; a row lock keeps concurrent sign-ins in line. */
    async findOrCreate(
      brandId: string,
      mobile: string,
      fields: { userName: string; registerType: number },
      now: Date,
    ): Promise<UserRecord> {
      await db.query(
        `INSERT INTO user_account (brand_id, mobile, user_name, register_type, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $5) ON CONFLICT (brand_id, mobile) WHERE cancelled_at IS NULL DO NOTHING`,
        [brandId, mobile, fields.userName, fields.registerType, now],
      );
      const user = await one(
        `SELECT ${columns} FROM user_account WHERE brand_id = $1 AND mobile = $2 AND cancelled_at IS NULL
         FOR UPDATE`,
        [brandId, mobile],
      );
      if (!user) throw new Error(`user_account row for ${brandId}/${mobile} vanished`);
      return user;
    },

    async updateProfile(brandId: string, userId: number, changes: ProfileChanges, now: Date) {
      const entries = (Object.keys(PROFILE_COLUMNS) as (keyof ProfileChanges)[])
        .filter((field) => changes[field] !== undefined)
        .map((field) => [PROFILE_COLUMNS[field], changes[field]] as const);
      const assignments = entries.map(([column], index) => `${column} = $${index + 4}`);
      return one(
        `UPDATE user_account SET ${['updated_at = $3', ...assignments].join(', ')}
         WHERE brand_id = $1 AND id = $2 RETURNING ${columns}`,
        [brandId, userId, now, ...entries.map(([, value]) => value)],
      );
    },

    updateMobile: (brandId: string, userId: number, mobile: string, now: Date) =>
      one(
        `UPDATE user_account SET mobile = $3, updated_at = $4 WHERE brand_id = $1 AND id = $2 RETURNING ${columns}`,
        [brandId, userId, mobile, now],
      ),

    updateHeadimgurl: (brandId: string, userId: number, headimgurl: string, now: Date) =>
      one(
        `UPDATE user_account SET headimgurl = $3, updated_at = $4 WHERE brand_id = $1 AND id = $2
         RETURNING ${columns}`,
        [brandId, userId, headimgurl, now],
      ),

    updateDisplayMode: (brandId: string, userId: number, displayMode: number, now: Date) =>
      one(
        `UPDATE user_account SET display_mode = $3, updated_at = $4 WHERE brand_id = $1 AND id = $2
         RETURNING ${columns}`,
        [brandId, userId, displayMode, now],
      ),

    markGuideSeen: (brandId: string, userId: number, now: Date) =>
      one(
        `UPDATE user_account SET guide_seen_at = COALESCE(guide_seen_at, $3) WHERE brand_id = $1 AND id = $2
         RETURNING ${columns}`,
        [brandId, userId, now],
      ),

    setFrozen: (brandId: string, userId: number, frozenAt: Date | null, now: Date) =>
      one(
        `UPDATE user_account SET frozen_at = $3, updated_at = $4 WHERE brand_id = $1 AND id = $2
         RETURNING ${columns}`,
        [brandId, userId, frozenAt, now],
      ),
  };
}

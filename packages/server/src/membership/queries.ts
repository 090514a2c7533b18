import type { PrivilegeKey } from '@tender/contracts';
import type { MemberCode, PaidMemberCode, PrivilegeValue } from '@tender/domain';
import type { Queryable } from '../db/database';
import type { EnterpriseRole } from '../enterprise/queries';
import { DEFAULT_MEMBER_TYPES } from './defaults';

/** A member_type row with its privilege values (absent keys are read as 0 by the level catalog). */
export interface MemberTypeRecord {
  memberCode: MemberCode;
  memberName: string;
  memberDesc: string;
  status: number;
  onSale: boolean;
  privileges: Partial<Record<PrivilegeKey, PrivilegeValue>>;
}

/** A stored grant or revocation of a paid level (migrations/0005_memberships.sql). */
export interface MembershipEventRecord {
  kind: 'grant' | 'revoke';
  memberCode: PaidMemberCode;
  months: number | null;
  payAreas: string[] | null;
  occurredAt: Date;
}

export interface MembershipHoldings {
  events: MembershipEventRecord[];
  enterprise: { enterpriseId: number; role: EnterpriseRole } | undefined;
}

/** Who holds a membership: one user, or one enterprise shared by its accounts. */
export type MembershipHolder = { userId: number } | { enterpriseId: number };

export interface NewMembershipEvent {
  brandId: string;
  holder: MembershipHolder;
  kind: 'grant' | 'revoke';
  memberCode: PaidMemberCode;
  months?: number;
  payAreas?: string[];
  occurredAt: Date;
  source: 'operator' | 'order';
  orderRef?: string | undefined;
}

export interface NewAuditRow {
  brandId: string;
  action: 'grant' | 'revoke' | 'privilege';
  userId?: number | undefined;
  enterpriseId?: number | undefined;
  actor: string;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/**
 * Adds the default levels and privilege values a brand is missing (src/membership/defaults.ts). Rows already
 * there — the operators' — are never changed, so this runs on every start for every brand.
 */
export async function seedMembershipDefaults(db: Queryable, brandId: string): Promise<void> {
  const types = DEFAULT_MEMBER_TYPES;
  await db.query(
    `INSERT INTO member_type (brand_id, member_code, member_name, member_desc, status, on_sale)
     SELECT $1::text, * FROM unnest($2::text[], $3::text[], $4::text[], $5::integer[], $6::boolean[])
     ON CONFLICT DO NOTHING`,
    [
      brandId,
      types.map((type) => type.memberCode),
      types.map((type) => type.memberName),
      types.map((type) => type.memberDesc),
      types.map((type) => type.status),
      types.map((type) => type.onSale),
    ],
  );
  const values = types.flatMap((type) =>
    Object.entries(type.privileges).map(([key, value]) => [type.memberCode, key, JSON.stringify(value)]),
  );
  await db.query(
    `INSERT INTO member_privilege (brand_id, member_code, privilege_key, value)
     SELECT $1::text, code, key, value::jsonb FROM unnest($2::text[], $3::text[], $4::text[]) AS v (code, key, value)
     WHERE EXISTS (SELECT 1 FROM member_type t WHERE t.brand_id = $1 AND t.member_code = v.code)
     ON CONFLICT DO NOTHING`,
    [brandId, values.map((row) => row[0]), values.map((row) => row[1]), values.map((row) => row[2])],
  );
}

/** Every query names the brand; nothing crosses brands. */
export function membershipQueries(db: Queryable) {
  return {
    /** The brand's levels with their privilege values, lowest rank first (ordering is done by the caller). */
    async memberTypes(brandId: string): Promise<MemberTypeRecord[]> {
      const rows = await db.query<{
        memberCode: MemberCode;
        memberName: string;
        memberDesc: string;
        status: number;
        onSale: boolean;
        key: PrivilegeKey | null;
        value: PrivilegeValue | null;
      }>(
        `SELECT t.member_code AS "memberCode", t.member_name AS "memberName", t.member_desc AS "memberDesc",
           t.status, t.on_sale AS "onSale", p.privilege_key AS key, p.value
         FROM member_type t
         LEFT JOIN member_privilege p ON p.brand_id = t.brand_id AND p.member_code = t.member_code
         WHERE t.brand_id = $1`,
        [brandId],
      );
      const types = new Map<MemberCode, MemberTypeRecord>();
      for (const row of rows) {
        let type = types.get(row.memberCode);
        if (!type) {
          type = {
            memberCode: row.memberCode,
            memberName: row.memberName,
            memberDesc: row.memberDesc,
            status: row.status,
            onSale: row.onSale,
            privileges: {},
          };
          types.set(row.memberCode, type);
        }
        if (row.key !== null && row.value !== null) type.privileges[row.key] = row.value;
      }
      return [...types.values()];
    },

    /** A user's own events and those of the enterprise it belongs to, in time order. */
    async eventsOf(brandId: string, userId: number): Promise<MembershipEventRecord[]> {
      return db.query<MembershipEventRecord>(
        `SELECT kind, member_code AS "memberCode", months, pay_areas AS "payAreas", occurred_at AS "occurredAt"
         FROM membership_event
         WHERE brand_id = $1
           AND (user_id = $2
                OR enterprise_id = (SELECT enterprise_id FROM enterprise_member WHERE brand_id = $1 AND user_id = $2))
         ORDER BY occurred_at, id`,
        [brandId, userId],
      );
    },

    /**
     * What a membership is made of, in one statement (it is read on most calls): the user's own events and its
     * enterprise's in time order, and its place in that enterprise.
     */
    async holdingsOf(brandId: string, userId: number): Promise<MembershipHoldings> {
      const [row] = await db.query<{
        events: (Omit<MembershipEventRecord, 'occurredAt'> & { occurredAtMs: number })[] | null;
        enterpriseId: number | null;
        role: EnterpriseRole | null;
        hasPrimary: boolean;
      }>(
        `SELECT m.enterprise_id AS "enterpriseId", m.role,
           EXISTS (SELECT 1 FROM enterprise_member p WHERE p.enterprise_id = m.enterprise_id AND p.role = 'primary')
             AS "hasPrimary",
           (SELECT json_agg(json_build_object('kind', e.kind, 'memberCode', e.member_code, 'months', e.months,
                     'payAreas', e.pay_areas, 'occurredAtMs', extract(epoch FROM e.occurred_at) * 1000)
                   ORDER BY e.occurred_at, e.id)
              FROM membership_event e
             WHERE e.brand_id = $1 AND (e.user_id = $2 OR e.enterprise_id = m.enterprise_id)) AS events
         FROM (SELECT 1) one
         LEFT JOIN enterprise_member m ON m.brand_id = $1 AND m.user_id = $2`,
        [brandId, userId],
      );
      return {
        events: (row?.events ?? []).map(({ occurredAtMs, ...event }) => ({
          ...event,
          occurredAt: new Date(occurredAtMs),
        })),
        enterprise:
          row?.enterpriseId != null && row.role && row.hasPrimary
            ? { enterpriseId: row.enterpriseId, role: row.role }
            : undefined,
      };
    },

    async insertEvent(event: NewMembershipEvent): Promise<void> {
      await db.query(
        `INSERT INTO membership_event
           (brand_id, user_id, enterprise_id, kind, member_code, months, pay_areas, occurred_at, source, order_ref)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          event.brandId,
          'userId' in event.holder ? event.holder.userId : null,
          'enterpriseId' in event.holder ? event.holder.enterpriseId : null,
          event.kind,
          event.memberCode,
          event.months ?? null,
          event.payAreas ?? null,
          event.occurredAt,
          event.source,
          event.orderRef ?? null,
        ],
      );
    },

    async insertAudit(row: NewAuditRow): Promise<void> {
      await db.query(
        `INSERT INTO membership_audit (brand_id, action, user_id, enterprise_id, actor, detail, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          row.brandId,
          row.action,
          row.userId ?? null,
          row.enterpriseId ?? null,
          row.actor,
          JSON.stringify(row.detail),
          row.createdAt,
        ],
      );
    },

    /** Locks a user's row until the transaction ends: one account's grants and revocations happen in turn. */
    async lockUser(brandId: string, userId: number): Promise<boolean> {
      const rows = await db.query('SELECT id FROM user_account WHERE brand_id = $1 AND id = $2 FOR UPDATE', [
        brandId,
        userId,
      ]);
      return rows.length > 0;
    },

    /** The current value of one privilege, locked for a change; undefined when the level does not exist. */
    async lockPrivilege(
      brandId: string,
      memberCode: MemberCode,
      key: PrivilegeKey,
    ): Promise<{ exists: boolean; value: PrivilegeValue | null }> {
      const [type] = await db.query(
        'SELECT 1 FROM member_type WHERE brand_id = $1 AND member_code = $2 FOR UPDATE',
        [brandId, memberCode],
      );
      if (!type) return { exists: false, value: null };
      const [row] = await db.query<{ value: PrivilegeValue }>(
        `SELECT value FROM member_privilege WHERE brand_id = $1 AND member_code = $2 AND privilege_key = $3`,
        [brandId, memberCode, key],
      );
      return { exists: true, value: row?.value ?? null };
    },

    async setPrivilege(brandId: string, memberCode: MemberCode, key: PrivilegeKey, value: PrivilegeValue) {
      await db.query(
        `INSERT INTO member_privilege (brand_id, member_code, privilege_key, value) VALUES ($1, $2, $3, $4::jsonb)
         ON CONFLICT (brand_id, member_code, privilege_key) DO UPDATE SET value = EXCLUDED.value`,
        [brandId, memberCode, key, JSON.stringify(value)],
      );
    },

    /** The latest audit rows about one account, newest first. */
    async auditOf(brandId: string, userId: number, limit: number) {
      return db.query<{ action: string; actor: string; detail: Record<string, unknown>; createdAt: Date }>(
        `SELECT action, actor, detail, created_at AS "createdAt" FROM membership_audit
         WHERE brand_id = $1 AND user_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
        [brandId, userId, limit],
      );
    },
  };
}

export type MembershipQueries = ReturnType<typeof membershipQueries>;

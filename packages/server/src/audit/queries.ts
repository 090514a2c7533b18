import type { Queryable } from '../db/database';

export interface AuditFilter {
  brandId?: string | undefined;
  userId?: number | undefined;
  since?: Date | undefined;
  until?: Date | undefined;
  /** An action or its family: `payment`, `account.mobile`, `membership.grant`. */
  action?: string | undefined;
  limit: number;
}

export interface AuditRow {
  id: number;
  brandId: string;
  action: string;
  userId: number | null;
  actor: string;
  target: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/**
 * The audit rows matching the filter, newest first: audit_log together with membership_audit (whose actions read
 * `membership.grant`, `membership.revoke`, `membership.privilege`).
 */
export async function findAudit(db: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `SELECT * FROM (
       SELECT id, brand_id AS "brandId", action, user_id AS "userId", actor, target, ip, detail,
              created_at AS "createdAt"
       FROM audit_log
       UNION ALL
       SELECT id, brand_id, 'membership.' || action, user_id, actor, NULL, NULL, detail, created_at
       FROM membership_audit
     ) AS audit
     WHERE ($1::text IS NULL OR "brandId" = $1)
       AND ($2::bigint IS NULL OR "userId" = $2)
       AND ($3::timestamptz IS NULL OR "createdAt" >= $3)
       AND ($4::timestamptz IS NULL OR "createdAt" < $4)
       AND ($5::text IS NULL OR action = $5 OR action LIKE $5 || '.%')
     ORDER BY "createdAt" DESC, id DESC
     LIMIT $6`,
    [
      filter.brandId ?? null,
      filter.userId ?? null,
      filter.since ?? null,
      filter.until ?? null,
      filter.action ?? null,
      filter.limit,
    ],
  );
}

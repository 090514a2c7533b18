import { userInfo } from 'node:os';
import type { Queryable } from '../db/database';

/** What an audit row records (docs/operations.md, Security and audit). */
export const AUDIT_ACTIONS = [
  'payment.credited',
  'export.ordered',
  'account.mobile',
  'account.profile',
  'account.frozen',
  'account.unfrozen',
  'sms.settings',
  'account.cancelled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  brandId: string;
  action: AuditAction;
  userId: number | null;
  actor: string;
  target?: string | undefined;
  ip?: string | undefined;
  detail?: Record<string, unknown>;
  at: Date;
}

/**
 * Writes one audit row. Pass the transaction that makes the change, so the row exists exactly when the change
 * does (a rolled-back payment leaves no "credited" row behind).
 */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (brand_id, action, user_id, actor, target, ip, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.brandId,
      entry.action,
      entry.userId,
      entry.actor,
      entry.target ?? null,
      entry.ip ?? null,
      JSON.stringify(entry.detail ?? {}),
      entry.at,
    ],
  );
}

/** The actor of a change a signed-in user made themselves. */
export function userActor(userId: number): string {
  return `user:${userId}`;
}

/** The actor of a change an operator made with `tender-server <command>`, named by their login where there is one. */
export function operatorActor(command: string): string {
  let name = 'unknown';
  try {
    name = userInfo().username;
  } catch {
    // no passwd entry (containers): the command alone still says it was an operator
  }
  return `operator:${name} (tender-server ${command})`;
}

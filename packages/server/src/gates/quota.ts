import type { PrivilegeKey } from '@tender/contracts';
import { formatDateTime } from '@tender/domain';
import type { Database } from '../db/database';
import type { GateItem } from './item-locator';

/** The quota day of an instant: counters reset at 00:00 Asia/Shanghai (docs/business-rules.md). */
export function quotaDay(now: Date): string {
  return formatDateTime(now, 'YYYY-MM-DD');
}

export interface QuotaAccount {
  userId: number;
  privilege: PrivilegeKey;
  now: Date;
}

/** The answer of a spend: allowed or not, today's uses after it, and whether this call cost one. */
export interface SpendResult {
  allowed: boolean;
  used: number;
  charged: boolean;
}

class QuotaExhausted extends Error {}

/** Daily counters per account and privilege, spent atomically in the database. */
export function quotaCounters(db: Database) {
  async function usedToday(account: QuotaAccount): Promise<number> {
    const [row] = await db.query<{ used: number }>(
      'SELECT used FROM quota_usage WHERE user_id = $1 AND privilege_key = $2 AND day = $3',
      [account.userId, account.privilege, quotaDay(account.now)],
    );
    return row?.used ?? 0;
  }

  return {
    usedToday,

    /**
     * Spends `uses` of a daily quota of `limit`, never past it: one conditional upsert (`used + uses <= limit`)
     * that concurrent requests take in turn on the counter row, so no read-then-write can overspend. With an
     * item, the spend is once per item per day: the item's row for the day is inserted first, in the same
     * transaction; if it was there already the call is free, and if the counter refuses, the transaction rolls
     * the item's row back with it.
     */
    async spend(
      account: QuotaAccount,
      limit: number,
      item: GateItem | undefined,
      uses = 1,
    ): Promise<SpendResult> {
      const day = quotaDay(account.now);
      if (uses > limit) return { allowed: false, used: await usedToday(account), charged: false };
      try {
        return await db.transaction(async (tx) => {
          if (item) {
            const recorded = await tx.query(
              `INSERT INTO quota_item_use (user_id, privilege_key, day, item_kind, item_id, used_at)
               VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
              [account.userId, account.privilege, day, item.kind, item.id, account.now],
            );
            if (recorded.length === 0) {
              const [row] = await tx.query<{ used: number }>(
                'SELECT used FROM quota_usage WHERE user_id = $1 AND privilege_key = $2 AND day = $3',
                [account.userId, account.privilege, day],
              );
              return { allowed: true, used: row?.used ?? 0, charged: false };
            }
          }
          const [counted] = await tx.query<{ used: number }>(
            `INSERT INTO quota_usage (user_id, privilege_key, day, used) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id, privilege_key, day)
             DO UPDATE SET used = quota_usage.used + EXCLUDED.used
             WHERE quota_usage.used + EXCLUDED.used <= $5
             RETURNING used`,
            [account.userId, account.privilege, day, uses, limit],
          );
          if (!counted) throw new QuotaExhausted();
          return { allowed: true, used: counted.used, charged: true };
        });
      } catch (error) {
        if (!(error instanceof QuotaExhausted)) throw error;
        return { allowed: false, used: await usedToday(account), charged: false };
      }
    },
  };
}

export type QuotaCounters = ReturnType<typeof quotaCounters>;

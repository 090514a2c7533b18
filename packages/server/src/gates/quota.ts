import type { PrivilegeKey } from '@tender/contracts';
import { formatDateTime } from '@tender/domain';
import type { Queryable } from '../db/database';
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

/**
 * What a caller already read of one item's spend today, in the same statement as the item (a detail view): whether
 * the item was spent on, and the day's count. Both only grow during a day, so a read taken before the spend decides
 * the two commonest answers as of that read: spent on → free, no use left → refused.
 */
export interface QuotaSeen {
  recorded: boolean;
  used: number;
}

const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: string } | null)?.code === UNIQUE_VIOLATION;
}

/**
 * A spend without an item, in one statement: the conditional upsert (`used + uses <= limit`), which concurrent
 * requests take in turn on the counter row, and today's count as the statement found it for a refusal.
 * $1 user, $2 privilege, $3 day, $4 uses, $5 limit.
 */
const SPEND = `
  WITH counted AS (
    INSERT INTO quota_usage (user_id, privilege_key, day, used) VALUES ($1, $2, $3, $4)
    ON CONFLICT (user_id, privilege_key, day)
    DO UPDATE SET used = quota_usage.used + EXCLUDED.used
    WHERE quota_usage.used + EXCLUDED.used <= $5
    RETURNING used
  )
  SELECT (SELECT used FROM counted) AS counted,
         (SELECT used FROM quota_usage WHERE user_id = $1 AND privilege_key = $2 AND day = $3) AS "usedBefore"`;

/**
 * A spend on an item, in one statement (no transaction). `seen` is the statement's snapshot: whether the item was
 * spent on today and today's count. An item seen is free. Otherwise the counter takes the use (the conditional
 * upsert, taken in turn on the counter row) and only then the item is recorded, from the counter's answer: a
 * refused use records nothing. The item's insert has no ON CONFLICT on purpose: when a concurrent first view of
 * the same item recorded it after this snapshot, the insert fails and the whole statement, the count with it,
 * rolls back (the caller then finds the item recorded: free). $1 user, $2 privilege, $3 day, $4 uses, $5 limit,
 * $6 item kind, $7 item id, $8 now.
 */
const SPEND_ON_ITEM = `
  WITH seen AS (
    SELECT EXISTS (
             SELECT 1 FROM quota_item_use
              WHERE user_id = $1::bigint AND privilege_key = $2::text AND day = $3::date
                AND item_kind = $6::text AND item_id = $7::text
           ) AS recorded,
           (SELECT used FROM quota_usage
             WHERE user_id = $1::bigint AND privilege_key = $2::text AND day = $3::date) AS used
  ), counted AS (
    INSERT INTO quota_usage (user_id, privilege_key, day, used)
    SELECT $1::bigint, $2::text, $3::date, $4::integer FROM seen WHERE NOT seen.recorded
    ON CONFLICT (user_id, privilege_key, day)
    DO UPDATE SET used = quota_usage.used + EXCLUDED.used
    WHERE quota_usage.used + EXCLUDED.used <= $5::integer
    RETURNING used
  ), recorded AS (
    INSERT INTO quota_item_use (user_id, privilege_key, day, item_kind, item_id, used_at)
    SELECT $1::bigint, $2::text, $3::date, $6::text, $7::text, $8::timestamptz FROM counted
    RETURNING 1
  )
  SELECT seen.recorded, seen.used AS "usedBefore", (SELECT used FROM counted) AS counted
    FROM seen`;

/** Whether the item was spent on today, and today's count (a fresh snapshot, after a spend met a concurrent one). */
const ITEM_STATUS = `
  SELECT EXISTS (
           SELECT 1 FROM quota_item_use
            WHERE user_id = $1 AND privilege_key = $2 AND day = $3 AND item_kind = $4 AND item_id = $5
         ) AS recorded,
         (SELECT used FROM quota_usage WHERE user_id = $1 AND privilege_key = $2 AND day = $3) AS used`;

interface SpendRow {
  recorded: boolean;
  usedBefore: number | null;
  counted: number | null;
}

/** Daily counters per account and privilege, spent atomically in the database. */
export function quotaCounters(db: Queryable) {
  async function usedToday(account: QuotaAccount): Promise<number> {
    const [row] = await db.query<{ used: number }>(
      'SELECT used FROM quota_usage WHERE user_id = $1 AND privilege_key = $2 AND day = $3',
      [account.userId, account.privilege, quotaDay(account.now)],
    );
    return row?.used ?? 0;
  }

  /** Once per item per day: see {@link SPEND_ON_ITEM}. */
  async function spendOnItem(
    account: QuotaAccount,
    limit: number,
    item: GateItem,
    uses: number,
  ): Promise<SpendResult> {
    const day = quotaDay(account.now);
    const status = async () => {
      const [row] = await db.query<{ recorded: boolean; used: number | null }>(ITEM_STATUS, [
        account.userId,
        account.privilege,
        day,
        item.kind,
        item.id,
      ]);
      return { recorded: row?.recorded ?? false, used: row?.used ?? 0 };
    };
    let row: SpendRow | undefined;
    try {
      [row] = await db.query<SpendRow>(SPEND_ON_ITEM, [
        account.userId,
        account.privilege,
        day,
        uses,
        limit,
        item.kind,
        item.id,
        account.now,
      ]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // a concurrent first view of this item recorded it (and paid for it) while this one waited for the counter
      const now = await status();
      if (!now.recorded) throw error;
      return { allowed: true, used: now.used, charged: false };
    }
    if (!row) throw new Error('the quota spend answered no row');
    const usedBefore = row.usedBefore ?? 0;
    if (row.recorded) return { allowed: true, used: usedBefore, charged: false };
    if (row.counted !== null) return { allowed: true, used: row.counted, charged: true };
    // Refused with the day already spent when the statement began: the answer as of that instant.
    if (usedBefore + uses > limit) return { allowed: false, used: usedBefore, charged: false };
    // Refused although the snapshot had room: concurrent spends took it meanwhile, and one of them may have been
    // a first view of this very item, which makes this view free. A fresh look decides: every spend that took the
    // counter before this one is committed by now.
    const now = await status();
    return now.recorded
      ? { allowed: true, used: now.used, charged: false }
      : { allowed: false, used: now.used, charged: false };
  }

  return {
    usedToday,

    /** Whether a use was spent on this item today (a spend on it would then be free). */
    async spentOnItemToday(account: QuotaAccount, item: GateItem): Promise<boolean> {
      const [row] = await db.query<{ recorded: boolean }>(ITEM_STATUS, [
        account.userId,
        account.privilege,
        quotaDay(account.now),
        item.kind,
        item.id,
      ]);
      return row?.recorded ?? false;
    },

    /**
     * Spends `uses` of a daily quota of `limit`, never past it, in one statement (src/gates/README.md Counters):
     * the conditional upsert `used + uses <= limit`, which concurrent requests take in turn on the counter row, so
     * no read-then-write can overspend. With an item, the spend is once per item per day: an item spent on today
     * is free, and a new one is recorded only together with the use it cost. `seen`, the caller's read of the
     * item's spend today, answers without a statement when it was spent on or no use was left.
     */
    async spend(
      account: QuotaAccount,
      limit: number,
      item: GateItem | undefined,
      uses = 1,
      seen?: QuotaSeen,
    ): Promise<SpendResult> {
      if (uses > limit) return { allowed: false, used: await usedToday(account), charged: false };
      if (item && seen?.recorded) return { allowed: true, used: seen.used, charged: false };
      if (item && seen && seen.used + uses > limit)
        return { allowed: false, used: seen.used, charged: false };
      if (item) return spendOnItem(account, limit, item, uses);
      const [row] = await db.query<{ counted: number | null; usedBefore: number | null }>(SPEND, [
        account.userId,
        account.privilege,
        quotaDay(account.now),
        uses,
        limit,
      ]);
      if (row && row.counted !== null) return { allowed: true, used: row.counted, charged: true };
      return { allowed: false, used: row?.usedBefore ?? 0, charged: false };
    },
  };
}

export type QuotaCounters = ReturnType<typeof quotaCounters>;

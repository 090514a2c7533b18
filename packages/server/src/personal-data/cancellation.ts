import { maskPhone, RESPONSE_CODES } from '@tender/domain';
import { recordAudit, userActor } from '../audit/audit-log';
import type { Database, Queryable } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';

/** What the caller must do with the files once the cancellation has committed. */
export interface CancelledAccount {
  /** The avatar path the account had (`headimgurl`), to remove from the uploads. */
  headimgurl: string;
  /** The account's export records, whose files `<exportsDir>/<id>.xlsx` are to be removed. */
  exportIds: number[];
}

/** Tables whose rows are the member's alone and go with the account (each keyed by `user_id`). */
const DELETED_WITH_THE_ACCOUNT = [
  'user_session',
  'api_webhook_delivery',
  'api_key',
  'qr_login_ticket',
  'enterprise_member',
  'quota_usage',
  'quota_item_use',
  'activity_participation',
  'search_history',
  'browse_history',
  'item_follow',
  'subscription_feed',
  'subscription_group',
  'renewal_match',
  'renewal_subscription',
  'company_monitor',
  'project_monitor',
  'push_setting',
  'digest_sent',
  'export_record',
  'project_analysis_request',
  'enterprise_name_click',
] as const;

/** jsonb columns of the records kept for the books, to be cleared of the phone and the name. */
const KEPT_RECORDS_WITH_DETAIL = [
  { table: 'audit_log', where: 'user_id = $1' },
  { table: 'membership_audit', where: 'user_id = $1' },
  { table: 'buy_point', where: 'user_id = $1' },
  { table: 'payment_event', where: 'order_no IN (SELECT order_no FROM member_order WHERE user_id = $1)' },
] as const;

async function refuseWhileSubAccounts(tx: Queryable, userId: number): Promise<void> {
  const [row] = await tx.query<{ subAccounts: number }>(
    `SELECT count(*)::int AS "subAccounts" FROM enterprise_member sub
     JOIN enterprise_member main ON main.enterprise_id = sub.enterprise_id
     WHERE main.user_id = $1 AND main.role = 'primary' AND sub.role = 'sub'`,
    [userId],
  );
  const count = row?.subAccounts ?? 0;
  if (count > 0) {
    throw new BusinessError(
      RESPONSE_CODES.FORBIDDEN,
      messages.personalInformation.primaryWithSubAccounts(count),
    );
  }
}

/**
 * 注销账号 (PIPL art. 47), in one transaction: the profile is emptied and the phone masked, the member's own rows
 * (sessions — ended at once —, subscriptions, monitors, history, follows, exports, …) deleted, and the records
 * kept for accounting — orders, payments, membership events, coupons, consents, the audit — keep no phone or name
 * in clear. The row of the account stays for the orders that point at it; its phone is free for a new account.
 * An enterprise main account with sub-accounts is refused (403) before anything changes.
 */
export async function cancelAccount(
  db: Database,
  member: { brandId: string; userId: number; ip: string },
  at: Date,
): Promise<CancelledAccount> {
  return db.transaction(async (tx) => {
    const [account] = await tx.query<{
      mobile: string;
      realUserName: string;
      userName: string;
      headimgurl: string;
    }>(
      `SELECT mobile, real_user_name AS "realUserName", user_name AS "userName", headimgurl FROM user_account
       WHERE brand_id = $1 AND id = $2 AND cancelled_at IS NULL FOR UPDATE`,
      [member.brandId, member.userId],
    );
    if (!account) throw new BusinessError(RESPONSE_CODES.UNAUTHORIZED, messages.auth.sessionInvalid);
    await refuseWhileSubAccounts(tx, member.userId);

    // Every phone the account has had (phone changes are in the audit), and the names it went by.
    const earlierPhones = await tx.query<{ phone: string }>(
      `SELECT DISTINCT detail->>'from' AS phone FROM audit_log
       WHERE user_id = $1 AND action = 'account.mobile' AND detail->>'from' IS NOT NULL`,
      [member.userId],
    );
    const phones = [...new Set([account.mobile, ...earlierPhones.map((row) => row.phone)])];
    const names = [account.realUserName, account.userName].filter((name) => name.trim().length >= 2);
    // An earlier phone that another account has taken since is that account's now: its codes, send log and
    // consents stay; only this account's own records of it are masked.
    const takenSince = await tx.query<{ mobile: string }>(
      `SELECT mobile FROM user_account
       WHERE brand_id = $1 AND mobile = ANY($2) AND id <> $3 AND cancelled_at IS NULL`,
      [member.brandId, phones, member.userId],
    );
    const ownPhones = phones.filter((phone) => !takenSince.some((row) => row.mobile === phone));

    // A main account without sub-accounts leaves an enterprise of its own, named after its company: renamed.
    await tx.query(
      `UPDATE enterprise SET name = $2, updated_at = $3
       WHERE id = (SELECT enterprise_id FROM enterprise_member WHERE user_id = $1 AND role = 'primary')`,
      [member.userId, messages.personalInformation.cancelledEnterpriseName, at],
    );
    const exports = await tx.query<{ id: number }>('SELECT id FROM export_record WHERE user_id = $1', [
      member.userId,
    ]);
    for (const table of DELETED_WITH_THE_ACCOUNT) {
      await tx.query(`DELETE FROM ${table} WHERE user_id = $1`, [member.userId]);
    }
    await tx.query('DELETE FROM sms_code WHERE brand_id = $1 AND mobile = ANY($2)', [
      member.brandId,
      ownPhones,
    ]);
    await tx.query('DELETE FROM sms_send_log WHERE brand_id = $1 AND mobile = ANY($2)', [
      member.brandId,
      ownPhones,
    ]);

    const masked = maskPhone(account.mobile);
    await tx.query(
      `UPDATE user_account SET mobile = $3, user_name = $4, real_user_name = '', company_name = '', industry = '',
         job_title = '', email = '', headimgurl = '', frozen_at = NULL, cancelled_at = $5, updated_at = $5
       WHERE brand_id = $1 AND id = $2`,
      [member.brandId, member.userId, masked, messages.personalInformation.cancelledUserName, at],
    );
    // The record of consent stays (PIPL), without the phone: the account's rows, and the rows of its phones from
    // before they were bound to it (a first sign-in, a phone change), which carry no account.
    await tx.query(
      `UPDATE personal_information_consent SET mobile = left(mobile, 3) || '****' || right(mobile, 4)
       WHERE mobile ~ '^[0-9]{11}$' AND (user_id = $1 OR (brand_id = $2 AND user_id IS NULL AND mobile = ANY($3)))`,
      [member.userId, member.brandId, ownPhones],
    );

    for (const { table, where } of KEPT_RECORDS_WITH_DETAIL) {
      for (const phone of phones) {
        await tx.query(
          `UPDATE ${table} SET detail = replace(detail::text, $2, $3)::jsonb
           WHERE ${where} AND strpos(detail::text, $2) > 0`,
          [member.userId, phone, maskPhone(phone)],
        );
      }
      for (const name of names) {
        await tx.query(
          `UPDATE ${table} SET detail = replace(detail::text, $2, $3)::jsonb
           WHERE ${where} AND strpos(detail::text, $2) > 0`,
          [member.userId, JSON.stringify(name).slice(1, -1), messages.personalInformation.cancelledUserName],
        );
      }
    }
    const [orders] = await tx.query<{ kept: number }>(
      'SELECT count(*)::int AS kept FROM member_order WHERE user_id = $1',
      [member.userId],
    );
    await recordAudit(tx, {
      brandId: member.brandId,
      action: 'account.cancelled',
      userId: member.userId,
      actor: userActor(member.userId),
      ip: member.ip,
      detail: { keptOrders: orders?.kept ?? 0 },
      at,
    });
    return { headimgurl: account.headimgurl, exportIds: exports.map((row) => Number(row.id)) };
  });
}

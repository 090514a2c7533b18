import type { PersonalData } from '@tender/contracts';
import type { Queryable } from '../db/database';

/** Whose data: the account, and its phone (rows written before the account existed carry only the phone). */
export interface Member {
  brandId: string;
  userId: number;
  mobile: string;
}

interface PersonalDataSource {
  table: string;
  title: string;
  sql: string;
  params(member: Member): unknown[];
}

const byUser = (member: Member) => [member.userId];
const byPhone = (member: Member) => [member.brandId, member.mobile];

/**
 * Every table that mentions a member, with the rows of one member. Secrets that only prove a token or a code
 * (hashes, salts) are left out; everything else is the member's to see. personal-data.test.ts introspects the
 * schema, so a new table with a user_id or mobile column fails the test until it is listed here.
 */
const PERSONAL_DATA_SOURCES: readonly PersonalDataSource[] = [
  {
    table: 'user_account',
    title: '个人资料',
    sql: 'SELECT * FROM user_account WHERE id = $1',
    params: byUser,
  },
  {
    table: 'personal_information_consent',
    title: '隐私政策同意记录',
    sql: `SELECT * FROM personal_information_consent WHERE brand_id = $1 AND (user_id = $2 OR mobile = $3)
          ORDER BY consented_at`,
    params: (member) => [member.brandId, member.userId, member.mobile],
  },
  {
    table: 'user_session',
    title: '登录会话（不含令牌）',
    sql: `SELECT id, login_method, remember, created_at, last_used_at, expires_at, superseded_at, revoked_at
          FROM user_session WHERE user_id = $1 ORDER BY created_at`,
    params: byUser,
  },
  {
    table: 'api_key',
    title: 'API 密钥（不含密钥）',
    sql: `SELECT id, name, prefix, created_at, last_used_at, revoked_at, webhook_url FROM api_key WHERE user_id = $1
          ORDER BY id`,
    params: byUser,
  },
  {
    table: 'api_webhook_delivery',
    title: 'Webhook 推送记录',
    sql: `SELECT id, api_key_id, feed_id, renewal_match_id, payload, status, attempts, last_error, created_at, delivered_at
          FROM api_webhook_delivery WHERE user_id = $1 ORDER BY id`,
    params: byUser,
  },
  {
    table: 'renewal_subscription',
    title: '到期订阅',
    sql: `SELECT brand_id, within_days, area_codes, industry_codes, updated_at FROM renewal_subscription
          WHERE user_id = $1`,
    params: byUser,
  },
  {
    table: 'renewal_match',
    title: '到期订阅推送记录',
    sql: `SELECT id, brand_id, item_id, predicted_end_date, matched_at FROM renewal_match WHERE user_id = $1
          ORDER BY id`,
    params: byUser,
  },
  {
    table: 'qr_login_ticket',
    title: '扫码登录记录',
    sql: `SELECT id, provider, openid, consent_version, ip, remember, created_at, expires_at, scanned_at, confirmed_at,
            claimed_at
          FROM qr_login_ticket WHERE user_id = $1 ORDER BY created_at`,
    params: byUser,
  },
  {
    table: 'sms_code',
    title: '短信验证码（不含验证码）',
    sql: `SELECT id, mobile, purpose, created_at, expires_at, attempts, consumed_at
          FROM sms_code WHERE brand_id = $1 AND mobile = $2 ORDER BY created_at`,
    params: byPhone,
  },
  {
    table: 'sms_send_log',
    title: '短信发送记录',
    sql: 'SELECT * FROM sms_send_log WHERE brand_id = $1 AND mobile = $2 ORDER BY sent_at',
    params: byPhone,
  },
  {
    table: 'enterprise_member',
    title: '企业账号',
    sql: `SELECT m.*, e.name AS enterprise_name FROM enterprise_member m JOIN enterprise e ON e.id = m.enterprise_id
          WHERE m.user_id = $1`,
    params: byUser,
  },
  {
    table: 'membership_event',
    title: '会员开通与撤销',
    sql: 'SELECT * FROM membership_event WHERE user_id = $1 ORDER BY occurred_at',
    params: byUser,
  },
  {
    table: 'membership_audit',
    title: '会员变更记录',
    sql: 'SELECT * FROM membership_audit WHERE user_id = $1 ORDER BY created_at',
    params: byUser,
  },
  {
    table: 'quota_usage',
    title: '每日权益用量',
    sql: 'SELECT * FROM quota_usage WHERE user_id = $1 ORDER BY day',
    params: byUser,
  },
  {
    table: 'quota_item_use',
    title: '权益用量明细',
    sql: 'SELECT * FROM quota_item_use WHERE user_id = $1 ORDER BY used_at',
    params: byUser,
  },
  {
    table: 'member_order',
    title: '会员订单',
    sql: 'SELECT * FROM member_order WHERE user_id = $1 ORDER BY created_at',
    params: byUser,
  },
  {
    table: 'payment_event',
    title: '订单支付记录',
    sql: `SELECT p.* FROM payment_event p JOIN member_order o ON o.order_no = p.order_no WHERE o.user_id = $1
          ORDER BY p.created_at`,
    params: byUser,
  },
  {
    table: 'coupon',
    title: '优惠券',
    sql: 'SELECT * FROM coupon WHERE user_id = $1 ORDER BY id',
    params: byUser,
  },
  {
    table: 'activity_participation',
    title: '活动参与记录',
    sql: 'SELECT * FROM activity_participation WHERE user_id = $1',
    params: byUser,
  },
  {
    table: 'buy_point',
    title: '购买过程记录',
    sql: 'SELECT * FROM buy_point WHERE user_id = $1 ORDER BY created_at',
    params: byUser,
  },
  {
    table: 'search_history',
    title: '搜索记录',
    sql: 'SELECT * FROM search_history WHERE user_id = $1 ORDER BY searched_at',
    params: byUser,
  },
  {
    table: 'browse_history',
    title: '浏览记录',
    sql: 'SELECT * FROM browse_history WHERE user_id = $1 ORDER BY last_viewed_at',
    params: byUser,
  },
  {
    table: 'item_follow',
    title: '关注的项目',
    sql: 'SELECT * FROM item_follow WHERE user_id = $1 ORDER BY followed_at',
    params: byUser,
  },
  {
    table: 'subscription_group',
    title: '订阅',
    sql: 'SELECT * FROM subscription_group WHERE user_id = $1 ORDER BY id',
    params: byUser,
  },
  {
    table: 'company_monitor',
    title: '公司监控',
    sql: 'SELECT * FROM company_monitor WHERE user_id = $1 ORDER BY id',
    params: byUser,
  },
  {
    table: 'project_monitor',
    title: '项目监控',
    sql: 'SELECT * FROM project_monitor WHERE user_id = $1 ORDER BY id',
    params: byUser,
  },
  {
    table: 'subscription_feed',
    title: '订阅推送的信息',
    sql: 'SELECT * FROM subscription_feed WHERE user_id = $1 ORDER BY id',
    params: byUser,
  },
  {
    table: 'push_setting',
    title: '推送设置',
    sql: 'SELECT * FROM push_setting WHERE user_id = $1',
    params: byUser,
  },
  {
    table: 'digest_sent',
    title: '订阅日报发送记录',
    sql: 'SELECT * FROM digest_sent WHERE user_id = $1 ORDER BY day',
    params: byUser,
  },
  {
    table: 'export_record',
    title: '导出记录',
    sql: 'SELECT * FROM export_record WHERE user_id = $1 ORDER BY created_at',
    params: byUser,
  },
  {
    table: 'project_analysis_request',
    title: '项目分析与对接申请',
    sql: 'SELECT * FROM project_analysis_request WHERE user_id = $1 ORDER BY created_at',
    params: byUser,
  },
  {
    table: 'enterprise_name_click',
    title: '企业名称点击记录',
    sql: 'SELECT * FROM enterprise_name_click WHERE user_id = $1 ORDER BY clicked_at',
    params: byUser,
  },
  {
    table: 'audit_log',
    title: '账号操作记录',
    sql: 'SELECT * FROM audit_log WHERE user_id = $1 ORDER BY created_at',
    params: byUser,
  },
];

/** JSON-safe values: bigints as numbers when exact, else as strings; dates as ISO strings. */
function jsonValue(value: unknown): unknown {
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : String(value);
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(jsonValue);
  return value;
}

/** 个人信息副本: one section per table, in the order above, each with the member's rows. */
export async function personalDataCopy(db: Queryable, member: Member, at: Date): Promise<PersonalData> {
  const sections = [];
  for (const source of PERSONAL_DATA_SOURCES) {
    const rows = await db.query<Record<string, unknown>>(source.sql, source.params(member));
    sections.push({
      table: source.table,
      title: source.title,
      rows: rows.map((row) =>
        Object.fromEntries(Object.entries(row).map(([key, value]) => [key, jsonValue(value)])),
      ),
    });
  }
  return { exportedAt: at.toISOString(), brand: member.brandId, sections };
}

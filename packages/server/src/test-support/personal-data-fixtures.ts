import { randomInt } from 'node:crypto';
import { callApi } from './call-api';
import { addTenderItems, callAs, grant, type MemberTestUser } from './membership-fixtures';
import { buy } from './order-fixtures';
import { consentVersionOf, newMobile, signIn } from './sign-in';
import type { TestServer } from './test-server';

const SURNAMES = '赵钱孙李周吴郑冯陈褚卫蒋沈韩杨朱秦尤许何吕施张孔曹严华金魏陶姜';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红';
let nextName = 0;

/** A three-character name no other member of this process has (the counter picks the last character). */
function uniqueRealName(): string {
  nextName += 1;
  const pick = (chars: string, index: number) => chars[index % chars.length] as string;
  return `${pick(SURNAMES, randomInt(SURNAMES.length))}${pick(GIVEN, randomInt(GIVEN.length))}${pick(GIVEN, nextName)}${nextName > GIVEN.length ? pick(SURNAMES, nextName) : ''}`;
}

export interface MemberEverywhere extends MemberTestUser {
  realUserName: string;
  /** The phone the account had before it moved to `mobile` (it stays in the audit of the change). */
  earlierMobile: string;
}

export async function outboxCode(server: TestServer, brand: string, mobile: string): Promise<string> {
  const outbox = await server.app.inject({
    method: 'GET',
    url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=${brand}`,
  });
  return outbox.json().data.code;
}

/** A code for `purpose` sent to `mobile` with the brand's consent, read from the dev outbox. */
export async function sentCode(
  server: TestServer,
  brand: string,
  mobile: string,
  purpose: string,
): Promise<string> {
  server.clock.advance(13 * 60_000);
  const sent = await callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
    brand,
    params: { mobile, purpose, consentVersion: consentVersionOf(brand) },
    remoteAddress: `127.9.${randomInt(256)}.${randomInt(1, 255)}`,
  });
  if (sent.code !== 200) throw new Error(`sendMessageCode answered ${sent.code} ${sent.message}`);
  return outboxCode(server, brand, mobile);
}

/**
 * A member with rows in every table that mentions a member: through the HTTP flows where they are short (sign-in,
 * profile, phone change, coupons, an order paid on the sandbox), by insert for the rest. Personal text (the real
 * name, the phone) goes into the free-text fields, so a scan after cancellation has something to miss.
 */
export async function memberInEveryTable(server: TestServer, brand = 'alpha'): Promise<MemberEverywhere> {
  const earlierMobile = newMobile();
  const realUserName = uniqueRealName();
  const user = await signIn(server, brand, earlierMobile, { completeProfile: false });
  let member: MemberTestUser = { ...user, brand, mobile: earlierMobile };
  const perfect = await callAs(server, member, 'GET', '/webchat/api/perfect', {
    realUserName,
    companyName: `${realUserName}的测试公司`,
    email: `${earlierMobile}@example.com`,
  });
  if (perfect.code !== 200) throw new Error(`perfect answered ${perfect.code} ${perfect.message}`);

  const mobile = newMobile();
  const code = await sentCode(server, brand, mobile, 'updatePhone');
  const moved = await callAs(server, member, 'POST', '/webchat/api/userCenter/updatePhone', { mobile, code });
  if (moved.code !== 200) throw new Error(`updatePhone answered ${moved.code} ${moved.message}`);
  member = { ...member, mobile };
  // A consent given from the current phone once it is the account's (recorded with the account).
  await sentCode(server, brand, mobile, 'frozen');

  const [activity] = await server.db.query<{ id: number }>(
    "SELECT id FROM activity WHERE brand_id = $1 AND code = 'first-login'",
    [brand],
  );
  await callAs(server, member, 'POST', '/webchat/api/activity/joinActivity', { actiId: activity?.id });
  await buy(server, member, 'toubiaotong', 12);
  const apiKey = await callAs(server, member, 'POST', '/webchat/api/api-keys/create', {
    name: `${realUserName}的密钥`,
  });
  if (apiKey.code !== 200) throw new Error(`api-keys/create answered ${apiKey.code} ${apiKey.message}`);
  const webhook = await callAs(server, member, 'POST', '/webchat/api/api-keys/webhook', {
    id: apiKey.data.id,
    url: 'https://crm.example.com/tender-hook',
  });
  if (webhook.code !== 200) throw new Error(`api-keys/webhook answered ${webhook.code} ${webhook.message}`);
  await grant(server, { userId: member.userId, brand }, 'qiyetong', 1);

  const [itemId] = await addTenderItems(server, 'zb', '110000');
  const now = server.clock.now();
  const day = now.toISOString().slice(0, 10);
  const { userId } = member;
  const insert = (sql: string, params: unknown[]) => server.db.query(sql, params);
  await insert(
    `INSERT INTO qr_login_ticket (brand_id, claim_secret_hash, remember, created_at, expires_at, scanned_at,
       confirmed_at, user_id, sign_in_id, provider, consent_version, ip, openid)
     VALUES ($1, $2, false, $3, $3, $3, $3, $4, $5, 'wechat', $6, '192.0.2.8', $7)`,
    [brand, `secret-${userId}`, now, userId, `signin-${userId}`, consentVersionOf(brand), `openid-${userId}`],
  );
  const [enterprise] = await server.db.query<{ id: number }>(
    'INSERT INTO enterprise (brand_id, name, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id',
    [brand, '测试企业', now],
  );
  await insert(
    `INSERT INTO enterprise_member (user_id, enterprise_id, brand_id, role, joined_at)
     VALUES ($1, $2, $3, 'primary', $4)`,
    [userId, enterprise?.id, brand, now],
  );
  await insert(
    `INSERT INTO api_webhook_delivery (api_key_id, user_id, feed_id, payload, status, next_attempt_at, created_at)
     VALUES ($1, $2, 1, $3, 'delivered', $4, $4)`,
    [apiKey.data.id, userId, JSON.stringify({ item: { id: itemId, title: `${realUserName}的推送` } }), now],
  );
  await insert(
    `INSERT INTO renewal_subscription (brand_id, user_id, within_days, area_codes, industry_codes, updated_at)
     VALUES ($1, $2, 90, '{110000}', '{}', $3)`,
    [brand, userId, now],
  );
  await insert(
    `INSERT INTO renewal_match (brand_id, user_id, item_id, predicted_end_date, matched_at)
     VALUES ($1, $2, $3, '2026-06-30', $4)`,
    [brand, userId, itemId, now],
  );
  await insert('INSERT INTO quota_usage (user_id, privilege_key, day, used) VALUES ($1, $2, $3, 1)', [
    userId,
    'detail',
    day,
  ]);
  await insert(
    `INSERT INTO quota_item_use (user_id, privilege_key, day, item_kind, item_id, used_at)
     VALUES ($1, 'detail', $2, 'item', $3, $4)`,
    [userId, day, String(itemId), now],
  );
  await insert(
    `INSERT INTO buy_point (brand_id, user_id, event, member_code, detail, created_at)
     VALUES ($1, $2, 'open', 'toubiaotong', '{}', $3)`,
    [brand, userId, now],
  );
  await insert(
    `INSERT INTO search_history (brand_id, user_id, kind, keyword, conditions, searched_at)
     VALUES ($1, $2, 'tender', $3, '{}', $4)`,
    [brand, userId, `${realUserName} 联系电话 ${mobile}`, now],
  );
  await insert(
    `INSERT INTO browse_history (user_id, item_id, item_type, day, first_viewed_at, last_viewed_at)
     VALUES ($1, $2, 'zb', $3, $4, $4)`,
    [userId, itemId, day, now],
  );
  await insert(
    "INSERT INTO item_follow (user_id, item_id, item_type, followed_at) VALUES ($1, $2, 'zb', $3)",
    [userId, itemId, now],
  );
  await insert(
    `INSERT INTO subscription_group (brand_id, user_id, kind, name, include_words, created_at, updated_at)
     VALUES ($1, $2, 'tender', $3, '{监理}', $4, $4)`,
    [brand, userId, `${realUserName}的订阅`, now],
  );
  const [company] = await server.db.query<{ id: number }>(
    'INSERT INTO company (name, normalized_name) VALUES ($1, $1) RETURNING id',
    [`测试监控公司${userId}`],
  );
  await insert(
    `INSERT INTO company_monitor (brand_id, user_id, company_id, role, created_at)
     VALUES ($1, $2, $3, 'rival', $4)`,
    [brand, userId, company?.id, now],
  );
  await insert(
    'INSERT INTO project_monitor (brand_id, user_id, item_id, created_at) VALUES ($1, $2, $3, $4)',
    [brand, userId, itemId, now],
  );
  await insert(
    `INSERT INTO subscription_feed (brand_id, user_id, item_id, feed, doc_type, matched_at)
     VALUES ($1, $2, $3, 'bidding', 'zb', $4)`,
    [brand, userId, itemId, now],
  );
  await insert(
    'INSERT INTO push_setting (user_id, brand_id, digest_email, updated_at) VALUES ($1, $2, $3, $4)',
    [userId, brand, `${mobile}@example.com`, now],
  );
  await insert('INSERT INTO digest_sent (user_id, day, items, sent_at) VALUES ($1, $2, 3, $3)', [
    userId,
    day,
    now,
  ]);
  await insert(
    `INSERT INTO export_record (brand_id, user_id, conditions, file_name, status, matched, allowed, created_at)
     VALUES ($1, $2, '{}', $3, 'done', 1, 1, $4)`,
    [brand, userId, `${realUserName}的导出.xlsx`, now],
  );
  await insert(
    `INSERT INTO project_analysis_request (brand_id, user_id, kind, item_id, contact_name, contact_phone, created_at)
     VALUES ($1, $2, 'docking', $3, $4, $5, $6)`,
    [brand, userId, itemId, realUserName, mobile, now],
  );
  await insert(
    'INSERT INTO enterprise_name_click (brand_id, user_id, company_name, item_id, clicked_at) VALUES ($1, $2, $3, $4, $5)',
    [brand, userId, '测试监控公司', itemId, now],
  );
  return { ...member, realUserName, earlierMobile };
}

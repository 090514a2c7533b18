import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EndpointDefinition } from '@tender/contracts';
import { API_ENDPOINTS } from '@tender/contracts/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { hanWord, importRecords, tenderRecord } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import {
  callAs,
  grant,
  type MemberTestUser,
  newMember,
  newSubAccount,
} from '../test-support/membership-fixtures';
import { productOf } from '../test-support/order-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { requestSchema, validRequest } from './endpoint-samples';

/**
 * Owners (spec §8: a member's orders, exports, subscriptions, monitors, follows, history, coupons, enterprise and
 * avatar are theirs alone). Member A owns one of everything; member B, signed in with every privilege, calls each
 * endpoint naming A's object. Each call must answer exactly what naming an object that does not exist answers
 * (the refusal, 404 unless the case says otherwise), reveal none of A's data, and leave every row of A's in every
 * table, and A's files, byte for byte as they were.
 *
 * The cases are found from the contracts: a request field that names a stored object (an id, ids, an order
 * number) must be either a case below or listed in NOT_OWNED with the reason. A new endpoint with such a field
 * fails here until it is one or the other.
 */

/** A request field naming a stored object: `id`, `ids`, `…Id`, `…Ids`, `…No`. */
const NAMES_AN_OBJECT = /^(?:id|ids)$|Ids?$|No$/;

/** The objects of A's the cases name, made through the API in beforeAll. */
interface OwnerObjects {
  orderId: number;
  orderNo: string;
  exportId: number;
  groupId: number;
  feedId: number;
  companyMonitorId: number;
  couponId: number;
  apiKeyId: number;
  /** A's sub-account, and A as the main account of its enterprise. */
  subUserId: number;
  primaryUserId: number;
  /** Announcements A follows, viewed (browsing history) and monitors, and one nobody touched. */
  followedItem: number;
  browsedItem: number;
  monitoredItem: number;
  untouchedItem: number;
}

interface OwnedCase {
  /** What the field is set to: A's object. */
  owned(objects: OwnerObjects): unknown;
  /** What naming an object that is not A's answers: one that does not exist, or an untouched announcement. */
  control(objects: OwnerObjects): unknown;
  /** The envelope code both answer: 404 unless said. */
  code?: number;
  /** Answers that carry a new object of B's (an order): only their code and message are compared. */
  compare?: 'envelope';
  /** Fields the contract asks for together with this one. */
  with?: Record<string, unknown>;
}

const MISSING = 987_654_321;
const refused404 = (field: keyof OwnerObjects): OwnedCase => ({
  owned: (objects) => objects[field],
  control: () => MISSING,
});
/**
 * The id picks among the caller's own rows (their follows, browsing history, monitors, feed): for A's object
 * the answer is the one for an announcement or a group the caller never touched.
 */
const ownRowsOnly = (field: keyof OwnerObjects, control: keyof OwnerObjects | 'missing', code = 200) => ({
  owned: (objects: OwnerObjects) => objects[field],
  control: (objects: OwnerObjects) => (control === 'missing' ? MISSING : objects[control]),
  code,
});
const asList = (inner: OwnedCase): OwnedCase => ({
  ...inner,
  owned: (objects) => [inner.owned(objects)],
  control: (objects) => [inner.control(objects)],
});

/** `METHOD path field` → how B names A's object there, and what it answers. */
const OWNED: Record<string, OwnedCase> = {
  'POST /webchat/api/payPrepay orderId': refused404('orderId'),
  'POST /webchat/api/payPrepay orderNo': {
    owned: (objects) => objects.orderNo,
    control: () => 'T2026030100000000001',
  },
  'POST /webchat/api/order/qrcode orderId': refused404('orderId'),
  'POST /webchat/api/order/status orderId': refused404('orderId'),
  'POST /webchat/api/findOrder orderNo': {
    owned: (objects) => objects.orderNo,
    control: () => 'T2026030100000000001',
  },
  // The purchase funnel's note is stored as the caller's own event; the order number is the client's word.
  'POST /webchat/api/data/buyPoint orderNo': {
    owned: (objects) => objects.orderNo,
    control: () => 'T2026030100000000001',
    code: 200,
  },
  // A coupon is the server's choice among the buyer's own (src/orders): another's id is not even looked at.
  'POST /webchat/api/submitOrder couponId': { ...ownRowsOnly('couponId', 'missing'), compare: 'envelope' },
  'POST /webchat/api/order/create couponId': { ...ownRowsOnly('couponId', 'missing'), compare: 'envelope' },
  'POST /webchat/api/toOpenMember couponId': { ...ownRowsOnly('couponId', 'missing'), compare: 'envelope' },
  'GET /webchat/api/project/getNowNumStatus id': refused404('exportId'),
  'GET /webchat/api/project/exportFile id': refused404('exportId'),
  'POST /webchat/api/subscribe/group/save id': refused404('groupId'),
  'POST /webchat/api/api-keys/revoke id': refused404('apiKeyId'),
  'POST /webchat/api/api-keys/webhook id': { ...refused404('apiKeyId'), with: { url: '' } },
  'POST /webchat/api/api-keys/deliveries id': refused404('apiKeyId'),
  'POST /webchat/api/subscribe/feed/list groupId': ownRowsOnly('groupId', 'missing'),
  'POST /webchat/api/subscribe/feed/read groupId': ownRowsOnly('groupId', 'missing'),
  'POST /webchat/api/subscribe/feed/read feedIds': asList(ownRowsOnly('feedId', 'missing')),
  // Deleting is idempotent in these contracts: `removed: false` for a group or monitor that is not (or no longer)
  // there, and the same for another member's.
  'POST /webchat/api/subscribe/group/delete id': ownRowsOnly('groupId', 'missing'),
  'POST /webchat/api/company-monitor/delete id': ownRowsOnly('companyMonitorId', 'missing'),
  'GET /webchat/api/project-monitor/getDocumentIsMonitor id': ownRowsOnly('monitoredItem', 'untouchedItem'),
  // The calls that remove: a monitor ended, a follow cancelled.
  'GET /webchat/api/project-monitor/saveOrUpdateProjectMonitor id': {
    ...ownRowsOnly('monitoredItem', 'untouchedItem'),
    with: { isMonitor: '0' },
  },
  'POST /webchat/common/saveBrowseCollection id': {
    ...ownRowsOnly('followedItem', 'untouchedItem'),
    with: { action: 'uncollect' },
  },
  'POST /webchat/api/spxm/user-browse-collection/add/collection id': ownRowsOnly(
    'followedItem',
    'untouchedItem',
  ),
  'POST /webchat/api/spxm/user-browse-collection/del/collection id': ownRowsOnly(
    'followedItem',
    'untouchedItem',
  ),
  'POST /webchat/api/user-browse-collection/collectMap ids': asList(
    ownRowsOnly('followedItem', 'untouchedItem'),
  ),
  'POST /webchat/api/user-browse-collection/del/browse id': ownRowsOnly('browsedItem', 'untouchedItem'),
  // The enterprise contract refuses a main account's action on any account not its own sub-account with 403 and
  // one message, the same for another enterprise's account as for an account that does not exist.
  'GET /webchat/api/enterprise/account/remove userId': { ...refused404('subUserId'), code: 403 },
  'POST /webchat/api/enterprise/account/update userId': {
    ...refused404('subUserId'),
    code: 403,
    with: { remark: '越权备注' },
  },
  'POST /webchat/api/enterprise/account/invite-qrcode primaryUserId': {
    ...refused404('primaryUserId'),
    code: 403,
  },
};

/**
 * Fields that name an object no member owns — the shared catalogue (products, activities, companies) or a public
 * announcement, where the call reads it (under the caller's own quota) or acts only on the caller's own rows.
 * Keyed by field alone where the name means the same in every contract; `id` is per endpoint.
 */
const NOT_OWNED_FIELDS: Record<string, string> = {
  productId: "a product of the brand's catalogue",
  actiId: "an activity of the brand's catalogue",
  companyId: 'a company of the public tender data',
};
const ANNOUNCEMENT = 'a public announcement or project; what the call spends is the caller’s own quota';
const NOT_OWNED: Record<string, string> = {
  'POST /webchat/api/auth/preProjectDetailAuth id': ANNOUNCEMENT,
  'GET /webchat/api/auth/designedCountSeeAuth id': ANNOUNCEMENT,
  'POST /webchat/api/auth/shenPiProjectAuth id': ANNOUNCEMENT,
  'GET /webchat/api/auth/improveInformationAuth id': ANNOUNCEMENT,
  'GET /webchat/api/auth/getDetailLinkPermission id': ANNOUNCEMENT,
  'POST /webchat/api/auth/downloadAnnouncementAuth id': ANNOUNCEMENT,
  'GET /webchat/api/auth/downloadAttachmentsAuth id': ANNOUNCEMENT,
  'POST /webchat/api/auth/toubiaoPredictAuth id': ANNOUNCEMENT,
  'POST /webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails id': ANNOUNCEMENT,
  'POST /webchat/api/zhaozhongbiaoDetails/selZhongbiaoDetails id': ANNOUNCEMENT,
  'POST /webchat/api/designedInfo/selDesignedInfo id': ANNOUNCEMENT,
  'GET /webchat/api/zhaozhongbiaoDetails/getDetailLink id': ANNOUNCEMENT,
  'POST /webchat/api/zhaozhongbiaoDetails/getProjectDocuments id': ANNOUNCEMENT,
  'GET /webchat/api/zhaozhongbiaoDetails/downloadDocument id': ANNOUNCEMENT,
  'POST /webchat/client/spxm/detail id': ANNOUNCEMENT,
  'POST /webchat/api/point/click-enterprise-name/add id': ANNOUNCEMENT,
  'POST /webchat/api/zhaozhongbiaoDetails/toubiao-forecast/list id': ANNOUNCEMENT,
  'POST /webchat/api/zhaozhongbiaoDetails/toubiao/list id': ANNOUNCEMENT,
  'POST /webchat/api/zhaoBiaoInfo/project-analysis/export id': ANNOUNCEMENT,
  'POST /webchat/api/zhaoBiaoInfo/project-analysis/view id': ANNOUNCEMENT,
  'POST /webchat/api/zhaozhongbiaoDetails/isFirstTimeDownloadAnnouncement id': ANNOUNCEMENT,
  'POST /webchat/api/zhaozhongbiaoDetails/selMedicalDetails id': ANNOUNCEMENT,
  'POST /webchat/api/ma/getQrcode id': ANNOUNCEMENT,
  'POST /webchat/api/zhaozhongbiaoDetails/getEmailForExportAnalysisProject id': ANNOUNCEMENT,
  'POST /webchat/api/order/project-analysis-docking/submitOrder id': ANNOUNCEMENT,
  // A QR sign-in is no member's until it is claimed, and only its claim secret claims it (auth/qr-login.test.ts).
  'POST /webchat/api/maQrcodeLogin/checkQrcode signInId': 'a QR sign-in, claimed with its secret, not its id',
};

const keyOf = (endpoint: EndpointDefinition) => `${endpoint.method} ${endpoint.path}`;

/** Every `METHOD path field` of the contracts whose field names a stored object. */
function objectFields(): { key: string; endpoint: EndpointDefinition; field: string }[] {
  return API_ENDPOINTS.flatMap((endpoint) =>
    Object.keys(requestSchema(endpoint).properties ?? {})
      .filter((field) => NAMES_AN_OBJECT.test(field))
      .map((field) => ({ key: `${keyOf(endpoint)} ${field}`, endpoint, field })),
  );
}

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Every row of the owner's in every table: the tables with a `user_id` (found from the schema, so a new table
 * is covered), the accounts, their enterprise, and the payment events of their orders — as JSON, in a fixed order.
 */
async function ownerRows(db: Queryable, userIds: number[]): Promise<Record<string, string[]>> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.columns
      WHERE table_schema = current_schema() AND column_name = 'user_id' ORDER BY table_name`,
  );
  const selects: Record<string, string> = {
    user_account: 'SELECT t.* FROM user_account t WHERE t.id = ANY($1::bigint[])',
    enterprise: `SELECT t.* FROM enterprise t
                  WHERE t.id IN (SELECT enterprise_id FROM enterprise_member WHERE user_id = ANY($1::bigint[]))`,
    payment_event: `SELECT t.* FROM payment_event t
                     WHERE t.order_no IN (SELECT order_no FROM member_order WHERE user_id = ANY($1::bigint[]))`,
  };
  for (const { name } of tables) {
    if (/^[a-z_][a-z0-9_]*$/.test(name))
      selects[name] = `SELECT t.* FROM ${name} t WHERE t.user_id = ANY($1::bigint[])`;
  }
  const rows: Record<string, string[]> = {};
  for (const [name, sql] of Object.entries(selects)) {
    const found = await db.query<{ row: string }>(
      `SELECT row_to_json(r)::text AS row FROM (${sql}) r ORDER BY 1`,
      [userIds],
    );
    rows[name] = found.map(({ row }) => row);
  }
  return rows;
}

/** The tables whose rows of A's differ, each with the rows before and after. */
function changedTables(before: Record<string, string[]>, after: Record<string, string[]>) {
  return Object.keys({ ...before, ...after })
    .filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]))
    .map((name) => ({ table: name, before: before[name], after: after[name] }));
}

/** The answer with the ids that differ by design between two calls (the one named, the caller's) replaced. */
function withoutIds(value: unknown, ids: unknown[]): unknown {
  if (ids.includes(value) || (typeof value === 'string' && ids.map(String).includes(value))) return '<id>';
  if (Array.isArray(value)) return value.map((entry) => withoutIds(entry, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [
        ids.map(String).includes(key) ? '<id>' : key,
        withoutIds(entry, ids),
      ]),
    );
  }
  return value;
}

describe.each(testDatabaseTargets())('owner access matrix on $name', (target) => {
  let server: TestServer;
  let dir: string;
  let owner: MemberTestUser;
  let ownerSub: MemberTestUser;
  let other: MemberTestUser;
  let objects: OwnerObjects;
  /** Texts only A's data holds: none may appear in an answer to B. */
  let secrets: string[];
  /** A's files: the avatar and the export's workbook, by their SHA-256. */
  let ownerFiles: () => Promise<Record<string, string>>;

  const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

  function send(endpoint: EndpointDefinition, user: MemberTestUser, fields: Record<string, unknown>) {
    const globals = { brand: user.brand, version: 20 };
    if (endpoint.path.endsWith('/upload/avatar')) {
      const boundary = 'owner-matrix';
      return server.app.inject({
        method: 'POST',
        url: `${endpoint.path}?brand=${user.brand}&version=20`,
        headers: { ...user.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          PNG,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    }
    const all = { ...globals, ...fields };
    return endpoint.method === 'GET'
      ? server.app.inject({
          method: 'GET',
          url: `${endpoint.path}?${new URLSearchParams(Object.entries(all).map(([key, value]) => [key, String(value)] as [string, string]))}`,
          headers: user.headers,
        })
      : server.app.inject({ method: 'POST', url: endpoint.path, headers: user.headers, payload: all });
  }

  /** A member of the same brand and level as A, with an enterprise of its own. */
  async function newIntruder() {
    const intruder = await newMember(server, 'alpha');
    await grant(server, intruder, 'qiye', 12);
    return intruder;
  }

  const endpointOf = (method: string, path: string) =>
    API_ENDPOINTS.find(
      (endpoint) => endpoint.method === method && endpoint.path === path,
    ) as EndpointDefinition;

  beforeAll(async () => {
    server = await startTestServer(target);
    dir = mkdtempSync(join(tmpdir(), 'tender-owner-matrix-'));
    const tag = hanWord(3);
    owner = await newMember(server, 'alpha');
    other = await newMember(server, 'alpha');
    const as = (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) =>
      callAs(server, owner, method, path, params);
    const ok = async (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) => {
      const answer = await as(method, path, params);
      if (answer.code !== 200) throw new Error(`${path} answered ${answer.code} ${answer.message}`);
      return answer.data;
    };
    // Coupons: the first-login activity's, joined before the level is granted.
    const activity = await ok('POST', '/webchat/api/activity/detail', {});
    await ok('POST', '/webchat/api/activity/joinActivity', { actiId: activity.id });
    const coupons = await ok('POST', '/webchat/api/myCouponList', {});
    await grant(server, owner, 'qiye', 12);
    await grant(server, other, 'qiye', 12);

    // Subscriptions and their feed: a group whose word the next import matches.
    const groupName = `甲的分组${tag}`;
    const group = await ok('POST', '/webchat/api/subscribe/group/save', {
      kind: 'tender',
      name: groupName,
      includeWords: [tag],
    });
    await importRecords(server, dir, [
      tenderRecord({ title: `${tag}设备采购公告`, parties: [{ role: 'purchaser', name: `${tag}医院` }] }),
      tenderRecord({ title: `${tag}维修采购公告` }),
      tenderRecord({ title: `${tag}保洁采购公告` }),
      tenderRecord({ title: `${tag}绿化采购公告` }),
    ]);
    const feed = await ok('POST', '/webchat/api/subscribe/feed/list', { feed: 'bidding' });
    const items = (feed.records as { id: number; feedId: number }[]).map((record) => record.id).sort();
    const [followedItem, browsedItem, monitoredItem, untouchedItem] = items as [
      number,
      number,
      number,
      number,
    ];
    // Follows, history, monitors, search history and the push setting.
    await ok('POST', '/webchat/api/spxm/user-browse-collection/add/collection', {
      id: followedItem,
      type: 'zb',
    });
    await ok('POST', '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails', { id: browsedItem });
    await ok('GET', '/webchat/api/project-monitor/saveOrUpdateProjectMonitor', {
      id: monitoredItem,
      isMonitor: '1',
    });
    await ok('POST', '/webchat/api/company-monitor/save', { role: 'owner', companyName: `${tag}医院` });
    const monitors = await ok('POST', '/webchat/api/company-monitor/list', {});
    await ok('POST', '/webchat/api/searchList', { keyword: tag });
    const digestEmail = `owner-${Number.parseInt(createHash('md5').update(tag).digest('hex').slice(0, 8), 16)}@example.com`;
    await ok('POST', '/webchat/api/subscribe/push-setting/save', { digestEmail });
    // An export, finished.
    const exported = await ok('POST', '/webchat/api/project/dataExportOrder', {
      keyword: tag,
      searchType: 20,
    });
    for (let attempt = 0; attempt < 400; attempt += 1) {
      const status = await ok('GET', '/webchat/api/project/getNowNumStatus', { id: exported.record.id });
      if (status.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    // An order with its payment QR code.
    const product = await productOf(server, owner, 'qiye', 12);
    const order = await ok('POST', '/webchat/api/submitOrder', { memberCode: 'qiye', productId: product.id });
    await ok('POST', '/webchat/api/order/qrcode', { orderId: order.orderId });
    // The enterprise: a sub-account with a remark, and the avatar.
    ownerSub = await newSubAccount(server, owner);
    const remark = `甲的备注${tag}`;
    await ok('POST', '/webchat/api/enterprise/account/update', { userId: ownerSub.userId, remark });
    const apiKey = await ok('POST', '/webchat/api/api-keys/create', { name: `甲的密钥${tag}` });
    const avatar = await send(endpointOf('POST', '/webchat/api/upload/avatar'), owner, {});
    if (avatar.json().code !== 200) throw new Error(`avatar answered ${avatar.body}`);

    objects = {
      orderId: order.orderId,
      orderNo: order.orderNo,
      exportId: exported.record.id,
      groupId: group.id,
      feedId: (feed.records as { feedId: number }[])[0]?.feedId as number,
      companyMonitorId: monitors.records[0]?.id,
      couponId: coupons.records[0].couponId,
      apiKeyId: apiKey.id,
      subUserId: ownerSub.userId,
      primaryUserId: owner.userId,
      followedItem,
      browsedItem,
      monitoredItem,
      untouchedItem,
    };
    for (const [name, value] of Object.entries(objects)) {
      if (typeof value !== 'number' && typeof value !== 'string') throw new Error(`no ${name}: ${value}`);
    }
    secrets = [owner.mobile, ownerSub.mobile, objects.orderNo, groupName, remark, digestEmail, apiKey.secret];
    const avatarPath = (await ok('GET', '/webchat/api/userDetail')).headimgurl as string;
    ownerFiles = async () => {
      const workbook = await send(endpointOf('GET', '/webchat/api/project/exportFile'), owner, {
        id: objects.exportId,
      });
      const image = await server.app.inject({ method: 'GET', url: new URL(avatarPath, 'http://x').pathname });
      if (workbook.statusCode !== 200 || image.statusCode !== 200) throw new Error("A's files are not there");
      return { workbook: sha256(workbook.rawPayload), avatar: sha256(image.rawPayload) };
    };
  });

  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('knows every request field that names a stored object: an owned case, or listed as not owned', () => {
    const unknown = objectFields()
      .filter(({ key, field }) => !(key in OWNED) && !(key in NOT_OWNED) && !(field in NOT_OWNED_FIELDS))
      .map(({ key }) => key);
    expect(unknown).toEqual([]);
    // And no case of an endpoint or field the contracts no longer have.
    const fields = new Set(objectFields().map(({ key }) => key));
    expect(Object.keys({ ...OWNED, ...NOT_OWNED }).filter((key) => !fields.has(key))).toEqual([]);
  });

  const cases = objectFields().filter(({ key }) => key in OWNED);

  it.each(cases.map((entry) => [entry.key, entry] as const))(
    'B naming A’s object in %s gets what a missing object gets, sees nothing of A’s, changes nothing of A’s',
    async (_key, { key, endpoint, field }) => {
      const owned = OWNED[key] as OwnedCase;
      const sample = validRequest(endpoint);
      // A reads its files as itself (its session moves), so they are read outside the rows' before and after.
      const filesBefore = await ownerFiles();
      const before = await ownerRows(server.db, [owner.userId, ownerSub.userId]);
      // Two intruders alike, so a call that changes the caller's own state (a follow, a monitor) cannot make the
      // second answer differ: one names A's object, the other the control.
      const [intruder, twin] = [await newIntruder(), await newIntruder()];
      const answer = await send(endpoint, intruder, {
        ...sample,
        ...owned.with,
        [field]: owned.owned(objects),
      });
      const rowsAfter = await ownerRows(server.db, [owner.userId, ownerSub.userId]);
      const control = await send(endpoint, twin, {
        ...sample,
        ...owned.with,
        [field]: owned.control(objects),
      });

      const envelope = answer.json();
      expect(envelope.code, answer.body).toBe(owned.code ?? 404);
      // The same answer as for an object that is not A's: no oracle of what A has.
      const comparable = (body: { code: number; message: string; data: unknown }, named: unknown) =>
        owned.compare === 'envelope'
          ? { code: body.code, message: body.message }
          : withoutIds(body, [named, intruder.userId, twin.userId].flat());
      expect(comparable(envelope, owned.owned(objects))).toEqual(
        comparable(control.json(), owned.control(objects)),
      );
      for (const secret of secrets) expect(answer.body).not.toContain(secret);
      expect(changedTables(before, rowsAfter)).toEqual([]);
      expect(await ownerFiles()).toEqual(filesBefore);
    },
  );

  // Every endpoint with its contract's sample, as B: whatever it is, nothing of A's changes or shows.
  // Logging out and freezing end B's session: last.
  const lastOnes = ['/webchat/api/login/frozenAccount', '/webchat/api/login/logout'];
  const everyEndpoint = [...API_ENDPOINTS].sort(
    (a, b) => lastOnes.indexOf(a.path) - lastOnes.indexOf(b.path),
  );

  it.each(everyEndpoint.map((endpoint) => [keyOf(endpoint), endpoint] as const))(
    '%s called by B leaves A’s rows and files as they were and shows nothing of A’s',
    async (_key, endpoint) => {
      const filesBefore = await ownerFiles();
      const before = await ownerRows(server.db, [owner.userId, ownerSub.userId]);
      const sample = endpoint.path.endsWith('/upload/avatar') ? {} : validRequest(endpoint);
      const answer = await send(endpoint, other, sample);
      const after = await ownerRows(server.db, [owner.userId, ownerSub.userId]);
      for (const secret of secrets) expect(answer.body, secret).not.toContain(secret);
      expect(changedTables(before, after)).toEqual([]);
      expect(await ownerFiles()).toEqual(filesBefore);
    },
  );
});

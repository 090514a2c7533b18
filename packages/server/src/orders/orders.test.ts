import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import {
  callAs,
  grant,
  type MemberTestUser,
  newMember,
  newSubAccount,
} from '../test-support/membership-fixtures';
import {
  buy,
  grantsOf,
  notify,
  pathOf,
  payOnSandboxPage,
  productOf,
  submitOrder,
  testOrderService,
  testSandbox,
} from '../test-support/order-fixtures';
import { raceTest } from '../test-support/real-concurrency';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { orderQueries } from './queries';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** 'YYYY-MM-DD HH:mm:ss' China time → epoch ms. */
const chinaTime = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);

describe.each(testDatabaseTargets())('buying membership on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (user: MemberTestUser, path: string, params?: Record<string, unknown>) =>
    callAs(server, user, 'POST', path, params);
  const status = async (user: MemberTestUser, orderId: number) =>
    (await post(user, '/webchat/api/order/status', { orderId })).data;
  const periods = async (user: MemberTestUser) =>
    (await callAs(server, user, 'GET', '/webchat/api/listMemberUpgrade')).data;

  describe('member product info', () => {
    it('prices a level for the whole country from the business rules, with the saving against the monthly price', async () => {
      const user = await newMember(server, 'alpha');
      const answer = await post(user, '/webchat/api/member/productInfo', { memberCode: 'toubiaotong' });
      expect(answer.code).toBe(200);
      expect(answer.data.payAreaList).toEqual(['全国']);
      expect(answer.data.areaEditable).toBe(true);
      expect(answer.data.couponList).toEqual([]);
      expect(
        answer.data.productConfigResponses.map((option: Record<string, unknown>) => ({
          productTypeStr: option.productTypeStr,
          discountFee: option.discountFee,
          originalFee: option.originalFee,
          discountRate: option.discountRate,
          isSelect: option.isSelect,
          isCoupon: option.isCoupon,
          payFee: option.payFee,
        })),
      ).toEqual([
        {
          productTypeStr: '1个月',
          discountFee: 598,
          originalFee: 598,
          discountRate: 0,
          isSelect: false,
          isCoupon: false,
          payFee: 598,
        },
        {
          productTypeStr: '3个月',
          discountFee: 1580,
          originalFee: 1794,
          discountRate: 0.1193,
          isSelect: false,
          isCoupon: false,
          payFee: 1580,
        },
        {
          productTypeStr: '12个月',
          discountFee: 5980,
          originalFee: 7176,
          discountRate: 0.1667,
          isSelect: true,
          isCoupon: false,
          payFee: 5980,
        },
      ]);
      expect(answer.data.productConfigResponses[0]).toMatchObject({
        memberCode: 'toubiaotong',
        memberName: '投标通',
        months: 1,
        couponId: null,
        couponFee: 0,
      });
    });

    it('prices provinces at min(one-province price × count, 全国), scaled by duration', async () => {
      const user = await newMember(server, 'alpha');
      const priced = async (payAreas: unknown) =>
        (await post(user, '/webchat/api/member/productInfo', { memberCode: 'toubiaotong', payAreas })).data;
      const one = await priced(['广东省']);
      expect(one.payAreaList).toEqual(['广东省']);
      expect(one.productConfigResponses.map((option: { discountFee: number }) => option.discountFee)).toEqual(
        [198, 523, 1980],
      );
      // Prices end in whole yuan (docs/payments.md): 1,980 × 1,580 / 5,980 = 523.14 is sold at 523, saving 71.
      expect(one.productConfigResponses[1]).toMatchObject({ discountFee: 523, originalFee: 594 });
      const two = await priced('广东省,湖南省');
      expect(two.payAreaList).toEqual(['广东省', '湖南省']);
      expect(two.productConfigResponses.map((option: { discountFee: number }) => option.discountFee)).toEqual(
        [396, 1046, 3960],
      );
      const four = await priced(['广东省', '湖南省', '湖北省', '河南省']);
      expect(
        four.productConfigResponses.map((option: { discountFee: number }) => option.discountFee),
      ).toEqual([598, 1580, 5980]);
    });

    it('prices every product of every level in whole yuan, for any number of provinces', async () => {
      const user = await newMember(server, 'alpha');
      const provinces = ['广东省', '湖南省', '湖北省', '河南省', '江苏省'];
      for (const memberCode of ['toubiaotong', 'qiyetong']) {
        for (let count = 1; count <= provinces.length; count++) {
          const { data } = await post(user, '/webchat/api/member/productInfo', {
            memberCode,
            payAreas: provinces.slice(0, count),
          });
          for (const option of data.productConfigResponses) {
            expect(Number.isInteger(option.discountFee)).toBe(true);
            expect(Number.isInteger(option.originalFee - option.discountFee)).toBe(true);
          }
        }
      }
      const qiyetong = (
        await post(user, '/webchat/api/member/productInfo', { memberCode: 'qiyetong', payAreas: ['江苏省'] })
      ).data.productConfigResponses;
      expect(qiyetong.map((option: { discountFee: number }) => option.discountFee)).toEqual([
        398, 1088, 3980,
      ]);
    });

    it('sells a level whose area cannot be edited (qiye, status 1) for 全国 only', async () => {
      const user = await newMember(server, 'alpha');
      const answer = await post(user, '/webchat/api/member/productInfo', {
        memberCode: 'qiye',
        payAreas: ['广东省'],
      });
      expect(answer.data.payAreaList).toEqual(['全国']);
      expect(answer.data.areaEditable).toBe(false);
      expect(answer.data.productConfigResponses).toEqual([
        expect.objectContaining({
          productTypeStr: '12个月',
          discountFee: 19800,
          originalFee: 19800,
          isSelect: true,
        }),
      ]);
    });

    it('refuses an area that is not a province', async () => {
      const user = await newMember(server, 'alpha');
      const answer = await post(user, '/webchat/api/member/productInfo', {
        memberCode: 'qiyetong',
        payAreas: ['广州市'],
      });
      expect(answer.code).toBe(400);
      expect(answer.message).toMatch(/^参数 payAreas：地区“广州市”/);
    });
  });

  describe('buying', () => {
    it('buys without a coupon: order, QR code, the sandbox page, paid, and the membership changed', async () => {
      const user = await newMember(server, 'alpha');
      const product = await productOf(server, user, 'toubiaotong', 12);
      const order = await post(user, '/webchat/api/submitOrder', {
        memberCode: 'toubiaotong',
        productId: product.id,
        payAreas: ['全国'],
        couponId: 99_999,
      });
      expect(order.code).toBe(200);
      expect(order.data).toMatchObject({
        orderStatus: 1,
        tradeStatus: 'WAIT_BUYER_PAY',
        memberCode: 'toubiaotong',
        memberName: '投标通',
        productTypeStr: '12个月',
        months: 12,
        payArea: '全国',
        discountFee: 5980,
        originalFee: 7176,
        couponId: null,
        couponFee: 0,
        payFee: 5980,
        payType: 'PC-微信',
        payTime: null,
      });
      expect(chinaTime(order.data.expireTime) - chinaTime(order.data.createTime)).toBe(2 * HOUR);

      const qr = await post(user, '/webchat/api/payPrepay', { orderNo: order.data.orderNo });
      expect(qr.code).toBe(200);
      expect(qr.data.codeUrl).toMatch(/\/webchat\/pay\/sandbox\/M\d{14}[0-9A-F]{10}\?t=/);
      // The same code again, by the modal's own call.
      const again = await post(user, '/webchat/api/order/qrcode', { orderId: order.data.orderId });
      expect(again.data.codeUrl).toBe(qr.data.codeUrl);

      const { page, confirm } = await payOnSandboxPage(server.app, qr.data.codeUrl);
      expect(page).toContain('确认支付');
      expect(page).toContain('¥5980');
      expect(confirm).toContain('支付成功');

      const paid = await status(user, order.data.orderId);
      expect(paid).toMatchObject({ orderStatus: 2, tradeStatus: 'TRADE_SUCCESS', levelName: '投标通' });
      const found = await post(user, '/webchat/api/findOrder', { orderNo: order.data.orderNo });
      expect(found.data).toMatchObject({
        orderStatus: 'TRADE_SUCCESS',
        levelName: '投标通',
        memberCode: 'toubiaotong',
      });
      expect(found.data.endTime).toBe(paid.endTime);
      const [period] = await periods(user);
      expect(period).toMatchObject({ memberCode: 'toubiaotong', isActive: 0, payArea: '全国' });
      expect(period.expireDate).toBe(paid.endTime);
      expect(chinaTime(paid.endTime) - server.clock.now().getTime()).toBeGreaterThan(364 * DAY);
      const center = (await callAs(server, user, 'GET', '/webchat/api/userCenter')).data;
      expect(center).toMatchObject({ memberCode: 'toubiaotong', isOpenMember: true });
      expect(await grantsOf(server, order.data.orderNo)).toBe(1);

      const mine = await post(user, '/webchat/api/order/myOrders', {});
      expect(mine.data.total).toBe(1);
      expect(mine.data.records[0]).toMatchObject({ orderNo: order.data.orderNo, orderStatus: 2 });
      expect(mine.data.records[0].payTime).not.toBeNull();
    });

    it('creates the order and its QR code in one call (toOpenMember), for a province', async () => {
      const user = await newMember(server, 'alpha');
      const product = await productOf(server, user, 'qiyetong', 1, ['广东省']);
      const opened = await post(user, '/webchat/api/toOpenMember', {
        memberCode: 'qiyetong',
        productId: product.id,
        payAreas: '广东省',
      });
      expect(opened.data).toMatchObject({ payArea: '广东省', payFee: 398, orderStatus: 1 });
      await payOnSandboxPage(server.app, opened.data.codeUrl);
      expect(await periods(user)).toEqual([
        expect.objectContaining({ memberCode: 'qiyetong', payArea: '广东省', isActive: 0 }),
      ]);
    });

    it('buys with a coupon: the server picks the best, the order holds it, the payment spends it', async () => {
      const user = await newMember(server, 'alpha');
      const activity = (await post(user, '/webchat/api/activity/detail', { deviceType: 50 })).data;
      expect(activity).toMatchObject({ joined: false });
      const joined = await post(user, '/webchat/api/activity/joinActivity', {
        actiId: activity.id,
        deviceType: 50,
      });
      expect(joined.code).toBe(200);
      expect(joined.data.coupons).toHaveLength(2);

      // 12 months of toubiaotong (5980): the 500 off 3000 beats the 200 without threshold
      const product = await productOf(server, user, 'toubiaotong', 12);
      expect(product).toMatchObject({ isCoupon: true, couponFee: 500, payFee: 5480 });
      const bigCoupon = joined.data.coupons.find((coupon: { faceValue: number }) => coupon.faceValue === 500);
      const smallCoupon = joined.data.coupons.find(
        (coupon: { faceValue: number }) => coupon.faceValue === 200,
      );
      // the client's pick is display only
      const order = await post(user, '/webchat/api/submitOrder', {
        memberCode: 'toubiaotong',
        productId: product.id,
        couponId: smallCoupon.couponId,
        actiId: activity.id,
      });
      expect(order.data).toMatchObject({ couponId: bigCoupon.couponId, couponFee: 500, payFee: 5480 });

      // quoted as the next order would be made: that order closes this one and gets its coupon back, so the
      // modal's product info after its first order still shows the 500 (it once showed no coupon at all)
      const info = (await post(user, '/webchat/api/member/productInfo', { memberCode: 'toubiaotong' })).data;
      expect(info.couponList.map((coupon: { couponId: number }) => coupon.couponId).sort()).toEqual(
        [bigCoupon.couponId, smallCoupon.couponId].sort(),
      );
      expect(
        info.productConfigResponses.find((option: { months: number }) => option.months === 12),
      ).toMatchObject({ couponId: bigCoupon.couponId, couponFee: 500, payFee: 5480 });
      const monthly = await productOf(server, user, 'toubiaotong', 1);
      expect(monthly).toMatchObject({ isCoupon: true, couponId: smallCoupon.couponId, payFee: 398 });
      const replaced = await post(user, '/webchat/api/submitOrder', {
        memberCode: 'toubiaotong',
        productId: product.id,
      });
      expect(replaced.data).toMatchObject({ couponId: bigCoupon.couponId, couponFee: 500, payFee: 5480 });
      expect((await status(user, order.data.orderId)).orderStatus).toBe(3);

      const qr = await post(user, '/webchat/api/payPrepay', { orderId: replaced.data.orderId });
      const { page } = await payOnSandboxPage(server.app, qr.data.codeUrl);
      expect(page).toContain('¥5480');
      expect((await status(user, replaced.data.orderId)).orderStatus).toBe(2);

      const coupons = (await post(user, '/webchat/api/myCouponList', {})).data;
      expect(coupons.total).toBe(1);
      expect(coupons.records).toEqual([
        expect.objectContaining({ couponId: smallCoupon.couponId, status: 1 }),
      ]);
      const [row] = await server.db.query<{ usedOrderId: number }>(
        'SELECT used_order_id AS "usedOrderId" FROM coupon WHERE id = $1',
        [bigCoupon.couponId],
      );
      expect(row?.usedOrderId).toBe(replaced.data.orderId);
    });

    it('renews the same level: the time accumulates', async () => {
      const user = await newMember(server, 'alpha');
      await buy(server, user, 'toubiaotong', 1);
      const [first] = await periods(user);
      await buy(server, user, 'toubiaotong', 3);
      const after = await periods(user);
      expect(after).toHaveLength(1);
      const added = chinaTime(after[0].expireDate) - chinaTime(first.expireDate);
      expect(added).toBeGreaterThanOrEqual(89 * DAY);
      expect(added).toBeLessThanOrEqual(92 * DAY);
    });

    it('upgrades: the higher level runs first and the lower resumes later with its remaining time', async () => {
      const user = await newMember(server, 'alpha');
      await buy(server, user, 'toubiaotong', 12);
      const [toubiao] = await periods(user);
      await buy(server, user, 'qiyetong', 1);
      const rows = await periods(user);
      expect(rows).toEqual([
        expect.objectContaining({ memberCode: 'qiyetong', isActive: 0 }),
        expect.objectContaining({ memberCode: 'toubiaotong', isActive: 1 }),
      ]);
      // the paused toubiaotong ends later by the qiyetong month
      const pushed = chinaTime(rows[1].expireDate) - chinaTime(toubiao.expireDate);
      expect(pushed).toBeGreaterThanOrEqual(28 * DAY);
      expect(pushed).toBeLessThanOrEqual(31 * DAY);
      expect((await callAs(server, user, 'GET', '/webchat/api/userCenter')).data.memberCode).toBe('qiyetong');
    });

    it('buys qiye for the whole country, making the buyer an enterprise main account', async () => {
      const user = await newMember(server, 'alpha');
      await buy(server, user, 'qiye', 12, ['广东省']);
      expect(await periods(user)).toEqual([expect.objectContaining({ memberCode: 'qiye', payArea: '全国' })]);
      const relation = await post(user, '/webchat/api/getSubAccount', {});
      expect(relation.data.relation).toBe('primary');
    });
  });

  describe('who may buy', () => {
    it('refuses a sub-account: only the primary account buys', async () => {
      const primary = await newMember(server, 'alpha');
      await grant(server, primary, 'qiye', 12);
      const sub = await newSubAccount(server, primary);
      const auth = await post(sub, '/webchat/api/auth/toOpenMember');
      expect(auth).toMatchObject({ code: 403, message: '仅支持主账号购买会员' });
      const order = await submitOrder(server, sub, 'toubiaotong', 1);
      expect(order).toMatchObject({ code: 403, data: null, message: '仅支持主账号购买会员' });
      expect((await post(primary, '/webchat/api/auth/toOpenMember')).data).toEqual({ canBuy: true });
    });

    it('refuses on a brand without online payment with the unPay outcome', async () => {
      const user = await newMember(server, 'beta');
      const auth = await post(user, '/webchat/api/auth/toOpenMember');
      expect(auth.code).toBe(403);
      expect(auth.data).toMatchObject({ type: 'unPay', feature: 'pay' });
      const order = await submitOrder(server, user, 'toubiaotong', 1);
      expect(order.code).toBe(403);
      expect(order.data).toMatchObject({ type: 'unPay', feature: 'pay' });
      expect(order.message).toBe('暂不支持在线开通会员');
    });

    it("never shows or pays another account's order", async () => {
      const owner = await newMember(server, 'alpha');
      const other = await newMember(server, 'alpha');
      const order = (await submitOrder(server, owner, 'toubiaotong', 1)).data;
      for (const [path, params] of [
        ['/webchat/api/order/status', { orderId: order.orderId }],
        ['/webchat/api/findOrder', { orderNo: order.orderNo }],
        ['/webchat/api/payPrepay', { orderId: order.orderId }],
      ] as const) {
        expect((await post(other, path, params)).code, path).toBe(404);
      }
    });
  });

  describe('payment signals', () => {
    /** An unpaid order with its QR code, and the sandbox as the server runs it. */
    async function openOrder(months = 1) {
      const user = await newMember(server, 'alpha');
      const order = (await submitOrder(server, user, 'toubiaotong', months)).data;
      const qr = (await post(user, '/webchat/api/payPrepay', { orderId: order.orderId })).data;
      return { user, order, qr, sandbox: testSandbox(server) };
    }

    const eventsOf = (orderNo: string) => orderQueries(server.db).paymentEvents(orderNo);

    it('refuses a forged notification (wrong signature) and credits nothing', async () => {
      const { user, order, sandbox } = await openOrder();
      const genuine = await sandbox.signNotification({ orderNo: order.orderNo, amountFen: 59_800 });
      const forged = { ...genuine, headers: { ...genuine.headers, 'sandbox-signature': 'AAAA' } };
      const answer = await notify(server.app, 'sandbox', forged);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toEqual({ code: 'FAIL', message: '签名验证失败' });
      const unsigned = await notify(server.app, 'sandbox', { headers: {}, rawBody: genuine.rawBody });
      expect(unsigned.statusCode).toBe(401);
      expect((await status(user, order.orderId)).orderStatus).toBe(1);
      expect(await grantsOf(server, order.orderNo)).toBe(0);
      const [rejected] = await server.db.query<{ outcome: string }>(
        `SELECT outcome FROM payment_event WHERE order_no IS NULL AND outcome LIKE 'rejected:%' ORDER BY id DESC LIMIT 1`,
      );
      expect(rejected?.outcome).toBe('rejected:missing_headers');
    });

    it('refuses a tampered amount (the signature no longer matches) and a signed wrong amount', async () => {
      const { user, order, sandbox } = await openOrder();
      const genuine = await sandbox.signNotification({ orderNo: order.orderNo, amountFen: 59_800 });
      const tampered = { ...genuine, rawBody: genuine.rawBody.replace('"total":59800', '"total":1') };
      expect(tampered.rawBody).not.toBe(genuine.rawBody);
      expect((await notify(server.app, 'sandbox', tampered)).statusCode).toBe(401);

      // a genuine notification of a payment of the wrong amount is acknowledged, logged, and never credited
      const wrongAmount = await sandbox.signNotification({ orderNo: order.orderNo, amountFen: 1 });
      expect((await notify(server.app, 'sandbox', wrongAmount)).statusCode).toBe(204);
      expect((await status(user, order.orderId)).orderStatus).toBe(1);
      expect(await grantsOf(server, order.orderNo)).toBe(0);
      expect((await eventsOf(order.orderNo)).map((event) => event.outcome)).toEqual(['amount_mismatch']);
    });

    it('credits a replayed notification once', async () => {
      const { user, order, sandbox } = await openOrder();
      const notification = await sandbox.signNotification({ orderNo: order.orderNo, amountFen: 59_800 });
      expect((await notify(server.app, 'sandbox', notification)).statusCode).toBe(204);
      expect((await notify(server.app, 'sandbox', notification)).statusCode).toBe(204);
      expect(await grantsOf(server, order.orderNo)).toBe(1);
      expect((await status(user, order.orderId)).orderStatus).toBe(2);
      expect((await eventsOf(order.orderNo)).map((event) => event.outcome)).toEqual([
        'credited',
        'already_paid',
      ]);

      // a capture replayed after the 5-minute window is refused outright
      server.clock.advance(6 * 60_000);
      expect((await notify(server.app, 'sandbox', notification)).statusCode).toBe(401);
      expect(await grantsOf(server, order.orderNo)).toBe(1);
    });

    it('credits a double confirm (paying twice) once, and logs the second payment', async () => {
      const { user, order, qr, sandbox } = await openOrder();
      await payOnSandboxPage(server.app, qr.codeUrl);
      const second = await payOnSandboxPage(server.app, qr.codeUrl);
      expect(second.confirm).toContain('该订单已支付');
      // another transaction for the same order: money taken twice, credited once
      await notify(
        server.app,
        'sandbox',
        await sandbox.signNotification({ orderNo: order.orderNo, amountFen: 59_800 }),
      );
      expect(await grantsOf(server, order.orderNo)).toBe(1);
      expect((await eventsOf(order.orderNo)).map((event) => event.outcome)).toEqual([
        'credited',
        'paid_twice',
      ]);
      expect(await periods(user)).toHaveLength(1);
    });

    raceTest(target, 'credits concurrent confirmations of one order once', async () => {
      const { user, order, sandbox } = await openOrder(12);
      const notifications = await Promise.all(
        Array.from({ length: 12 }, () =>
          sandbox.signNotification({ orderNo: order.orderNo, amountFen: 598_000 }),
        ),
      );
      const answers = await Promise.all(
        notifications.map((notification) => notify(server.app, 'sandbox', notification)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(204));
      expect(await grantsOf(server, order.orderNo)).toBe(1);
      const outcomes = (await eventsOf(order.orderNo)).map((event) => event.outcome);
      expect(outcomes.filter((outcome) => outcome === 'credited')).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome === 'paid_twice')).toHaveLength(11);
      const rows = await periods(user);
      expect(rows).toHaveLength(1);
      expect(chinaTime(rows[0].expireDate) - server.clock.now().getTime()).toBeLessThan(367 * DAY);
    });

    it('never credits an expired order, even by a late notification; the sweep closes it', async () => {
      const { user, order, qr, sandbox } = await openOrder();
      server.clock.advance(2 * HOUR + 1000);
      const page = await server.app.inject({ method: 'GET', url: pathOf(qr.codeUrl) });
      expect(page.body).toContain('该订单已关闭');
      expect(page.body).not.toContain('确认支付</button>');
      const late = await sandbox.signNotification({ orderNo: order.orderNo, amountFen: 59_800 });
      expect((await notify(server.app, 'sandbox', late)).statusCode).toBe(204);
      expect(await grantsOf(server, order.orderNo)).toBe(0);
      expect((await eventsOf(order.orderNo)).map((event) => event.outcome)).toEqual(['expired']);

      const swept = await testOrderService(server).closeExpired();
      expect(swept.closed).toBeGreaterThanOrEqual(1);
      expect((await status(user, order.orderId)).orderStatus).toBe(3);
      const later = await sandbox.signNotification({ orderNo: order.orderNo, amountFen: 59_800 });
      await notify(server.app, 'sandbox', later);
      expect(await grantsOf(server, order.orderNo)).toBe(0);
      expect((await post(user, '/webchat/api/payPrepay', { orderId: order.orderId })).code).toBe(409);
      expect(await periods(user)).toEqual([]);
    });

    raceTest(target, 'never lets two orders made at once use the same coupon', async () => {
      const user = await newMember(server, 'alpha');
      const activity = (await post(user, '/webchat/api/activity/detail', {})).data;
      await post(user, '/webchat/api/activity/joinActivity', { actiId: activity.id });
      const product = await productOf(server, user, 'qiyetong', 12);
      const orders = await Promise.all(
        Array.from({ length: 6 }, () =>
          post(user, '/webchat/api/submitOrder', { memberCode: 'qiyetong', productId: product.id }),
        ),
      );
      expect(orders.map((order) => order.code)).toEqual(Array(6).fill(200));
      // Each may have replaced the one before (and taken over its freed coupon), but of the orders still open
      // exactly one holds the coupon, and the coupon is held once.
      const open = await server.db.query<{ id: number; couponId: number | null; amountFen: number }>(
        `SELECT id, coupon_id AS "couponId", amount_fen AS "amountFen" FROM member_order
         WHERE user_id = $1 AND status = 'unpaid'`,
        [user.userId],
      );
      const holding = open.filter((order) => order.couponId !== null);
      expect(holding).toHaveLength(1);
      expect(holding[0]?.amountFen).toBe(930_000);
      const held = await server.db.query<{ reservedOrderId: number }>(
        'SELECT reserved_order_id AS "reservedOrderId" FROM coupon WHERE user_id = $1 AND reserved_order_id IS NOT NULL',
        [user.userId],
      );
      expect(held).toEqual([{ reservedOrderId: holding[0]?.id }]);
    });

    it('closes the earlier unpaid order when a new one is made, freeing its coupon', async () => {
      const user = await newMember(server, 'alpha');
      const activity = (await post(user, '/webchat/api/activity/detail', {})).data;
      await post(user, '/webchat/api/activity/joinActivity', { actiId: activity.id });
      const first = (await submitOrder(server, user, 'toubiaotong', 3)).data;
      const firstQr = (await post(user, '/webchat/api/payPrepay', { orderId: first.orderId })).data;
      const second = (await submitOrder(server, user, 'toubiaotong', 1)).data;
      expect(second.orderId).not.toBe(first.orderId);
      expect(second.couponId).toBe(first.couponId);
      expect((await status(user, first.orderId)).orderStatus).toBe(3);
      await payOnSandboxPage(server.app, firstQr.codeUrl);
      expect(await grantsOf(server, first.orderNo)).toBe(0);
      expect((await eventsOf(first.orderNo)).map((event) => event.outcome)).toEqual([]);
    });
  });

  describe('one order per purchase', () => {
    const openOrdersOf = (user: MemberTestUser) =>
      server.db.query<{ id: number }>(
        `SELECT id FROM member_order WHERE user_id = $1 AND status = 'unpaid' ORDER BY id`,
        [user.userId],
      );

    it('answers the open order again for the same choice, with the same QR code', async () => {
      const user = await newMember(server, 'alpha');
      const first = (await submitOrder(server, user, 'qiyetong', 3, ['江苏省', '广东省'])).data;
      const firstQr = (await post(user, '/webchat/api/payPrepay', { orderId: first.orderId })).data;
      // The same provinces in another order are the same choice.
      const again = (await submitOrder(server, user, 'qiyetong', 3, ['广东省', '江苏省'])).data;
      expect(again.orderId).toBe(first.orderId);
      expect((await post(user, '/webchat/api/order/qrcode', { orderId: again.orderId })).data.codeUrl).toBe(
        firstQr.codeUrl,
      );
      expect(await openOrdersOf(user)).toEqual([{ id: first.orderId }]);
    });

    it('makes a new order for another choice and closes the one before; 我的订单 lists only the open one', async () => {
      const user = await newMember(server, 'alpha');
      const threeMonths = (await submitOrder(server, user, 'qiyetong', 3)).data;
      const oneProvince = (await submitOrder(server, user, 'qiyetong', 3, ['江苏省'])).data;
      expect(oneProvince.orderId).not.toBe(threeMonths.orderId);
      expect(oneProvince).toMatchObject({ payArea: '江苏省', months: 3, discountFee: 1088 });
      expect((await status(user, threeMonths.orderId)).orderStatus).toBe(3);
      const mine = (await post(user, '/webchat/api/order/myOrders', {})).data;
      expect(mine.total).toBe(1);
      expect(mine.records.map((order: { orderId: number }) => order.orderId)).toEqual([oneProvince.orderId]);
    });

    it('does not reuse an order whose payment time is nearly over', async () => {
      const user = await newMember(server, 'alpha');
      const first = (await submitOrder(server, user, 'toubiaotong', 1)).data;
      await server.db.query(
        `UPDATE member_order SET expires_at = now() + interval '5 minutes' WHERE id = $1`,
        [first.orderId],
      );
      const second = (await submitOrder(server, user, 'toubiaotong', 1)).data;
      expect(second.orderId).not.toBe(first.orderId);
      expect((await status(user, first.orderId)).orderStatus).toBe(3);
    });

    raceTest(target, 'two requests at once for the same choice make one open order', async () => {
      const user = await newMember(server, 'alpha');
      const product = await productOf(server, user, 'qiyetong', 3, ['江苏省']);
      const answers = await Promise.all(
        Array.from({ length: 2 }, () =>
          post(user, '/webchat/api/submitOrder', {
            memberCode: 'qiyetong',
            productId: product.id,
            payAreas: ['江苏省'],
          }),
        ),
      );
      expect(answers.map((answer) => answer.code)).toEqual([200, 200]);
      expect(answers[1]?.data.orderId).toBe(answers[0]?.data.orderId);
      expect(await openOrdersOf(user)).toEqual([{ id: answers[0]?.data.orderId }]);
      const all = await server.db.query('SELECT id FROM member_order WHERE user_id = $1', [user.userId]);
      expect(all).toHaveLength(1);
    });
  });

  it('records the purchase funnel (buyPoint)', async () => {
    const user = await newMember(server, 'alpha');
    const answer = await post(user, '/webchat/api/data/buyPoint', {
      event: 'openModal',
      memberCode: 'qiyetong',
      detail: { from: 'purchaseIntent' },
    });
    expect(answer).toMatchObject({ code: 200, data: null });
    const [row] = await server.db.query<{ event: string; detail: unknown }>(
      'SELECT event, detail FROM buy_point WHERE user_id = $1',
      [user.userId],
    );
    expect(row).toEqual({ event: 'openModal', detail: { from: 'purchaseIntent' } });
  });
});

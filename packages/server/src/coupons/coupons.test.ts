import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import { callAs, type MemberTestUser, newMember } from '../test-support/membership-fixtures';
import { buy, productOf, submitOrder } from '../test-support/order-fixtures';
import { raceTest } from '../test-support/real-concurrency';
import { signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

const DAY = 86_400_000;

describe.each(testDatabaseTargets())('coupons and activities on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  const post = (user: MemberTestUser, path: string, params?: Record<string, unknown>) =>
    callAs(server, user, 'POST', path, params);
  const coupons = async (user: MemberTestUser, params: Record<string, unknown> = {}) =>
    (await post(user, '/webchat/api/myCouponList', params)).data;

  async function joinFirstLogin(user: MemberTestUser) {
    const activity = (await post(user, '/webchat/api/activity/detail', { deviceType: 50 })).data;
    return post(user, '/webchat/api/activity/joinActivity', { actiId: activity.id, deviceType: 50 });
  }

  it('describes the first-login activity and grants its two coupons once, valid 30 days', async () => {
    const user = await newMember(server, 'alpha');
    const detail = await post(user, '/webchat/api/activity/detail', { deviceType: 50 });
    expect(detail.code).toBe(200);
    expect(detail.data).toMatchObject({
      name: '新用户首次登录礼包',
      joined: false,
      startTime: null,
      endTime: null,
      coupons: [
        { useGoodsType: '投标通', orderFee: 0, faceValue: 200, validDays: 30 },
        { useGoodsType: '全品类', orderFee: 3000, faceValue: 500, validDays: 30 },
      ],
    });
    expect((await post(user, '/webchat/api/activity/detail', { deviceType: 60 })).data).toBeNull();

    const joined = await joinFirstLogin(user);
    expect(joined.code).toBe(200);
    expect(joined.data.joined).toBe(true);
    expect(joined.data.coupons).toEqual([
      expect.objectContaining({ useGoodsType: '投标通', orderFee: 0, faceValue: 200, status: 1 }),
      expect.objectContaining({ useGoodsType: '全品类', orderFee: 3000, faceValue: 500, status: 1 }),
    ]);
    const [first] = joined.data.coupons;
    const validFor =
      Date.parse(`${first.effectiveEndDate.replace(' ', 'T')}+08:00`) - server.clock.now().getTime();
    expect(validFor).toBeGreaterThan(30 * DAY - 60_000);
    expect(validFor).toBeLessThanOrEqual(30 * DAY);
    expect(first.activityName).toBe('新用户首次登录礼包');

    const again = await joinFirstLogin(user);
    expect(again).toMatchObject({ code: 200, data: { joined: false, coupons: [] } });
    expect((await post(user, '/webchat/api/activity/detail', {})).data.joined).toBe(true);
    expect((await coupons(user)).total).toBe(2);
  });

  raceTest(target, 'grants once when the same account joins many times at once', async () => {
    const user = await newMember(server, 'alpha');
    const activity = (await post(user, '/webchat/api/activity/detail', {})).data;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(user, '/webchat/api/activity/joinActivity', { actiId: activity.id }),
      ),
    );
    expect(answers.every((answer) => answer.code === 200)).toBe(true);
    expect(answers.filter((answer) => answer.data.joined)).toHaveLength(1);
    expect((await coupons(user)).total).toBe(2);
  });

  it('refuses an unknown activity, and joining on a brand without online payment', async () => {
    const user = await newMember(server, 'alpha');
    const unknown = await post(user, '/webchat/api/activity/joinActivity', { actiId: 987_654 });
    expect(unknown).toMatchObject({ code: 404, message: '活动不存在、未开始或已结束' });
    const beta = await newMember(server, 'beta');
    const activity = (await post(beta, '/webchat/api/activity/detail', {})).data;
    const refused = await post(beta, '/webchat/api/activity/joinActivity', { actiId: activity.id });
    expect(refused.code).toBe(403);
    expect(refused.data).toMatchObject({ type: 'unPay' });
    // another brand's activity is not this brand's
    const alphaActivity = (await post(user, '/webchat/api/activity/detail', {})).data;
    expect(alphaActivity.id).not.toBe(activity.id);
    expect((await post(user, '/webchat/api/activity/joinActivity', { actiId: activity.id })).code).toBe(404);
  });

  it('applies spec §5 on the server: goods type, threshold, face value below the price', async () => {
    const user = await newMember(server, 'alpha');
    await joinFirstLogin(user);
    // toubiaotong 1 month (598): only the 200 for toubiaotong fits (the 500 needs 3000)
    expect(await productOf(server, user, 'toubiaotong', 1)).toMatchObject({
      isCoupon: true,
      couponFee: 200,
      payFee: 398,
    });
    // qiyetong 3 months (2680): the 200 is for toubiaotong only, the 500 needs 3000 → none
    expect(await productOf(server, user, 'qiyetong', 3)).toMatchObject({
      isCoupon: false,
      couponId: null,
      payFee: 2680,
    });
    // qiyetong 12 months (9800): the 500 for all levels
    expect(await productOf(server, user, 'qiyetong', 12)).toMatchObject({ couponFee: 500, payFee: 9300 });
    // a threshold equal to the price is fine: 3000 for one province × 2 of toubiaotong 12 months (1980 × 2 = 3960)
    expect(await productOf(server, user, 'toubiaotong', 12, ['广东省', '湖南省'])).toMatchObject({
      couponFee: 500,
      payFee: 3460,
    });
    const info = await post(user, '/webchat/api/member/productInfo', { memberCode: 'qiyetong' });
    expect(info.data.couponList).toHaveLength(2);
  });

  it('lists coupons usable first by expiry, then expired ones; used ones are not listed; 5 per page', async () => {
    let user = await newMember(server, 'alpha');
    await joinFirstLogin(user);
    await buy(server, user, 'toubiaotong', 1);
    const afterBuy = await coupons(user);
    expect(afterBuy.records.map((coupon: { faceValue: number }) => coupon.faceValue)).toEqual([500]);

    // 31 days later the other coupon has expired: listed as status 3, no longer offered
    server.clock.advance(31 * DAY);
    user = { ...user, ...(await signIn(server, user.brand, user.mobile)) };
    const expired = await coupons(user);
    expect(expired).toMatchObject({ total: 1, records: [{ faceValue: 500, status: 3 }] });
    expect(await productOf(server, user, 'qiyetong', 12)).toMatchObject({ isCoupon: false, payFee: 9800 });
    expect(
      (await post(user, '/webchat/api/member/productInfo', { memberCode: 'qiyetong' })).data.couponList,
    ).toEqual([]);

    const page = await coupons(user, { pageNumber: 2 });
    expect(page).toEqual({ records: [], total: 1 });
    expect((await post(user, '/webchat/api/myCouponList', { pageSize: 0 })).code).toBe(400);
  });

  it('keeps a coupon held by an unpaid order listed as usable, and frees it when the order is replaced', async () => {
    const user = await newMember(server, 'alpha');
    await joinFirstLogin(user);
    const order = (await submitOrder(server, user, 'qiyetong', 12)).data;
    expect(order.couponFee).toBe(500);
    const listed = await coupons(user);
    expect(listed.records.map((coupon: { status: number }) => coupon.status)).toEqual([1, 1]);
    const replacement = (await submitOrder(server, user, 'toubiaotong', 12)).data;
    expect(replacement.couponId).toBe(order.couponId);
  });
});

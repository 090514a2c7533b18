import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDatabaseTargets())('sessions on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  const userCenter = (headers?: Record<string, string>, brand = 'alpha') =>
    callApi(server.app, 'GET', '/webchat/api/userCenter', { headers, brand });

  it('answers 401 without a token, with an unknown one and with a malformed header', async () => {
    expect(await userCenter()).toEqual({ code: 401, data: null, message: '请先登录' });
    expect(await userCenter({ authorization: 'Bearer not-a-real-token' })).toEqual({
      code: 401,
      data: null,
      message: '登录已失效，请重新登录',
    });
    const { token } = await signIn(server, 'alpha', newMobile());
    expect((await userCenter({ authorization: token })).code).toBe(401);
    expect((await userCenter({ authorization: `Bearer ${token}` })).code).toBe(200);
  });

  it('answers 4011 to the older session once the same account signs in again', async () => {
    const mobile = newMobile();
    const first = await signIn(server, 'alpha', mobile);
    server.clock.advance(MINUTE + 1000);
    const second = await signIn(server, 'alpha', mobile, { completeProfile: false });
    expect(second.userId).toBe(first.userId);
    expect(await userCenter(first.headers)).toEqual({
      code: 4011,
      data: null,
      message: '您的账号已在其他设备登录，请重新登录',
    });
    expect((await userCenter(second.headers)).code).toBe(200);
  });

  it('answers 430 to `user` endpoints until the profile is complete, then 200', async () => {
    const { headers } = await signIn(server, 'alpha', newMobile(), { completeProfile: false });
    expect(await userCenter(headers)).toEqual({ code: 430, data: null, message: '请先完善个人资料' });
    const check = await callApi(server.app, 'GET', '/webchat/api/checkPerfectInfo', { headers });
    expect(check.data).toMatchObject({ isPerfect: false, missingFields: ['realUserName', 'companyName'] });

    // Half a profile is not complete; blanks do not count.
    await callApi(server.app, 'GET', '/webchat/api/perfect', {
      headers,
      params: { realUserName: '张三', companyName: '   ' },
    }).then((answer) => expect(answer.message).toMatch(/^参数 companyName：/));
    const perfect = await callApi(server.app, 'GET', '/webchat/api/perfect', {
      headers,
      params: { realUserName: '张三', companyName: '某某建设集团有限公司', jobTitle: '采购经理' },
    });
    expect(perfect.code).toBe(200);
    expect(perfect.data).toMatchObject({
      realUserName: '张三',
      companyName: '某某建设集团有限公司',
      isPerfect: true,
    });
    expect(await userCenter(headers)).toMatchObject({ code: 200, data: { jobTitle: '采购经理' } });
  });

  it("refuses one brand's token at another brand: 401, as if unknown", async () => {
    const alpha = await signIn(server, 'alpha', newMobile());
    expect(await userCenter(alpha.headers, 'beta')).toEqual({
      code: 401,
      data: null,
      message: '登录已失效，请重新登录',
    });
    // The same phone in beta is another account.
    const mobile = newMobile();
    const inAlpha = await signIn(server, 'alpha', mobile);
    const inBeta = await signIn(server, 'beta', mobile, { version: 19 });
    expect(inBeta.userId).not.toBe(inAlpha.userId);
    // Signing in to beta does not supersede the alpha session.
    expect((await userCenter(inAlpha.headers)).code).toBe(200);
    expect((await userCenter(inBeta.headers, 'beta')).data.userId).toBe(inBeta.userId);
  });

  it('answers calls that arrive together, their sessions read in one round trip, each with its own session', async () => {
    const members = await Promise.all([0, 1, 2].map(() => signIn(server, 'alpha', newMobile())));
    const signedOut = await signIn(server, 'alpha', newMobile());
    await callApi(server.app, 'POST', '/webchat/api/login/logout', { headers: signedOut.headers });
    const calls = [
      ...members.flatMap((member) => [member, member]).map((member) => ({ member, expected: 200 })),
      { member: signedOut, expected: 401 },
      { member: { userId: 0, headers: { authorization: 'Bearer unknown' } }, expected: 401 },
    ];
    const answers = await Promise.all(calls.map(({ member }) => userCenter(member.headers)));
    expect(answers.map((answer) => answer.code)).toEqual(calls.map((call) => call.expected));
    expect(answers.filter((answer) => answer.code === 200).map((answer) => answer.data.userId)).toEqual(
      members.flatMap((member) => [member.userId, member.userId]),
    );
  });

  it('revokes the token on logout, and logging out twice still succeeds', async () => {
    const { headers } = await signIn(server, 'alpha', newMobile());
    const logout = () => callApi(server.app, 'POST', '/webchat/api/login/logout', { headers });
    expect(await logout()).toEqual({ code: 200, data: null, message: '成功' });
    expect((await userCenter(headers)).code).toBe(401);
    expect((await logout()).code).toBe(200);
    // A token of another brand cannot be logged out from here.
    const alpha = await signIn(server, 'alpha', newMobile());
    await callApi(server.app, 'POST', '/webchat/api/login/logout', { headers: alpha.headers, brand: 'beta' });
    expect((await userCenter(alpha.headers)).code).toBe(200);
  });

  it('expires a session 24 hours after its sign-in', async () => {
    const idle = await signIn(server, 'alpha', newMobile());
    server.clock.advance(23 * HOUR);
    const busy = await signIn(server, 'alpha', newMobile());
    server.clock.advance(HOUR + MINUTE);
    expect(await userCenter(idle.headers)).toEqual({
      code: 401,
      data: null,
      message: '登录已过期，请重新登录',
    });
    expect((await userCenter(busy.headers)).code).toBe(200);
  });

  it('ends a session 1 day after sign-in, and a remembered one after 30 days, however often they are used', async () => {
    const daily = await signIn(server, 'alpha', newMobile());
    const remembered = await signIn(server, 'alpha', newMobile(), { remember: true });
    for (let hour = 1; hour < 24; hour += 1) {
      server.clock.advance(HOUR);
      expect((await userCenter(daily.headers)).code).toBe(200);
    }
    server.clock.advance(HOUR);
    expect(await userCenter(daily.headers)).toEqual({
      code: 401,
      data: null,
      message: '登录已过期，请重新登录',
    });
    // Used every 12 hours from then on, the remembered one still ends 30 days after its sign-in.
    for (let hours = 24; hours + 12 < 30 * 24; hours += 12) {
      expect((await userCenter(remembered.headers)).code).toBe(200);
      server.clock.advance(12 * HOUR);
    }
    expect((await userCenter(remembered.headers)).code).toBe(200);
    server.clock.advance(12 * HOUR);
    expect((await userCenter(remembered.headers)).code).toBe(401);
  });

  it('caps the expiry of a session touched before the lifetime existed', async () => {
    const old = await signIn(server, 'alpha', newMobile());
    // As the sliding rule alone left it: used at hour 20, so open until hour 44.
    server.clock.advance(20 * HOUR);
    await server.db.query('UPDATE user_session SET expires_at = $2 WHERE user_id = $1', [
      old.userId,
      new Date(server.clock.now().getTime() + 24 * HOUR),
    ]);
    server.clock.advance(4 * HOUR + MINUTE);
    expect((await userCenter(old.headers)).code).toBe(401);
  });

  it('keeps a remembered session 30 days unused', async () => {
    const remembered = await signIn(server, 'alpha', newMobile(), { remember: true });
    server.clock.advance(29 * 24 * HOUR);
    expect((await userCenter(remembered.headers)).code).toBe(200);
    server.clock.advance(30 * 24 * HOUR + MINUTE);
    expect((await userCenter(remembered.headers)).code).toBe(401);
  });
});

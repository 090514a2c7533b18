import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { raceTest } from '../test-support/real-concurrency';
import { consentVersionOf, newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe.each(testDatabaseTargets())('SMS sign-in on $name', (target) => {
  let server: TestServer;
  let ipCounter = 0;
  /** A client address of its own per test, so per-IP counting never leaks between tests. */
  const newIp = () => `127.1.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
  });

  function sendCode(mobile: string, options: { ip?: string; brand?: string; purpose?: string } = {}) {
    const query = new URLSearchParams({
      mobile,
      brand: options.brand ?? 'alpha',
      version: '20',
      consentVersion: consentVersionOf(options.brand ?? 'alpha'),
      ...(options.purpose ? { purpose: options.purpose } : {}),
    });
    // spec §7: the parameters travel in the query of the POST.
    return server.app
      .inject({
        method: 'POST',
        url: `/webchat/api/login/sendMessageCode?${query}`,
        remoteAddress: options.ip ?? newIp(),
      })
      .then((response) => response.json());
  }

  async function outboxCode(mobile: string, brand = 'alpha'): Promise<string> {
    const response = await server.app.inject({
      method: 'GET',
      url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=${brand}`,
    });
    return response.json().data.code;
  }

  function login(mobile: string, code: string, extra: Record<string, unknown> = {}) {
    return callApi(server.app, 'POST', '/webchat/api/login/messageLogin', {
      params: { mobile, code, registerType: 50, ...extra },
    });
  }

  function wrongCode(code: string): string {
    return code === '000000' ? '111111' : '000000';
  }

  it('signs a new phone in end to end through the dev outbox, creating its account', async () => {
    const mobile = newMobile();
    const sent = await sendCode(mobile);
    expect(sent).toEqual({ code: 200, data: { expiresIn: 300, resendAfter: 60 }, message: '成功' });
    const code = await outboxCode(mobile);
    expect(code).toMatch(/^\d{6}$/);

    const answer = await login(mobile, code);
    expect(answer.code).toBe(200);
    expect(answer.data.token).toMatch(/^[\w-]{43}$/);
    expect(answer.data.user).toMatchObject({
      mobile,
      userName: `用户${mobile.slice(-4)}`,
      realUserName: '',
      isPerfect: false,
      displayMode: 10,
      memberCode: 'putong',
      memberName: '未开通',
      isOpenMember: false,
      upgradeList: [],
    });
    // 24 hours without "remember".
    const lifetime = Date.parse(answer.data.tokenExpiresAt) - server.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(23.9 * HOUR);
    expect(lifetime).toBeLessThanOrEqual(24 * HOUR);

    // The session works: a `session` endpoint answers, a `user` one asks for the profile first.
    const headers = { authorization: `Bearer ${answer.data.token}` };
    expect((await callApi(server.app, 'GET', '/webchat/api/checkPerfectInfo', { headers })).code).toBe(200);
    expect((await callApi(server.app, 'GET', '/webchat/api/userCenter', { headers })).code).toBe(430);
  });

  it('signs the same account in again on a later login, and keeps a remembered session 30 days', async () => {
    const mobile = newMobile();
    const first = await signIn(server, 'alpha', mobile, { completeProfile: false });
    server.clock.advance(MINUTE + 1000);
    await sendCode(mobile);
    const again = await login(mobile, await outboxCode(mobile), { remember: true });
    expect(again.data.user.userId).toBe(first.userId);
    const lifetime = Date.parse(again.data.tokenExpiresAt) - server.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(29.9 * 24 * HOUR);
  });

  it('accepts a code once only', async () => {
    const mobile = newMobile();
    await sendCode(mobile);
    const code = await outboxCode(mobile);
    expect((await login(mobile, code)).code).toBe(200);
    const reused = await login(mobile, code);
    expect(reused).toMatchObject({ code: 400, message: '验证码已失效，请重新获取' });
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const mobile = newMobile();
    await sendCode(mobile);
    const code = await outboxCode(mobile);
    const messages: string[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const answer = await login(mobile, wrongCode(code));
      expect(answer.code).toBe(400);
      messages.push(answer.message);
    }
    expect(messages).toEqual([
      '验证码错误，还可尝试 4 次',
      '验证码错误，还可尝试 3 次',
      '验证码错误，还可尝试 2 次',
      '验证码错误，还可尝试 1 次',
      '验证码错误次数过多，已失效，请重新获取',
    ]);
    expect(await login(mobile, code)).toMatchObject({
      code: 400,
      message: '验证码错误次数过多，已失效，请重新获取',
    });

    // A new code works again.
    server.clock.advance(MINUTE + 1000);
    await sendCode(mobile);
    expect((await login(mobile, await outboxCode(mobile))).code).toBe(200);
  });

  raceTest(
    target,
    'counts wrong tries made in parallel: no more than 5 guesses are ever weighed',
    async () => {
      const mobile = newMobile();
      await sendCode(mobile);
      const code = await outboxCode(mobile);
      const guesses = await Promise.all(Array.from({ length: 8 }, () => login(mobile, wrongCode(code))));
      expect(guesses.every((answer) => answer.code === 400)).toBe(true);
      expect((await login(mobile, code)).code).toBe(400);
    },
  );

  it('expires a code after 5 minutes', async () => {
    const mobile = newMobile();
    await sendCode(mobile);
    const code = await outboxCode(mobile);
    server.clock.advance(5 * MINUTE);
    expect(await login(mobile, code)).toMatchObject({ code: 400, message: '验证码已失效，请重新获取' });
  });

  it('accepts a code just before its 5 minutes are up', async () => {
    const mobile = newMobile();
    await sendCode(mobile);
    const code = await outboxCode(mobile);
    server.clock.advance(5 * MINUTE - 2000);
    expect((await login(mobile, code)).code).toBe(200);
  });

  it('accepts only the newest code of a phone, for the purpose it was sent for, in its own brand', async () => {
    const mobile = newMobile();
    await sendCode(mobile);
    const older = await outboxCode(mobile);
    server.clock.advance(MINUTE + 1000);
    await sendCode(mobile);
    const newer = await outboxCode(mobile);
    if (older !== newer) expect((await login(mobile, older)).code).toBe(400);

    // A code sent for another purpose does not sign in, nor does one sent by another brand.
    const other = newMobile();
    await sendCode(other, { purpose: 'updatePhone' });
    expect(await login(other, await outboxCode(other))).toMatchObject({
      code: 400,
      message: '请先获取验证码',
    });
    const betaOnly = newMobile();
    await sendCode(betaOnly, { brand: 'beta' });
    expect((await login(betaOnly, await outboxCode(betaOnly, 'beta'))).code).toBe(400);

    expect((await login(mobile, newer)).code).toBe(200);
  });

  it('answers the same whether or not the phone has an account', async () => {
    const registered = newMobile();
    await signIn(server, 'alpha', registered);
    server.clock.advance(MINUTE + 1000);
    const unknown = newMobile();
    const [forRegistered, forUnknown] = [await sendCode(registered), await sendCode(unknown)];
    expect(forRegistered).toEqual(forUnknown);
  });

  it('limits a phone to 1 code a minute and 5 an hour, saying when to retry', async () => {
    const mobile = newMobile();
    expect((await sendCode(mobile)).code).toBe(200);
    server.clock.advance(20_000);
    expect(await sendCode(mobile)).toEqual({
      code: 429,
      data: { retryAfter: 40 },
      message: '验证码发送过于频繁，请 40 秒后再试',
    });

    // Sent at 0s, 80s, 140s, 200s and 260s; at 320s the hour holds 5 codes until the first leaves it.
    for (let sent = 1; sent < 5; sent += 1) {
      server.clock.advance(MINUTE);
      expect((await sendCode(mobile)).code).toBe(200);
    }
    server.clock.advance(MINUTE);
    expect(await sendCode(mobile)).toEqual({
      code: 429,
      data: { retryAfter: 3600 - 320 },
      message: '该手机号 1 小时内最多获取 5 次验证码，请 55 分钟后再试',
    });
    server.clock.advance((3600 - 320) * 1000);
    expect((await sendCode(mobile)).code).toBe(200);
  });

  it('limits a phone to 10 codes in 24 hours', async () => {
    const mobile = newMobile();
    // 13 minutes apart: never more than 5 in an hour.
    for (let sent = 0; sent < 10; sent += 1) {
      expect((await sendCode(mobile)).code).toBe(200);
      server.clock.advance(13 * MINUTE);
    }
    const daily = await sendCode(mobile);
    expect(daily).toEqual({
      code: 429,
      data: { retryAfter: (24 * 60 - 130) * 60 },
      message: '该手机号 24 小时内最多获取 10 次验证码，请 21 小时 50 分钟后再试',
    });
    server.clock.advance(daily.data.retryAfter * 1000);
    expect((await sendCode(mobile)).code).toBe(200);
  });

  raceTest(target, 'sends one code when a phone asks many times at once', async () => {
    const mobile = newMobile();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendCode(mobile)));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 429)).toHaveLength(5);
  });

  it('limits one IP to 30 codes an hour', async () => {
    const ip = newIp();
    for (let sent = 0; sent < 30; sent += 1) expect((await sendCode(newMobile(), { ip })).code).toBe(200);
    expect(await sendCode(newMobile(), { ip })).toMatchObject({
      code: 429,
      message: '当前网络获取验证码过于频繁，请 1 小时后再试',
    });
    // Another client is not affected, and the IP may send again an hour later.
    expect((await sendCode(newMobile())).code).toBe(200);
    server.clock.advance(HOUR);
    expect((await sendCode(newMobile(), { ip })).code).toBe(200);
  });

  raceTest(target, 'limits one IP to 30 codes an hour when they arrive at once', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 34 }, () => sendCode(newMobile(), { ip })));
    expect(answers.filter((answer) => answer.code === 200)).toHaveLength(30);
    const refused = answers.filter((answer) => answer.code === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0].message).toBe('当前网络获取验证码过于频繁，请 1 小时后再试');
  });

  it('refuses malformed phones, codes and purposes naming the field', async () => {
    expect((await sendCode('12345')).message).toBe('参数 mobile：请输入正确的 11 位手机号');
    expect((await sendCode(newMobile(), { purpose: 'nonsense' })).message).toMatch(/^参数 purpose：/);
    expect((await login(newMobile(), '12ab56')).message).toBe('参数 code：请输入 6 位数字验证码');
  });

  it('serves the dev outbox only in dev mode', async () => {
    const production = await buildServer({ db: server.db, sites: [], defaultBrand: 'alpha' });
    const mobile = newMobile();
    const hidden = await production.inject({
      method: 'GET',
      url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ code: 404, data: null });
    await production.close();

    const nothingSent = await server.app.inject({
      method: 'GET',
      url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
    });
    expect(nothingSent.json()).toMatchObject({ code: 404, message: '该手机号在此品牌下没有发送过验证码' });
    const malformed = await server.app.inject({ method: 'GET', url: '/webchat/dev/sms-outbox?brand=alpha' });
    expect(malformed.json()).toMatchObject({ code: 400, message: expect.stringMatching(/^参数 mobile：/) });
  });
});

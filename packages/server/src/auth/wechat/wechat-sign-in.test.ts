import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../app';
import { DEFAULT_RATE_LIMITS } from '../../security/rate-limit';
import { callApi } from '../../test-support/call-api';
import { testDatabaseTargets } from '../../test-support/databases';
import { type FakeWechat, sceneOfPng, startFakeWechat } from '../../test-support/fake-wechat';
import { consentVersionOf, newMobile } from '../../test-support/sign-in';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { readWechatSignInSettings, type WechatSignInSettings } from './settings';

const POLICY = consentVersionOf('alpha');
const PAGE = 'pages/login/index';
const TOKEN_LIFETIME_MS = 7200_000;
const REFRESH_MARGIN_MS = 300_000;

describe.each(testDatabaseTargets())('WeChat mini-program sign-in on $name', (target) => {
  let server: TestServer;
  let fake: FakeWechat;
  let settings: WechatSignInSettings;
  /** The fake's tokens expire by the server's clock, which exists once the server does. */
  let now: () => Date = () => new Date();

  beforeAll(async () => {
    fake = await startFakeWechat({ now: () => now() });
    settings = readWechatSignInSettings({
      WECHAT_PROVIDER: 'wechat',
      WECHAT_MA_APPID: fake.appId,
      WECHAT_MA_SECRET: fake.secret,
      WECHAT_API_BASE: fake.baseUrl,
      WECHAT_MA_PAGE: PAGE,
    });
    server = await startTestServer(target, [], { wechatSignIn: settings });
    now = server.clock.now;
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });

  interface SignIn {
    signInId: string;
    claimSecret: string;
    qrImage: string;
  }

  async function getQrcode(app: FastifyInstance = server.app): Promise<SignIn> {
    const answer = await callApi(app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
      params: { consentVersion: POLICY },
    });
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.mode).toBe('wechat');
    return answer.data;
  }

  const check = (signIn: { signInId: string; claimSecret: string }) =>
    callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/checkQrcode', {
      params: { signInId: signIn.signInId, claimSecret: signIn.claimSecret },
    });

  /** A call of the mini-program's sign-in page. */
  async function miniProgram(step: 'scan' | 'session' | 'confirm', body: Record<string, string>) {
    const response = await server.app.inject({
      method: 'POST',
      url: `/webchat/ma/sign-in/${step}`,
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { code: number; data: Record<string, string>; message: string };
  }

  function imageOf(signIn: SignIn): Buffer {
    const [header, base64] = signIn.qrImage.split(',');
    expect(header).toBe('data:image/png;base64');
    return Buffer.from(base64 ?? '', 'base64');
  }

  it('signs in through the mini-program: code, scan, wx.login, phone number, one claim', async () => {
    const signIn = await getQrcode();
    expect(signIn.signInId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const image = imageOf(signIn);
    expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');
    // The code WeChat drew carries the sign-in id, never the claim secret.
    expect(sceneOfPng(image)).toBe(signIn.signInId);
    expect(fake.scenes.at(-1)).toBe(signIn.signInId);
    expect((await check(signIn)).data).toEqual({ status: 'WAITING' });

    const scanned = await miniProgram('scan', { scene: signIn.signInId });
    expect(scanned).toMatchObject({ code: 200, data: { status: 'SCANNED', brandTitle: '阿尔法招标网' } });
    expect((await check(signIn)).data).toEqual({ status: 'SCANNED' });

    const session = await miniProgram('session', { scene: signIn.signInId, code: fake.loginCode('o-first') });
    expect(session.code).toBe(200);
    expect(JSON.stringify(session)).not.toMatch(/session_key|openid|o-first/);
    const mobile = newMobile();
    const confirmed = await miniProgram('confirm', {
      scene: signIn.signInId,
      signInSecret: session.data.signInSecret as string,
      phoneCode: fake.phoneCode(mobile),
    });
    expect(confirmed).toMatchObject({
      code: 200,
      data: { status: 'CONFIRMED', mobile: `${mobile.slice(0, 3)}****${mobile.slice(-4)}` },
    });

    // The id alone claims nothing; a wrong secret reads EXPIRED and leaves the sign-in to its browser.
    const idAlone = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/checkQrcode', {
      params: { signInId: signIn.signInId },
    });
    expect(idAlone.code).toBe(400);
    expect((await check({ signInId: signIn.signInId, claimSecret: 'guess' })).data).toEqual({
      status: 'EXPIRED',
    });

    const signedIn = await check(signIn);
    expect(signedIn.data).toMatchObject({ status: 'CONFIRMED', user: { mobile } });
    const headers = { authorization: `Bearer ${signedIn.data.token}` };
    expect((await callApi(server.app, 'GET', '/webchat/api/checkPerfectInfo', { headers })).code).toBe(200);
    expect((await check(signIn)).data).toEqual({ status: 'EXPIRED' });
    expect(await miniProgram('scan', { scene: signIn.signInId })).toMatchObject({ code: 404 });

    const consents = await server.db.query(
      'SELECT policy_version AS "policyVersion", channel, user_id AS "userId" FROM personal_information_consent WHERE mobile = $1',
      [mobile],
    );
    expect(consents).toEqual([{ policyVersion: POLICY, channel: 'qr', userId: signedIn.data.user.userId }]);
  });

  it('lets only the WeChat user who scanned first confirm, with the secret of their session', async () => {
    const signIn = await getQrcode();
    const scene = signIn.signInId;
    expect(
      await miniProgram('confirm', { scene, signInSecret: 'x', phoneCode: fake.phoneCode(newMobile()) }),
    ).toMatchObject({ code: 400, message: '请先完成微信登录（wx.login）再授权手机号' });
    const first = await miniProgram('session', { scene, code: fake.loginCode('o-owner') });
    const intruder = await miniProgram('session', { scene, code: fake.loginCode('o-watcher') });
    expect(intruder).toMatchObject({
      code: 403,
      message: '该二维码已被其他微信扫描，请在电脑上刷新二维码后重新扫码',
    });
    expect(
      await miniProgram('confirm', { scene, signInSecret: 'forged', phoneCode: fake.phoneCode(newMobile()) }),
    ).toMatchObject({ code: 403 });
    // The same WeChat user coming back gets a new secret; the old one stops working.
    const again = await miniProgram('session', { scene, code: fake.loginCode('o-owner') });
    expect(again.code).toBe(200);
    expect(
      await miniProgram('confirm', {
        scene,
        signInSecret: first.data.signInSecret as string,
        phoneCode: fake.phoneCode(newMobile()),
      }),
    ).toMatchObject({ code: 403 });
    expect((await check(signIn)).data).toEqual({ status: 'SCANNED' });
  });

  it("answers WeChat's errcodes with Chinese messages", async () => {
    const { signInId: scene } = await getQrcode();
    fake.failNext('jscode2session', 45011);
    expect(await miniProgram('session', { scene, code: fake.loginCode('o-a') })).toMatchObject({
      code: 429,
      message: '微信接口调用过于频繁，请稍后再试',
    });
    expect(await miniProgram('session', { scene, code: 'never-issued' })).toMatchObject({
      code: 400,
      message: '微信登录凭证无效或已使用，请重新进入小程序后再试',
    });
    fake.failNext('jscode2session', -1);
    expect(await miniProgram('session', { scene, code: fake.loginCode('o-a') })).toMatchObject({
      code: 500,
      message: '微信服务繁忙，请稍后再试',
    });
    const session = await miniProgram('session', { scene, code: fake.loginCode('o-a') });
    expect(
      await miniProgram('confirm', {
        scene,
        signInSecret: session.data.signInSecret as string,
        phoneCode: 'never-issued',
      }),
    ).toMatchObject({ code: 400, message: '微信登录凭证无效或已使用，请重新进入小程序后再试' });
    expect(await miniProgram('session', { scene: '' })).toMatchObject({ code: 400 });
    expect((await miniProgram('session', { scene })).message).toContain('code');
  });

  it('shares one access token between two API nodes on one database, and refreshes it before it expires', async () => {
    const other = await buildServer({
      db: server.db,
      sites: [],
      defaultBrand: 'alpha',
      clock: server.clock.now,
      devMode: true,
      wechatSignIn: settings,
    });
    try {
      // Earlier tests left a fresh token in the database: move past it, so this test sees a refresh happen.
      server.clock.advance(TOKEN_LIFETIME_MS);
      const before = fake.count('stable_token');
      await getQrcode();
      await getQrcode(other);
      await getQrcode(other);
      expect(fake.count('stable_token')).toBe(before + 1);

      // Just outside the refresh margin the token is kept; inside it, one node fetches the next.
      server.clock.advance(TOKEN_LIFETIME_MS - REFRESH_MARGIN_MS - 60_000);
      await getQrcode(other);
      expect(fake.count('stable_token')).toBe(before + 1);
      server.clock.advance(120_000);
      await getQrcode(other);
      await getQrcode();
      expect(fake.count('stable_token')).toBe(before + 2);
      expect(fake.requests.filter((r) => r.api === 'getwxacodeunlimit' && r.errcode !== 0)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('refreshes the token once when WeChat refuses it (40001) and draws the code', async () => {
    await getQrcode();
    const before = fake.count('stable_token');
    const refusedBefore = fake.requests.filter((r) => r.errcode === 40001).length;
    fake.revokeAccessTokens();
    const signIn = await getQrcode();
    expect(sceneOfPng(imageOf(signIn))).toBe(signIn.signInId);
    expect(fake.count('stable_token')).toBe(before + 1);
    expect(fake.requests.filter((r) => r.errcode === 40001).length).toBe(refusedBefore + 1);
  });

  it('says which setting is wrong when WeChat refuses the AppID', async () => {
    const wrong = await buildServer({
      db: server.db,
      sites: [],
      defaultBrand: 'alpha',
      clock: server.clock.now,
      wechatSignIn: readWechatSignInSettings({
        WECHAT_PROVIDER: 'wechat',
        WECHAT_MA_APPID: 'wx0000000000000000',
        WECHAT_MA_SECRET: fake.secret,
        WECHAT_API_BASE: fake.baseUrl,
        WECHAT_MA_PAGE: PAGE,
      }),
    });
    try {
      const answer = await callApi(wrong, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
        params: { consentVersion: POLICY },
      });
      expect(answer).toMatchObject({ code: 500, message: '小程序 AppID 配置有误，请联系客服' });
    } finally {
      await wrong.close();
    }
  });
});

describe('WECHAT_PROVIDER settings', () => {
  const complete = {
    WECHAT_PROVIDER: 'wechat',
    WECHAT_MA_APPID: 'wx1234567890abcdef',
    WECHAT_MA_SECRET: 'secret',
    WECHAT_MA_PAGE: PAGE,
  };

  it('defaults to the sandbox and reads the mini-program settings of wechat', () => {
    expect(readWechatSignInSettings({})).toEqual({ provider: 'sandbox' });
    expect(readWechatSignInSettings({ WECHAT_PROVIDER: 'off' })).toEqual({ provider: 'off' });
    expect(readWechatSignInSettings({ ...complete, WECHAT_MA_ENV_VERSION: 'trial' })).toEqual({
      provider: 'wechat',
      miniProgram: {
        appId: 'wx1234567890abcdef',
        secret: 'secret',
        apiBase: 'https://api.weixin.qq.com',
        page: PAGE,
        envVersion: 'trial',
      },
    });
  });

  it('stops the start naming the missing or wrong variable', () => {
    expect(() => readWechatSignInSettings({ WECHAT_PROVIDER: 'weixin' })).toThrow(/WECHAT_PROVIDER 不支持/);
    for (const name of ['WECHAT_MA_APPID', 'WECHAT_MA_SECRET', 'WECHAT_MA_PAGE'] as const) {
      expect(() => readWechatSignInSettings({ ...complete, [name]: ' ' })).toThrow(
        new RegExp(`WECHAT_PROVIDER=wechat 需要设置 ${name}`),
      );
    }
    expect(() => readWechatSignInSettings({ ...complete, WECHAT_MA_PAGE: '/pages/login/index' })).toThrow(
      /WECHAT_MA_PAGE/,
    );
    expect(() => readWechatSignInSettings({ ...complete, WECHAT_MA_ENV_VERSION: 'beta' })).toThrow(
      /WECHAT_MA_ENV_VERSION/,
    );
    expect(() => readWechatSignInSettings({ ...complete, WECHAT_API_BASE: 'api.weixin.qq.com' })).toThrow(
      /WECHAT_API_BASE/,
    );
  });
});

describe.each(testDatabaseTargets())(
  'WeChat mini-program sign-in calls under the sign-in limit on $name',
  (target) => {
    let server: TestServer;
    let fake: FakeWechat;

    beforeAll(async () => {
      fake = await startFakeWechat({ now: () => new Date() });
      const settings = readWechatSignInSettings({
        WECHAT_PROVIDER: 'wechat',
        WECHAT_MA_APPID: fake.appId,
        WECHAT_MA_SECRET: fake.secret,
        WECHAT_API_BASE: fake.baseUrl,
        WECHAT_MA_PAGE: PAGE,
      });
      server = await startTestServer(target, [], {
        wechatSignIn: settings,
        rateLimits: { ...DEFAULT_RATE_LIMITS, 'login-ip': { max: 3, windowSeconds: 60 } },
      });
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });

    const call = (step: string, body: Record<string, string>, remoteAddress: string) =>
      server.app.inject({ method: 'POST', url: `/webchat/ma/sign-in/${step}`, payload: body, remoteAddress });

    it('counts scan, session and confirm per IP, as the other sign-in routes', async () => {
      const ip = '198.51.100.77';
      const codes: number[] = [];
      for (const [step, body] of [
        ['scan', { scene: 'guess-1' }],
        ['session', { scene: 'guess-2', code: 'c' }],
        ['confirm', { scene: 'guess-3', signInSecret: 's', phoneCode: 'p' }],
        ['scan', { scene: 'guess-4' }],
      ] as const) {
        codes.push((await call(step, body, ip)).json().code);
      }
      // Unknown scenes: 404 until the limit, then 429 (with Retry-After) before any lookup.
      expect(codes).toEqual([404, 404, 404, 429]);
      const refused = await call('scan', { scene: 'guess-5' }, ip);
      expect(refused.json()).toMatchObject({ code: 429, message: expect.stringContaining('操作过于频繁') });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another caller is not held back.
      expect((await call('scan', { scene: 'guess-6' }, '198.51.100.78')).json().code).toBe(404);
    });
  },
);

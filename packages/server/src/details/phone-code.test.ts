import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWechatSignInSettings } from '../auth/wechat/settings';
import { testDatabaseTargets } from '../test-support/databases';
import { type FakeWechat, sceneOfPng, startFakeWechat } from '../test-support/fake-wechat';
import { callAs, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { addConstruction, addProcurement } from './test-fixtures';

const PATH = '/webchat/api/ma/getQrcode';
const DETAIL_PAGE = 'pages/detail/index';

describe.each(testDatabaseTargets())('ma/getQrcode on $name', (target) => {
  let fake: FakeWechat;
  let wechat: TestServer;
  let sandbox: TestServer;
  let bare: TestServer;
  /** The fake's tokens expire by the server's clock. */
  let now: () => Date = () => new Date();

  beforeAll(async () => {
    fake = await startFakeWechat({ now: () => now(), publishedPages: ['pages/login/index', DETAIL_PAGE] });
    const wechatEnv = {
      WECHAT_PROVIDER: 'wechat',
      WECHAT_MA_APPID: fake.appId,
      WECHAT_MA_SECRET: fake.secret,
      WECHAT_API_BASE: fake.baseUrl,
      WECHAT_MA_PAGE: 'pages/login/index',
    };
    wechat = await startTestServer(target, [], {
      wechatSignIn: readWechatSignInSettings({ ...wechatEnv, WECHAT_MA_DETAIL_PAGE: DETAIL_PAGE }),
    });
    now = wechat.clock.now;
    sandbox = await startTestServer(target);
    // WeChat sign-in without a detail page: the code is not offered.
    bare = await startTestServer(target, [], { wechatSignIn: readWechatSignInSettings(wechatEnv) });
  });
  afterAll(async () => {
    await Promise.all([wechat.close(), sandbox.close(), bare.close()]);
    await fake.close();
  });

  it('draws the mini-program code of the detail page with the item in its scene, spending nothing', async () => {
    const member = await newMember(wechat, 'alpha');
    const { zb } = await addProcurement(wechat);
    const answer = await callAs(wechat, member, 'POST', PATH, { id: zb });
    expect(answer.code, answer.message).toBe(200);
    expect(answer.data.mode).toBe('wechat');
    const [header, base64] = String(answer.data.qrImage).split(',');
    expect(header).toBe('data:image/png;base64');
    expect(sceneOfPng(Buffer.from(base64 ?? '', 'base64'))).toBe(`id=${zb}`);
    const used = await callAs(wechat, member, 'GET', '/webchat/api/auth/getPermissionNum', {
      type: 'watchZhaobiao',
    });
    expect(used.data.used).toBe(0);
  });

  it('answers the item’s address in the brand’s web client in sandbox mode, by its type', async () => {
    const member = await newMember(sandbox, 'alpha');
    const { zb, yg } = await addProcurement(sandbox);
    const { nj } = await addConstruction(sandbox);
    const urls = [];
    for (const id of [zb, yg, nj]) {
      const answer = await callAs(sandbox, member, 'POST', PATH, { id });
      expect(answer.code, answer.message).toBe(200);
      expect(answer.data.mode).toBe('sandbox');
      urls.push(String(answer.data.qrUrl).replace(/^https?:\/\/[^/]+/, ''));
    }
    expect(urls).toEqual([
      `/alpha/#/tender/index?id=${zb}`,
      `/alpha/#/forecastDetail?id=${yg}`,
      `/alpha/#/building/index?id=${nj}`,
    ]);
  });

  it('refuses an unknown item, a bad id, a caller without a session and a server without a detail page', async () => {
    const member = await newMember(sandbox, 'alpha');
    expect(await callAs(sandbox, member, 'POST', PATH, { id: 987_654_321 })).toMatchObject({
      code: 404,
      message: '该信息不存在或已删除',
    });
    const bad = await callAs(sandbox, member, 'POST', PATH, { id: 'abc' });
    expect(bad.code).toBe(400);
    expect(bad.message).toContain('信息编号');
    const anonymous = await sandbox.app.inject({
      method: 'POST',
      url: `${PATH}?brand=alpha&version=20`,
      payload: { id: 1 },
    });
    expect(anonymous.json().code).toBe(401);
    const bareMember = await newMember(bare, 'alpha');
    const { zb } = await addProcurement(bare);
    expect(await callAs(bare, bareMember, 'POST', PATH, { id: zb })).toMatchObject({
      code: 404,
      message: '当前平台未开放扫码在手机上查看',
    });
  });
});

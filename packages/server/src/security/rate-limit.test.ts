import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { consentVersionOf, newMobile } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { DEFAULT_RATE_LIMITS } from './rate-limit';

describe.each(testDatabaseTargets())('rate limit keys on $name', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target, [], {
      rateLimits: {
        ...DEFAULT_RATE_LIMITS,
        'login-ip': { max: 3, windowSeconds: 60 },
        'login-phone': { max: 2, windowSeconds: 600 },
        'sms-ip': { max: 2, windowSeconds: 60 },
      },
    });
  });

  afterAll(async () => {
    await server.close();
  });

  const login = (mobile: unknown, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: '/webchat/api/login/messageLogin',
      payload: { brand: 'alpha', version: 20, mobile, code: '000000', registerType: 50 },
      remoteAddress,
    });

  it('counts sign-in tries per phone whatever way the number is written', async () => {
    const mobile = newMobile();
    const codes: number[] = [];
    for (const [index, written] of [Number(mobile), ` ${mobile}`, `${mobile} `].entries()) {
      codes.push((await login(written, `198.51.100.${100 + index}`)).json().code);
    }
    expect(codes).toEqual([400, 400, 429]);
  });

  it('counts IPv6 callers per /64: the addresses of one network share one limit', async () => {
    const codes: number[] = [];
    for (const address of [
      '2001:db8:aa:bb::1',
      '2001:db8:aa:bb::2',
      '2001:db8:aa:bb:abcd:ef01:2345:6789',
      '2001:0db8:00aa:00bb:ffff:ffff:ffff:fffe',
    ]) {
      codes.push((await login(newMobile(), address)).json().code);
    }
    expect(codes).toEqual([400, 400, 400, 429]);
    // The next /64 is another network.
    expect((await login(newMobile(), '2001:db8:aa:bc::1')).json().code).toBe(400);
  });

  const postForm = (path: string, fields: Record<string, string>, remoteAddress: string) =>
    server.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress,
    });

  /** A QR sign-in's id: what the phone's forms send (`id`). */
  async function newSignInId(remoteAddress: string): Promise<string> {
    const answer = await callApi(server.app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
      params: { consentVersion: consentVersionOf('alpha') },
      remoteAddress,
    });
    expect(answer.code).toBe(200);
    return answer.data.signInId;
  }

  it("puts the QR page's code sends under the API's send limit per IP, and shows the refusal as a page", async () => {
    const ip = '192.0.2.41';
    const id = await newSignInId(ip);
    const bodies: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      bodies.push((await postForm('/webchat/ma-login/send-code', { id, mobile: newMobile() }, ip)).body);
    }
    expect(bodies[0]).toContain('验证码已发送');
    expect(bodies[2]).toContain('操作过于频繁');
    expect(bodies[2]).toContain('<!doctype html>');
    // The API's send counts on the same limit.
    const api = await callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
      params: { mobile: newMobile(), consentVersion: consentVersionOf('alpha') },
      remoteAddress: ip,
    });
    expect(api.code).toBe(429);
  });

  it("puts the QR page's confirm under the API's sign-in limit per phone", async () => {
    const mobile = newMobile();
    const id = await newSignInId('192.0.2.42');
    const bodies: string[] = [];
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await postForm(
        '/webchat/ma-login/confirm',
        { id, mobile, code: '000000' },
        `192.0.2.${50 + attempt}`,
      );
      bodies.push(response.body);
    }
    expect(bodies[1]).not.toContain('操作过于频繁');
    // A third try at this phone, from yet another IP, through the API: over the phone's limit.
    expect((await login(mobile, '192.0.2.60')).json().code).toBe(429);
  });

  it("stops one IP burning a victim's daily codes before they run out, and the victim still gets one", async () => {
    const victim = newMobile();
    const send = (remoteAddress: string) =>
      callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
        params: { mobile: victim, consentVersion: consentVersionOf('alpha') },
        remoteAddress,
      });
    const stranger = '203.0.113.99';
    let sent = 0;
    let stoppedBy = '';
    // The stranger waits out every per-phone pause (a minute between sends, an hour after five) and keeps going.
    for (let attempt = 0; attempt < 12 && !stoppedBy; attempt += 1) {
      const answer = await send(stranger);
      if (answer.code === 200) sent += 1;
      else if (/1 小时内最多/.test(answer.message)) server.clock.advance(60 * 60_000);
      else stoppedBy = answer.message;
      server.clock.advance(61_000);
    }
    expect(stoppedBy).toMatch(/^当前网络获取验证码过于频繁/);
    expect(sent).toBeLessThan(10);
    const victimsOwn = await send('198.51.100.200');
    expect(victimsOwn.code).toBe(200);
  });

  it('never holds back the owner, whose codes are used, on one network', async () => {
    const owner = newMobile();
    const ip = '198.51.100.201';
    const outboxCode = async () =>
      (
        await server.app.inject({ method: 'GET', url: `/webchat/dev/sms-outbox?mobile=${owner}&brand=alpha` })
      ).json().data.code;
    for (let signIn = 0; signIn < 6; signIn += 1) {
      server.clock.advance(13 * 60_000);
      const sent = await callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
        params: { mobile: owner, consentVersion: consentVersionOf('alpha') },
        remoteAddress: ip,
      });
      expect(sent.code, `send ${signIn + 1}`).toBe(200);
      const login = await callApi(server.app, 'POST', '/webchat/api/login/messageLogin', {
        params: { mobile: owner, code: await outboxCode(), registerType: 50 },
        remoteAddress: ip,
      });
      expect(login.code).toBe(200);
    }
  });
});

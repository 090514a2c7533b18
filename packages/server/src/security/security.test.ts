import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discoverBrandSites } from '../brand-sites/discover';
import { readConfig } from '../config';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer, testBrands } from '../test-support/test-server';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, securityHeaders } from './headers';
import { memoryRateCounter } from './rate-counter';
import { DEFAULT_RATE_LIMITS, guardedEndpoints, parseRateLimits } from './rate-limit';

describe('parseRateLimits', () => {
  it('takes the defaults, switches all off, or overrides single limits', () => {
    expect(parseRateLimits(undefined)).toEqual(DEFAULT_RATE_LIMITS);
    expect(parseRateLimits(' off ')).toEqual({});
    const changed = parseRateLimits('login-ip=600/60, search=off');
    expect(changed['login-ip']).toEqual({ max: 600, windowSeconds: 60 });
    expect(changed.search).toBeUndefined();
    expect(changed.export).toEqual(DEFAULT_RATE_LIMITS.export);
  });

  it('refuses what it cannot read, naming the part in Chinese', () => {
    expect(() => parseRateLimits('logins=5/60')).toThrow(/RATE_LIMITS 的 "logins=5\/60" 无法识别/);
    expect(() => parseRateLimits('search=0/60')).toThrow(/须为正整数/);
    expect(() => parseRateLimits('search=ten')).toThrow(/无法识别/);
    expect(() => parseRateLimits('sms-ip-hour=30/90000')).toThrow(/不能超过 86400 秒/);
  });

  it('guards sign-in and the expensive endpoints', () => {
    expect(guardedEndpoints('login-ip')).toEqual([
      'POST /webchat/api/login/messageLogin',
      'POST /webchat/api/login/awaken',
      'POST /webchat/ma-login/confirm',
      'POST /webchat/ma/sign-in/scan',
      'POST /webchat/ma/sign-in/session',
      'POST /webchat/ma/sign-in/confirm',
    ]);
    expect(guardedEndpoints('search')).toContain('POST /webchat/api/searchList');
    expect(guardedEndpoints('export')).toContain('POST /webchat/api/project/dataExportOrder');
    expect(guardedEndpoints('analysis')).toContain('POST /webchat/api/analysis/market');
  });
});

describe('securityHeaders', () => {
  it('adds HSTS only to requests that came over HTTPS, as a trusted proxy reports them', async () => {
    const app = Fastify({ trustProxy: true });
    securityHeaders(app);
    app.get('/', async () => 'ok');
    const plain = await app.inject({ method: 'GET', url: '/' });
    const secure = await app.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(secure.headers['strict-transport-security']).toBe('max-age=15552000');
    expect(secure.headers['x-frame-options']).toBe('DENY');
    await app.close();
  });
});

describe('readConfig', () => {
  it('reads RATE_LIMITS and REDIS_URL', () => {
    expect(readConfig({}, '/repo')).toMatchObject({ rateLimits: DEFAULT_RATE_LIMITS, redis: undefined });
    expect(readConfig({ RATE_LIMITS: 'off', REDIS_URL: ' redis://cache:6379/2 ' }, '/repo')).toMatchObject({
      rateLimits: {},
      redis: { url: 'redis://cache:6379/2' },
    });
    expect(() => readConfig({ RATE_LIMITS: 'login=1' }, '/repo')).toThrow(/RATE_LIMITS/);
  });
});

describe('memoryRateCounter', () => {
  it('counts within a window and starts again when it ends', async () => {
    // A stopped clock: the test clock runs with real time, and a busy machine moved it a millisecond between hits.
    let now = Date.UTC(2026, 0, 1);
    const counter = memoryRateCounter(() => new Date(now));
    expect(await counter.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
    now += 10_000;
    expect(await counter.hit('k', 60_000)).toEqual({ count: 2, resetInMs: 50_000 });
    expect(await counter.hit('other', 60_000)).toMatchObject({ count: 1 });
    now += 50_000;
    expect(await counter.hit('k', 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  });
});

describe.each(testDatabaseTargets())('security on $name', (target) => {
  let appsDir: string;
  let server: TestServer;

  beforeAll(async () => {
    appsDir = mkdtempSync(join(tmpdir(), 'tender-apps-'));
    const alpha = testBrands[0];
    if (!alpha) throw new Error('no test brand');
    mkdirSync(join(appsDir, 'alpha', 'dist'), { recursive: true });
    writeFileSync(join(appsDir, 'alpha', 'dist', 'index.html'), '<title>阿尔法</title>');
    writeFileSync(join(appsDir, 'alpha', 'dist', 'brand.json'), JSON.stringify(alpha));
    server = await startTestServer(target, discoverBrandSites(appsDir), {
      rateLimits: {
        'login-ip': { max: 3, windowSeconds: 60 },
        'login-phone': { max: 2, windowSeconds: 600 },
        search: { max: 2, windowSeconds: 60 },
        'sms-ip-hour': { max: 2, windowSeconds: 3600 },
      },
    });
  });

  afterAll(async () => {
    await server.close();
    rmSync(appsDir, { recursive: true, force: true });
  });

  it('sends the security headers with the API, the brand apps and the 404 envelope', async () => {
    for (const url of [
      '/webchat/api/dictDetail?dictName=item_amount&brand=alpha&version=20',
      '/alpha/',
      '/webchat/api/nothing-here',
    ]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(response.headers['set-cookie'], url).toBeUndefined();
    }
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self';");
  });

  it('lets the browser send error reports to the SENTRY_BROWSER_DSN origin only', () => {
    expect(contentSecurityPolicy('https://public@sentry.example.cn:9000/42')).toContain(
      "connect-src 'self' https://sentry.example.cn:9000;",
    );
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self';");
  });

  it('limits sign-in tries per IP with a 429 envelope in Chinese, Retry-After, and again after the window', async () => {
    const ip = '203.0.113.7';
    const tryLogin = (mobile: string) =>
      server.app.inject({
        method: 'POST',
        url: '/webchat/api/login/messageLogin',
        payload: { brand: 'alpha', version: 20, mobile, code: '000000', registerType: 50 },
        remoteAddress: ip,
      });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await tryLogin(newMobile())).json().code).toBe(400);
    }
    const refused = await tryLogin(newMobile());
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toEqual({
      code: 429,
      data: { retryAfter: 60 },
      message: '操作过于频繁，请 1 分钟后再试',
    });
    expect(refused.headers['retry-after']).toBe('60');
    // Another IP is not held back by this one.
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: '/webchat/api/login/messageLogin',
      payload: { brand: 'alpha', version: 20, mobile: newMobile(), code: '000000', registerType: 50 },
      remoteAddress: '203.0.113.8',
    });
    expect(elsewhere.json().code).toBe(400);
    server.clock.advance(60_000);
    expect((await tryLogin(newMobile())).json().code).toBe(400);
  });

  it('limits sign-in tries per phone whatever the IP', async () => {
    const mobile = newMobile();
    const codes: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/webchat/api/login/messageLogin',
        payload: { brand: 'alpha', version: 20, mobile, code: '000000', registerType: 50 },
        remoteAddress: `198.51.100.${attempt + 1}`,
      });
      codes.push(response.json().code);
    }
    expect(codes).toEqual([400, 400, 429]);
  });

  it('counts SMS sends per IP by the configured hourly limit, in the database with the per-phone limits', async () => {
    const send = (mobile: string) =>
      callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
        params: { mobile, consentVersion: '2026-11-01' },
        remoteAddress: '198.51.100.77',
      });
    expect((await send(newMobile())).code).toBe(200);
    expect((await send(newMobile())).code).toBe(200);
    const refused = await send(newMobile());
    expect(refused.code).toBe(429);
    expect(refused.message).toMatch(/^当前网络获取验证码过于频繁，请 .+后再试$/);
  });

  it('limits searches per session, not per shared IP', async () => {
    const first = await signIn(server, 'alpha', newMobile());
    const second = await signIn(server, 'alpha', newMobile());
    const search = (headers: Record<string, string>) =>
      callApi(server.app, 'POST', '/webchat/api/searchList', {
        params: { keyword: '医院', page: 1, size: 10 },
        headers,
        remoteAddress: '192.0.2.10',
      });
    expect((await search(first.headers)).code).toBe(200);
    expect((await search(first.headers)).code).toBe(200);
    const refused = await search(first.headers);
    expect(refused.code).toBe(429);
    expect(refused.message).toMatch(/^操作过于频繁，请 .+后再试$/);
    expect((await search(second.headers)).code).toBe(200);
  });
});

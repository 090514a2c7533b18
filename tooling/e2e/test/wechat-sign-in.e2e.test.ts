import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchChromium } from '@tender/chromium';
import { type FakeWechat, sceneOfPng, startFakeWechat } from '@tender/server/test-support/fake-wechat';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_IDS, repositoryRoot } from '../src/brands';

/**
 * The mini-program sign-in end to end: a server of its own started with `WECHAT_PROVIDER=wechat` against the local
 * fake WeChat API (bin/e2e.mjs's shared server stays on the sandbox), the login page in Chromium showing the code
 * the fake drew, and this test playing the mini-program through /webchat/ma/sign-in.
 */
const brandId = process.env.E2E_BRAND ?? '';
const STARTUP_TIMEOUT_MS = 60_000;
const PAGE = 'pages/login/index';

let fake: FakeWechat;
let server: ChildProcess;
let baseUrl: string;
let dataDir: string;
let browser: Browser;
let page: Page;

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitUntilReady(): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ready = await fetch(`${baseUrl}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error('the server did not become ready');
}

/** One call of the mini-program's sign-in page; the envelope's data. */
async function miniProgram(step: 'scan' | 'session' | 'confirm', body: Record<string, string>) {
  const response = await fetch(`${baseUrl}/webchat/ma/sign-in/${step}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: number; data: Record<string, string>; message: string };
  expect(envelope.code, envelope.message).toBe(200);
  return envelope.data;
}

beforeAll(async () => {
  fake = await startFakeWechat({ now: () => new Date(), publishedPages: [PAGE] });
  dataDir = mkdtempSync(join(tmpdir(), 'tender-e2e-wechat-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, [join(repositoryRoot, 'packages/server/dist/cli.js'), 'start'], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      DEMO_SIZE: '0',
      PORT: String(port),
      HOST: '127.0.0.1',
      WECHAT_PROVIDER: 'wechat',
      WECHAT_MA_APPID: fake.appId,
      WECHAT_MA_SECRET: fake.secret,
      WECHAT_API_BASE: fake.baseUrl,
      WECHAT_MA_PAGE: PAGE,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilReady();
  browser = await launchChromium();
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  page = await context.newPage();
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    server.kill('SIGTERM');
    await new Promise((exited) => server.on('exit', exited));
  }
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe(`brand ${brandId}: WeChat mini-program sign-in`, () => {
  it('shows the code WeChat drew, and signs in once the mini-program confirms with the phone number', async () => {
    await page.goto(`${baseUrl}/${brandId}/#/login`);
    await page.getByRole('tab', { name: '扫码登录' }).click();
    await page.getByRole('tabpanel').getByText('请先阅读并同意用户协议和隐私政策').waitFor();
    const qrAnswer = page.waitForResponse((response) => response.url().includes('/maQrcodeLogin/getQrcode'));
    await page
      .getByRole('tabpanel')
      .getByRole('checkbox', { name: /我已阅读并同意/ })
      .check();
    const { data } = (await (await qrAnswer).json()) as { data: { mode: string; signInId: string } };
    expect(data.mode).toBe('wechat');
    expect(fake.scenes).toContain(data.signInId);

    // The page shows the PNG the fake drew for this sign-in id, decoded by the browser.
    const code = page.getByRole('img', { name: '请使用手机扫描二维码登录' });
    await code.waitFor();
    const shown = await code.evaluate((image: HTMLImageElement) =>
      image.decode().then(() => ({ src: image.src, width: image.naturalWidth })),
    );
    expect(shown.width).toBeGreaterThan(0);
    expect(sceneOfPng(Buffer.from(shown.src.split(',')[1] ?? '', 'base64'))).toBe(data.signInId);

    // The mini-program: opened with the scene, wx.login, then the getPhoneNumber button.
    const scene = data.signInId;
    await miniProgram('scan', { scene });
    await page.getByText('已扫码，请在手机上确认登录').waitFor();
    const { signInSecret } = await miniProgram('session', {
      scene,
      code: fake.loginCode(`o-e2e-${brandId}`),
    });
    const mobile = `136${BRAND_IDS.indexOf(brandId)}${String(Date.now()).slice(-7)}`;
    await miniProgram('confirm', {
      scene,
      signInSecret: signInSecret ?? '',
      phoneCode: fake.phoneCode(mobile),
    });

    // A new phone: signed in and on to /perfect to complete the profile.
    await page.waitForFunction(() => location.hash === '#/perfect');
    expect((await page.context().cookies()).some((cookie) => cookie.name === 'TOKEN')).toBe(true);
  });
});

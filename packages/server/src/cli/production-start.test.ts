import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, httpCall, ServerProcess, testAppsDir } from '../faults/server-process';
import { serverPackageRoot } from '../paths';
import { startFakeAliyunSms } from '../test-support/fake-aliyun-sms';
import { startFakeWechat } from '../test-support/fake-wechat';
import { startFakeWechatPay } from '../test-support/fake-wechatpay';
import { consentVersionOf, newMobile } from '../test-support/sign-in';

/** `tender-server start` from source with only `env` (and PATH): its exit code and what it wrote to stderr. */
function startWith(env: Record<string, string>): Promise<{ code: number | null; stderr: string[] }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(serverPackageRoot, 'src', 'cli.ts'), 'start'],
      {
        cwd: serverPackageRoot,
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stderr: stderr.split('\n').filter((line) => line !== '') }));
  });
}

/** The login screen's 获取验证码 for brand alpha, the consent box ticked. */
const sendLoginCode = (port: number, mobile: string) =>
  httpCall(port, 'POST', '/webchat/api/login/sendMessageCode', {
    body: JSON.stringify({
      mobile,
      purpose: 'login',
      brand: 'alpha',
      version: 20,
      consentVersion: consentVersionOf('alpha'),
    }),
  });

describe('tender-server start in production', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tender-production-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses the default environment with exit code 1 and one line per problem', async () => {
    const { code, stderr } = await startWith({ TENDER_ENV: 'production', DATA_DIR: dataDir, PORT: '0' });
    expect(code).toBe(1);
    expect(stderr[0]).toBe('start 失败：生产环境（TENDER_ENV=production）有 4 项配置不可用于正式服务：');
    expect(stderr.slice(1).map((line) => line.trim().split(' ')[0])).toEqual([
      'PAY_PROVIDER',
      'SMS_PROVIDER',
      'WECHAT_PROVIDER',
      'PUBLIC_BASE_URL',
    ]);
  });

  it('takes NODE_ENV=production for production too, and lists TENDER_DEV and an http origin', async () => {
    const { code, stderr } = await startWith({
      NODE_ENV: 'production',
      TENDER_DEV: '1',
      PUBLIC_BASE_URL: 'http://tender.internal',
      DATA_DIR: dataDir,
      PORT: '0',
    });
    expect(code).toBe(1);
    expect(stderr).toHaveLength(6);
    expect(stderr).toContain('  TENDER_DEV 已设置（"1"）：生产环境不得开启开发模式，请删除该变量');
    expect(stderr).toContain('  PUBLIC_BASE_URL 须以 https:// 开头，当前为 "http://tender.internal"');
  });
});

describe('tender-server start outside production', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tender-demo-'));
  const appsDir = testAppsDir();
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(appsDir, { recursive: true, force: true });
  });

  it('starts its log with the demo warnings, tells the client it is a demo and logs codes in dev mode', async () => {
    server = new ServerProcess(await freePort(), { DATA_DIR: dataDir, APPS_DIR: appsDir, DEMO_SIZE: '0' });
    server.start();
    await server.ready();
    const messages = server
      .log()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; msg: string });
    const block = messages.slice(
      0,
      messages.findIndex((message) => message.msg === 'database ready'),
    );
    expect(block.every((message) => message.level === 40)).toBe(true);
    expect(block.map((message) => message.msg.split(':')[0])).toEqual([
      '==== 演示环境 (demo)',
      'PAY_PROVIDER=sandbox',
      'SMS_PROVIDER=console',
      'WECHAT_PROVIDER=sandbox',
      'TENDER_DEV=1',
      'PUBLIC_BASE_URL unset',
      'Every page shows the ribbon "演示环境：支付为模拟，验证码不会真实发送，微信登录为模拟". Production',
    ]);

    const environment = await httpCall(
      server.port,
      'GET',
      '/webchat/common/environment?brand=alpha&version=20',
    );
    expect(environment.json()).toEqual({
      code: 200,
      data: { demo: true, notice: '演示环境：支付为模拟，验证码不会真实发送，微信登录为模拟' },
      message: '成功',
    });

    const mobile = newMobile();
    const sent = await sendLoginCode(server.port, mobile);
    expect(sent.json().code).toBe(200);
    const logged = JSON.parse(await server.waitForLine((line) => line.includes(mobile)));
    const outbox = await httpCall(server.port, 'GET', `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`);
    expect(logged.code).toBe(outbox.json().data.code);
  });
});

/** A TLS front on 127.0.0.1 for a local fake: what the vendors' https endpoints are to a production start. */
async function tlsFront(target: number, tls: { key: string; cert: string }): Promise<HttpsServer> {
  const front = createHttpsServer(tls, (incoming, outgoing) => {
    // Forwarded as received, Host included: the fakes check signatures over it.
    const forwarded = httpRequest(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  return front;
}

const portOf = (server: HttpsServer) => (server.address() as AddressInfo).port;

describe('tender-server start in production with real providers', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tender-production-live-'));
  const appsDir = testAppsDir();
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    rmSync(dir, { recursive: true, force: true });
    rmSync(appsDir, { recursive: true, force: true });
  });

  it('starts with the vendors behind https and signs a member in by a texted code', async () => {
    // A certificate the server trusts through NODE_EXTRA_CA_CERTS, as it would trust the vendors' public CAs.
    const keyFile = join(dir, 'tls-key.pem');
    const certFile = join(dir, 'tls-cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'ignore' },
    );
    const tls = { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8') };

    const sms = await startFakeAliyunSms({ accessKeyId: 'LTAI5tProductionStartTest' });
    cleanups.push(() => sms.close());
    const pay = await startFakeWechatPay({
      mode: 'publicKey',
      clock: () => new Date(),
      mchId: '1612345678',
      appId: 'wx1d2e3f4a5b6c7d8e',
    });
    cleanups.push(() => pay.close());
    const wechat = await startFakeWechat({ now: () => new Date() });
    cleanups.push(() => wechat.close());
    const fronts = await Promise.all(
      [sms.endpoint, pay.baseUrl, wechat.baseUrl].map((url) => tlsFront(Number(new URL(url).port), tls)),
    );
    for (const front of fronts) cleanups.push(() => new Promise<void>((done) => front.close(() => done())));
    const [smsFront, payFront, wechatFront] = fronts.map(portOf) as [number, number, number];

    const merchant = pay.clientConfig('https://tender.test/webchat/pay/notify/wechatpay');
    const merchantKeyFile = join(dir, 'apiclient_key.pem');
    writeFileSync(merchantKeyFile, merchant.merchantPrivateKeyPem);
    const publicKeyFile = join(dir, 'pub_key.pem');
    writeFileSync(publicKeyFile, merchant.verifiers.publicKey?.pem ?? '');
    const env = {
      TENDER_ENV: 'production',
      PUBLIC_BASE_URL: 'https://tender.test',
      DATA_DIR: join(dir, 'data'),
      APPS_DIR: appsDir,
      DEMO_SIZE: '0',
      NODE_EXTRA_CA_CERTS: certFile,
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: sms.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: sms.accessKeySecret,
      ALIYUN_SMS_ENDPOINT: `https://127.0.0.1:${smsFront}`,
      PAY_PROVIDER: 'wechatpay',
      WECHATPAY_MCH_ID: merchant.mchId,
      WECHATPAY_APP_ID: merchant.appId,
      WECHATPAY_MCH_SERIAL_NO: merchant.merchantSerialNo,
      WECHATPAY_PRIVATE_KEY_PATH: merchantKeyFile,
      WECHATPAY_API_V3_KEY: merchant.apiV3Key,
      WECHATPAY_PUBLIC_KEY_PATH: publicKeyFile,
      WECHATPAY_PUBLIC_KEY_ID: merchant.verifiers.publicKey?.id ?? '',
      WECHATPAY_NOTIFY_URL: merchant.notifyUrl,
      WECHATPAY_API_BASE: `https://127.0.0.1:${payFront}`,
      WECHAT_PROVIDER: 'wechat',
      WECHAT_MA_APPID: wechat.appId,
      WECHAT_MA_SECRET: wechat.secret,
      WECHAT_MA_PAGE: 'pages/login/index',
      WECHAT_API_BASE: `https://127.0.0.1:${wechatFront}`,
    };
    const port = await freePort();
    const server = new ServerProcess(port, env, { production: true });
    cleanups.push(() => server.stop());

    // First start: migrates and creates the brand; the operator then sets its SMS sign and template.
    server.start();
    await server.ready();
    const environment = await httpCall(port, 'GET', '/webchat/common/environment?brand=alpha&version=20');
    expect(environment.json().data).toEqual({ demo: false, notice: '' });
    expect(server.log()).not.toContain('演示环境');
    await server.stop();
    const settings = new ServerProcess(port, env, { production: true });
    settings.start({}, [
      'sms-settings',
      'set',
      '--brand',
      'alpha',
      '--provider',
      'aliyun',
      '--sign-name',
      '阿尔法招标',
      '--template',
      'login=SMS_465100001',
    ]);
    expect(await settings.exited()).toBe(0);

    server.start();
    await server.ready();
    const mobile = newMobile();
    const sent = await sendLoginCode(port, mobile);
    expect(sent.json()).toMatchObject({ code: 200 });
    expect(sms.requests.map((request) => request.refused)).toEqual([undefined]);
    const texted = sms.sent.at(-1);
    expect(texted).toMatchObject({
      phoneNumbers: mobile,
      signName: '阿尔法招标',
      templateCode: 'SMS_465100001',
    });
    expect(server.log()).not.toContain(texted?.templateParam.code);
    expect(await httpCall(port, 'GET', `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`)).toMatchObject(
      {
        status: 404,
      },
    );

    const login = await httpCall(port, 'POST', '/webchat/api/login/messageLogin', {
      body: JSON.stringify({
        mobile,
        code: texted?.templateParam.code,
        brand: 'alpha',
        version: 20,
        registerType: 50,
        remember: false,
      }),
    });
    expect(login.json()).toMatchObject({ code: 200, data: { token: expect.any(String) } });
    const userCenter = await httpCall(port, 'GET', '/webchat/api/userCenter?brand=alpha&version=20', {
      token: login.json().data.token,
    });
    // A new member's token is good (401 without one) and leads to profile completion (spec §8: 430 → /perfect).
    expect(userCenter.json()).toMatchObject({ code: 430 });
  });
});

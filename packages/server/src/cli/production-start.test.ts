import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, httpCall, ServerProcess, testAppsDir } from '../faults/server-process';
import { serverPackageRoot } from '../paths';
import { newMobile } from '../test-support/sign-in';

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
    const sent = await httpCall(server.port, 'POST', '/webchat/api/login/sendMessageCode', {
      body: JSON.stringify({ mobile, purpose: 'login', brand: 'alpha', version: 20 }),
    });
    expect(sent.json().code).toBe(200);
    const logged = JSON.parse(await server.waitForLine((line) => line.includes(mobile)));
    const outbox = await httpCall(server.port, 'GET', `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`);
    expect(logged.code).toBe(outbox.json().data.code);
  });
});

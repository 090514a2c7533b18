import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { freePort, httpCall, ServerProcess, testAppsDir } from '../faults/server-process';
import { onTestServer, testServerDatabaseUrl } from '../test-support/databases';

const url = process.env.TEST_DATABASE_URL;

/** The worker pids that logged an answered request (pino writes each process's pid on its lines). */
function answeringPids(log: string): Set<number> {
  const pids = new Set<number>();
  for (const line of log.split('\n')) {
    if (!line.includes('"request completed"')) continue;
    const { pid } = JSON.parse(line) as { pid: number };
    pids.add(pid);
  }
  return pids;
}

describe('API_PROCESSES', () => {
  it('takes 1–64, and more than 1 only with PostgreSQL (the embedded database opens in one process)', () => {
    expect(readConfig({}, '/repo').apiProcesses).toBe(1);
    expect(readConfig({ API_PROCESSES: '2', DATABASE_URL: 'postgres://db/x' }, '/repo').apiProcesses).toBe(2);
    for (const wrong of ['0', '65', '1.5', 'two']) {
      expect(() => readConfig({ API_PROCESSES: wrong, DATABASE_URL: 'postgres://db/x' }, '/repo')).toThrow(
        /API_PROCESSES 必须是 1–64 之间的整数/,
      );
    }
    expect(() => readConfig({ API_PROCESSES: '2' }, '/repo')).toThrow(
      /API_PROCESSES 大于 1 时需要设置 DATABASE_URL/,
    );
  });
});

describe.skipIf(!url)('tender-server start with API_PROCESSES=2 on PostgreSQL', { timeout: 180_000 }, () => {
  const name = `workers_test_${randomBytes(5).toString('hex')}`;
  const appsDir = testAppsDir();
  let server: ServerProcess;

  beforeAll(async () => {
    await onTestServer(`CREATE DATABASE ${name}`);
    server = new ServerProcess(await freePort(), {
      DATABASE_URL: testServerDatabaseUrl(name),
      APPS_DIR: appsDir,
      API_PROCESSES: '2',
      DEMO_SIZE: '300',
    });
    server.start();
    await server.ready();
    // One worker loads the demo corpus while the other is ready at once: wait until both answer ready.
    let ready = 0;
    while (ready < 4) {
      ready = (await httpCall(server.port, 'GET', '/healthz')).status === 200 ? ready + 1 : 0;
      if (ready === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(appsDir, { recursive: true, force: true });
    await onTestServer(`DROP DATABASE IF EXISTS ${name}`);
  });

  it('starts both workers on one database (migrated, demo loaded once) and shares the dev SMS outbox', async () => {
    // A code sent through one connection is read through others (each a new connection, handed out in turn).
    const mobile = `1371${String(process.pid % 10_000).padStart(4, '0')}001`;
    const sent = await httpCall(
      server.port,
      'POST',
      `/webchat/api/login/sendMessageCode?mobile=${mobile}&consentVersion=2026-11-01&brand=alpha&version=20`,
    );
    expect(sent.json().code).toBe(200);
    const codes = new Set<string>();
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const outbox = await httpCall(
        server.port,
        'GET',
        `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
      );
      expect(outbox.json().code).toBe(200);
      codes.add(outbox.json().data.code);
    }
    expect(codes.size).toBe(1);
    expect(answeringPids(server.log()).size).toBe(2);

    const client = new pg.Client({ connectionString: testServerDatabaseUrl(name) });
    await client.connect();
    try {
      const { rows } = await client.query<{ items: number; migrations: number }>(
        'SELECT (SELECT count(*)::int FROM tender_item) AS items, (SELECT count(*)::int FROM schema_migrations) AS migrations',
      );
      expect(rows[0]?.items).toBe(300);
      expect(rows[0]?.migrations).toBeGreaterThan(15);
    } finally {
      await client.end();
    }
  });

  it('replaces a worker that dies and keeps serving; SIGTERM stops every process', async () => {
    const before = answeringPids(server.log());
    const [victim] = before;
    process.kill(victim as number, 'SIGKILL');
    await server.waitForLine((line) => line.includes('意外退出'));
    await server.waitForLine(
      (line) => line.includes('"database ready"') && !line.includes(`"pid":${victim}`),
    );
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await httpCall(server.port, 'GET', '/healthz')).status).toBe(200);
    }
    await server.stop();
    expect(await server.exited()).toBe(0);
    for (const pid of answeringPids(server.log())) {
      expect(() => process.kill(pid, 0)).toThrow();
    }
  });

  it('stops the whole start, exit code 1, when the workers cannot start (no such database)', async () => {
    const broken = new ServerProcess(await freePort(), {
      DATABASE_URL: testServerDatabaseUrl(`${name}_missing`),
      APPS_DIR: appsDir,
      API_PROCESSES: '2',
    });
    broken.start();
    expect(await broken.exited()).toBe(1);
    expect(broken.log()).toContain('启动失败');
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_BIN, PrivatePostgres, privatePostgresAvailable } from './private-postgres';
import { freePort, httpCall, ServerProcess, testAppsDir } from './server-process';

const GLOBALS = 'brand=alpha&version=20';
const json = (body: Record<string, unknown>) => JSON.stringify({ brand: 'alpha', version: 20, ...body });
const available = privatePostgresAvailable(['pg_basebackup']);

if (!available) {
  console.warn(
    `read replica test skipped: no initdb/pg_ctl/pg_basebackup in ${POSTGRES_BIN} (set POSTGRES_BIN), or running as root without a postgres user`,
  );
}

/** One statement on a cluster, on a connection of its own. */
async function sql<Row = Record<string, unknown>>(url: string, text: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as Row[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!available)(
  'search, analysis and company pages on a streaming replica',
  { timeout: 300_000 },
  () => {
    let primary: PrivatePostgres;
    let replica: PrivatePostgres;
    let server: ServerProcess;
    let token: string;
    let metricsPort: number;

    /** The reads the server sent to `database` so far (`tender_db_routed_reads_total` on METRICS_PORT). */
    async function readsOn(database: 'replica-1' | 'primary'): Promise<number> {
      const text = (await httpCall(metricsPort, 'GET', '/metrics')).text;
      const match = new RegExp(`^tender_db_routed_reads_total\\{database="${database}"\\} (\\d+)`, 'm').exec(
        text,
      );
      return Number(match?.[1] ?? 0);
    }
    const dataDir = mkdtempSync(join(tmpdir(), 'tender-fault-replica-'));
    const appsDir = testAppsDir();

    beforeAll(async () => {
      primary = await PrivatePostgres.create();
      replica = await PrivatePostgres.standbyOf(primary);
      metricsPort = await freePort();
      server = new ServerProcess(await freePort(), {
        METRICS_PORT: String(metricsPort),
        DATABASE_URL: primary.url,
        DATABASE_READ_URL: replica.url,
        READ_MAX_LAG: '1',
        DATA_DIR: dataDir,
        APPS_DIR: appsDir,
        DEMO_SIZE: '300',
      });
      server.start();
      await server.ready();
      const mobile = `1361${String(process.pid % 10_000).padStart(4, '0')}002`;
      await httpCall(
        server.port,
        'POST',
        `/webchat/api/login/sendMessageCode?mobile=${mobile}&consentVersion=2026-11-01&${GLOBALS}`,
      );
      const outbox = await httpCall(
        server.port,
        'GET',
        `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`,
      );
      const login = await httpCall(server.port, 'POST', '/webchat/api/login/messageLogin', {
        body: json({ mobile, code: outbox.json().data.code, registerType: 50 }),
      });
      token = login.json().data.token as string;
      await httpCall(
        server.port,
        'GET',
        `/webchat/api/perfect?realUserName=${encodeURIComponent('副本')}&companyName=${encodeURIComponent('副本测试公司')}&${GLOBALS}`,
        { token },
      );
    });

    afterAll(async () => {
      await server?.kill9();
      await replica?.destroy();
      await primary?.destroy();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(appsDir, { recursive: true, force: true });
    });

    /** Searches (each a new keyword: no result cache), company searches and the data board, without pause. */
    function callers(count: number) {
      const failures: string[] = [];
      let calls = 0;
      let stop = false;
      const calling = Array.from({ length: count }, async (_, index) => {
        while (!stop) {
          calls += 1;
          const kind = (calls + index) % 3;
          const [path, body] =
            kind === 0
              ? ['/webchat/api/searchList', { keyword: `采购${calls}`, pageNumber: 1 }]
              : kind === 1
                ? [
                    '/webchat/api/company/search',
                    { keyword: `公司${calls % 50}`, pageNumber: 1, pageSize: 10 },
                  ]
                : ['/webchat/api/analysis/dashboard', {}];
          const answer = await httpCall(server.port, 'POST', path, {
            token,
            body: json(body),
            timeoutMs: 20_000,
          }).catch((error: Error) => ({ status: 0, text: error.message, json: () => ({ code: 0 }) }));
          if (answer.status !== 200 || answer.json().code !== 200) {
            failures.push(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
          }
        }
      });
      return {
        failures,
        calls: () => calls,
        async end() {
          stop = true;
          await Promise.all(calling);
        },
      };
    }

    /** The first log line from `since` on with all of `words` (pino's lines carry their time). */
    const lineSince = (since: number, ...words: string[]) =>
      server.waitForLine((line) => {
        if (!words.every((word) => line.includes(word))) return false;
        try {
          return (JSON.parse(line) as { time: number }).time >= since;
        } catch {
          return false;
        }
      }, 30_000);

    const writeOnPrimary = () =>
      sql(
        primary.url,
        'CREATE TABLE IF NOT EXISTS lag_mark (at timestamptz); INSERT INTO lag_mark VALUES (now())',
      );

    it('reads from the replica, skips it while replay is paused and while it is down, and no call fails', async () => {
      await lineSince(0, 'read replica back in the reads');

      // Healthy: the reads are the replica's.
      const load = callers(3);
      const before = await readsOn('replica-1');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await readsOn('replica-1')).toBeGreaterThan(before + 10);

      // Replay paused while the primary writes: past READ_MAX_LAG the replica is left out.
      await sql(replica.url, 'SELECT pg_wal_replay_pause()');
      await writeOnPrimary();
      const lagging = setInterval(() => void writeOnPrimary().catch(() => undefined), 300);
      await lineSince(0, 'left out of the reads', '"lag"');
      // Settled: a check may have been answered while the router was still picking it.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const paused = await readsOn('replica-1');
      const primaryBefore = await readsOn('primary');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await readsOn('replica-1')).toBe(paused);
      expect(await readsOn('primary')).toBeGreaterThan(primaryBefore + 10);
      clearInterval(lagging);

      // Replay resumed: it catches up and comes back.
      const resumed = Date.now();
      await sql(replica.url, 'SELECT pg_wal_replay_resume()');
      await lineSince(resumed, 'back in the reads');

      // Stopped mid-run: the calls in flight on it are answered by the primary, then it is left out.
      const stopped = Date.now();
      await replica.stop();
      await lineSince(stopped, 'left out of the reads', 'no answer');
      await new Promise((resolve) => setTimeout(resolve, 2_000));

      // Started again: it rejoins on its own.
      const restarted = Date.now();
      await replica.start();
      await lineSince(restarted, 'back in the reads');
      const rejoined = await readsOn('replica-1');
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(await readsOn('replica-1')).toBeGreaterThan(rejoined + 10);

      await load.end();
      expect(load.calls()).toBeGreaterThan(30);
      expect(load.failures).toEqual([]);
    });
  },
);

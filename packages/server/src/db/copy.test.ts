import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { dbCommand } from '../cli/db-command';
import { readConfig } from '../config';
import { loadDemoCorpus } from '../ingest/demo';
import { repositoryRoot } from '../paths';
import { onTestServer, testServerDatabaseUrl } from '../test-support/databases';
import { callAs, type MemberTestUser, newMember } from '../test-support/membership-fixtures';
import { buy, submitOrder } from '../test-support/order-fixtures';
import { testClock } from '../test-support/test-clock';
import { startTestServer } from '../test-support/test-server';
import { tableChecksum } from './copy';
import type { Database } from './database';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

const url = process.env.TEST_DATABASE_URL;
/** The recorded check runs this test with COPY_TEST_ITEMS=100000 (docs/operations.md); CI copies a few hundred. */
const ITEMS = Number(process.env.COPY_TEST_ITEMS ?? 300);

async function runCopy(from: string, to: string): Promise<string[]> {
  const lines: string[] = [];
  await dbCommand.run({
    config: readConfig({}, repositoryRoot),
    args: ['copy', '--from', from, '--to', to],
    print: (line) => lines.push(line),
    openDatabase: () => Promise.reject(new Error('db copy opens its own databases')),
  });
  return lines;
}

async function counts(db: Database): Promise<Record<string, number>> {
  const [row] = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM tender_item) AS items, (SELECT count(*)::int FROM user_account) AS users,
            (SELECT count(*)::int FROM member_order) AS orders,
            (SELECT count(*)::int FROM member_order WHERE status = 'paid') AS paid,
            (SELECT count(*)::int FROM membership_event) AS memberships,
            (SELECT count(*)::int FROM search_document) AS documents`,
  );
  return row as Record<string, number>;
}

describe.skipIf(!url)('tender-server db copy (embedded → PostgreSQL)', { timeout: 180_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tender-copy-'));
  const targetName = `copy_test_${randomBytes(5).toString('hex')}`;
  let buyers: MemberTestUser[] = [];
  let before: Record<string, number>;

  beforeAll(async () => {
    // A generated installation: the demo corpus, members of every paid level who paid, an order left unpaid.
    const installation = await startTestServer({ name: 'pglite', open: () => openPGlite(dataDir) });
    await loadDemoCorpus(installation.db, { size: ITEMS, until: '2026-03-31', batchSize: 1000 });
    buyers = [];
    for (const level of ['toubiaotong', 'qiyetong', 'qiye'] as const) {
      const member = await newMember(installation, 'alpha');
      await buy(installation, member, level, 12);
      buyers.push(member);
    }
    const undecided = await newMember(installation, 'alpha');
    expect((await submitOrder(installation, undecided, 'toubiaotong', 1)).code).toBe(200);
    before = await counts(installation.db);
    await installation.close();
    await onTestServer(`CREATE DATABASE ${targetName}`);
  });

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await onTestServer(`DROP DATABASE IF EXISTS ${targetName}`);
  });

  it('copies every row, proves it by counts and checksums, and the copy serves the same accounts', async () => {
    const lines = await runCopy(dataDir, testServerDatabaseUrl(targetName));
    expect(lines.at(-1)).toMatch(/^复制完成：\d+ 张表、\d+ 行，行数与校验和全部一致/);
    expect(lines.some((line) => line.startsWith('不一致'))).toBe(false);

    const target = await openPostgres(testServerDatabaseUrl(targetName));
    try {
      expect(before).toMatchObject({ items: ITEMS, paid: 3 });
      expect(await counts(target)).toEqual(before);

      // The copy is a working installation: the members are still signed in with their paid levels, and new
      // rows get ids after the copied ones.
      const clock = testClock();
      const app = await buildServer({
        db: target,
        sites: [],
        defaultBrand: 'alpha',
        clock: clock.now,
        devMode: true,
      });
      try {
        const server = { app, db: target, clock, close: async () => {} };
        for (const [index, level] of (['toubiaotong', 'qiyetong', 'qiye'] as const).entries()) {
          const user = await callAs(
            server,
            buyers[index] as MemberTestUser,
            'GET',
            '/webchat/api/userCenter',
          );
          expect(user).toMatchObject({ code: 200, data: { memberCode: level } });
        }
        const newcomer = await newMember(server, 'alpha');
        const order = await submitOrder(server, newcomer, 'toubiaotong', 1);
        expect(order.code).toBe(200);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it('refuses a target that is not empty, so a copy never mixes two installations', async () => {
    await expect(runCopy(dataDir, testServerDatabaseUrl(targetName))).rejects.toThrow('目标数据库不是空库');
  });

  it('checksums tell a changed row apart', async () => {
    const target = await openPostgres(testServerDatabaseUrl(targetName));
    try {
      const untouched = await tableChecksum(target, 'tender_item');
      await target.query(
        "UPDATE tender_item SET title = title || '。' WHERE id = (SELECT min(id) FROM tender_item)",
      );
      const changed = await tableChecksum(target, 'tender_item');
      expect(changed.rows).toBe(untouched.rows);
      expect(changed.checksum).not.toBe(untouched.checksum);
    } finally {
      await target.close();
    }
  });
});

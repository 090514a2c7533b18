import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { readXlsx } from '../export/xlsx-reader';
import { testDatabaseTargets } from '../test-support/databases';
import { addTenderItems, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';

/**
 * The rule by which a node takes up an export a crash left `running` (src/export resumeInterrupted): on PGlite
 * every such export at start; on PostgreSQL only one whose writer has been silent for two minutes — another node
 * may be writing a fresher one.
 */
describe.each(testDatabaseTargets())('taking up interrupted exports on $name', (target) => {
  let server: TestServer;
  const exportsDir = mkdtempSync(join(tmpdir(), 'tender-takeover-'));

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(async () => {
    await server.close();
    rmSync(exportsDir, { recursive: true, force: true });
  });

  async function leftRunning(userId: number, itemIds: number[], silentForSeconds: number): Promise<number> {
    const [row] = await server.db.query<{ id: number }>(
      `INSERT INTO export_record (brand_id, user_id, conditions, file_name, status, matched, allowed, created_at,
                                  item_ids, heartbeat_at)
       VALUES ('alpha', $1, '{}', '招标数据_全部.xlsx', 'running', $2, $2, now(), $3,
               now() - make_interval(secs => $4))
       RETURNING id`,
      [userId, itemIds.length, itemIds, silentForSeconds],
    );
    return Number(row?.id);
  }

  async function statusOf(id: number): Promise<string | undefined> {
    const [row] = await server.db.query<{ status: string }>(
      'SELECT status FROM export_record WHERE id = $1',
      [id],
    );
    return row?.status;
  }

  it('writes the granted rows of a dead writer’s export, and leaves a live writer’s alone on PostgreSQL', async () => {
    const member = await newMember(server, 'alpha');
    const itemIds = await addTenderItems(server, 'zb', '110000', 3);
    const abandoned = await leftRunning(member.userId, itemIds, 600);
    const recent = await leftRunning(member.userId, itemIds.slice(0, 1), 5);

    // A node starting on this database (another API node, or the same one after a crash).
    const node = await buildServer({
      db: server.db,
      sites: [],
      defaultBrand: 'alpha',
      exportsDir,
      devMode: true,
    });
    await node.ready();
    try {
      const deadline = Date.now() + 30_000;
      while ((await statusOf(abandoned)) === 'running' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await statusOf(abandoned)).toBe('done');
      const [sheet] = readXlsx(readFileSync(join(exportsDir, `${abandoned}.xlsx`)));
      expect(sheet?.rows).toHaveLength(itemIds.length + 1);

      if (target.name === 'postgres') {
        expect(await statusOf(recent)).toBe('running');
      } else {
        // One process holds a PGlite data directory: whatever runs at start was interrupted.
        while ((await statusOf(recent)) === 'running' && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(await statusOf(recent)).toBe('done');
      }
    } finally {
      await node.close();
    }
  });
});

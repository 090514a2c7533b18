import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generator';
import { openPGlite } from '../db/pglite';
import { ServerProcess } from './server-process';

const ITEMS = 2000;
const PROGRESS = /^(\d+)%\s+(\d+)\/(\d+) 行/;

describe('kill -9 of tender-server import', { timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tender-fault-import-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('continues after the last committed batch when the same command runs again, without duplicates', async () => {
    // The file an operator imports: the demo corpus as `tender-server corpus` writes it.
    const file = join(dataDir, 'corpus.ndjson');
    const lines = [...generateCorpus({ seed: 'fault-import', size: ITEMS, until: '2026-03-31' })];
    writeFileSync(file, `${lines.map((record) => JSON.stringify(record)).join('\n')}\n`);
    const importer = new ServerProcess(0, { DATA_DIR: dataDir });
    const command = ['import', file, '--batch-size', '100'];

    importer.start({}, command);
    // Killed half-way, once batches have been committed and before the last.
    await importer.waitForLine((line) => {
      const match = PROGRESS.exec(line);
      return match !== null && Number(match[2]) >= ITEMS / 2 && Number(match[2]) < Number(match[3]);
    });
    await importer.kill9();

    // The same command again: it continues after the last checkpoint that reached the disk. The importer commits
    // without waiting for the WAL flush (src/ingest/service.ts), so the newest batches may be gone, always with
    // their checkpoint; which ones depends on when PGlite last wrote its WAL.
    importer.start({}, command);
    expect(await importer.exited()).toBe(0);
    const finished = await importer.waitForLine((line) => line.startsWith('导入完成'));
    expect(finished).toContain('重复已跳过 0 条');

    const db = await openPGlite(dataDir);
    try {
      const [counted] = await db.query<Record<string, number>>(
        `SELECT (SELECT count(*)::int FROM tender_item) AS items,
                (SELECT count(DISTINCT source_id)::int FROM tender_item) AS sources,
                (SELECT count(*)::int FROM search_document) AS documents,
                (SELECT count(*)::int FROM ingest_run WHERE status = 'done') AS runs,
                (SELECT sum(inserted)::int FROM ingest_run) AS inserted,
                (SELECT sum(duplicates)::int FROM ingest_run) AS duplicates`,
      );
      expect(counted).toEqual({
        items: ITEMS,
        sources: ITEMS,
        documents: ITEMS,
        runs: 1,
        inserted: ITEMS,
        duplicates: 0,
      });
    } finally {
      await db.close();
    }
  });
});

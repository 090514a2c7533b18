import { envelopeSchema, healthEndpoint } from '@tender/contracts';
import { describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { corpusTag, generateCorpus } from '../corpus/generator';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { readinessGate } from '../health/readiness';
import { migrationsDir } from '../paths';
import { testDatabaseTargets } from '../test-support/databases';
import { DEMO_SEED, loadDemoCorpus } from './demo';

const UNTIL = '2026-03-31';

describe.each(testDatabaseTargets())('demo corpus on $name', (target) => {
  async function freshDatabase(): Promise<Database> {
    const db = await target.open();
    await migrate(db, readMigrations(migrationsDir));
    return db;
  }

  const sourceIds = async (db: Database) =>
    (await db.query<{ source_id: string }>('SELECT source_id FROM tender_item ORDER BY id')).map(
      (row) => row.source_id,
    );

  it('loads once per database, resumes the same items after a stop, and later starts load nothing', async () => {
    const db = await freshDatabase();
    try {
      const stop = new AbortController();
      const first = await loadDemoCorpus(db, {
        size: 300,
        until: UNTIL,
        batchSize: 100,
        signal: stop.signal,
        onProgress: (progress) => {
          if (progress.committedLines >= 100) stop.abort();
        },
      });
      // The batches in flight commit: one on PGlite, up to two on PostgreSQL (two writers).
      expect(first).toMatchObject({ status: 'interrupted' });
      const stoppedAt = first.status === 'interrupted' ? first.committedLines : 0;
      expect([100, 200]).toContain(stoppedAt);
      expect(first).toMatchObject({ inserted: stoppedAt });

      // A restart with other settings continues the recorded corpus, not a new one.
      const second = await loadDemoCorpus(db, { size: 50, until: '2030-01-01', batchSize: 100 });
      expect(second).toMatchObject({
        status: 'done',
        resumed: true,
        startedAtLine: stoppedAt,
        inserted: 300 - stoppedAt,
      });
      const expected = [...generateCorpus({ seed: DEMO_SEED, size: 300, until: UNTIL })].map(
        (record) => record.sourceId,
      );
      expect(await sourceIds(db)).toEqual(expected);
      expect(expected[0]).toContain(corpusTag({ seed: DEMO_SEED, size: 300, until: UNTIL }));

      const third = await loadDemoCorpus(db, { size: 300, until: UNTIL });
      expect(third.status).toBe('skipped');
      expect(await sourceIds(db)).toHaveLength(300);
    } finally {
      await db.close();
    }
  });

  it('remembers DEMO_SIZE=0 from the first start: no demo data later, whatever DEMO_SIZE says', async () => {
    const db = await freshDatabase();
    try {
      expect((await loadDemoCorpus(db, { size: 0, until: UNTIL })).status).toBe('skipped');
      expect((await loadDemoCorpus(db, { size: 100, until: UNTIL })).status).toBe('skipped');
      expect(await sourceIds(db)).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('answers starting on /healthz, with HTTP 503, until the load is done', async () => {
    const db = await freshDatabase();
    const readiness = readinessGate(false);
    const app = await buildServer({ db, sites: [], defaultBrand: 'alpha', readiness });
    try {
      const starting = await app.inject({ method: 'GET', url: '/healthz' });
      expect(starting.statusCode).toBe(503);
      expect(envelopeSchema(healthEndpoint.response).parse(starting.json())).toMatchObject({
        code: 503,
        data: { status: 'starting' },
      });
      readiness.markReady();
      const ready = await app.inject({ method: 'GET', url: '/healthz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({ code: 200, data: { status: 'ready' } });
    } finally {
      await app.close();
      await db.close();
    }
  });
});

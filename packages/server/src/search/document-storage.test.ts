import { describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generator';
import { migrate, readMigrations } from '../db/migrate';
import { validateRecord } from '../ingest/record';
import { migrationsDir } from '../paths';
import { writeTenderRecords } from '../tenders/service';
import { testDatabaseTargets } from '../test-support/databases';

/** Where the documents' vectors are stored (migration 0026, ADR 0030): the heap's size against its TOAST table's. */
describe.each(testDatabaseTargets())('search document storage on $name', (target) => {
  const inTheRow = target.name === 'postgres';

  it(
    inTheRow ? 'keeps the full-text vectors in the rows' : 'keeps narrow rows, the vectors out of line',
    async () => {
      const db = await target.open();
      try {
        await migrate(db, readMigrations(migrationsDir));
        const records = [...generateCorpus({ seed: 'document-storage', size: 40, until: '2026-03-31' })].map(
          (input) => {
            const validation = validateRecord(input);
            if (!validation.ok) throw new Error(JSON.stringify(validation.problems));
            return validation.record;
          },
        );
        await db.transaction((tx) => writeTenderRecords(tx, records));
        const [sizes] = await db.query<{ heap: number; toast: number; vectors: number }>(
          `SELECT pg_relation_size(c.oid)::float8 AS heap, pg_relation_size(c.reltoastrelid)::float8 AS toast,
                (SELECT sum(pg_column_size(full_tokens))::float8 FROM search_document) AS vectors
         FROM pg_class c WHERE c.oid = 'search_document'::regclass`,
        );
        if (!sizes) throw new Error('search_document not found');
        // The vectors (2–8 KB each) make up most of what is stored: wherever they are is the larger part.
        expect(sizes.heap + sizes.toast).toBeGreaterThan(sizes.vectors);
        if (inTheRow) expect(sizes.heap).toBeGreaterThan(sizes.vectors);
        else expect(sizes.toast).toBeGreaterThan(sizes.vectors);
      } finally {
        await db.close();
      }
    },
  );
});

import { mkdirSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { migrate, migrationsDir, openPostgres, type Queryable, readMigrations } from '@tender/server';
import {
  adminQuery,
  type CorpusSpec,
  cacheDir,
  corpusFile,
  databaseUrl,
  directorySize,
  log,
  openBenchPglite,
  round,
  runServerCli,
} from './setup';

const DEFAULTS = {
  pglite: { size: 50_000, seed: 'ingest', until: '2026-03-31' },
  postgres: { size: 200_000, seed: 'ingest', until: '2026-03-31' },
} as const satisfies Record<string, CorpusSpec>;

const TARGETS = { pglite: 500, postgres: 1500 } as const;

type Target = keyof typeof DEFAULTS;

const RELATIONS = ['tender_item', 'search_document', 'item_company', 'company', 'project_detail'];

async function storage(db: Queryable) {
  const [database] = await db.query<{ bytes: number }>(
    'SELECT pg_database_size(current_database())::float8 AS bytes',
  );
  const relations = await db.query<{ name: string; bytes: number }>(
    `SELECT relname AS name, pg_total_relation_size(oid)::float8 AS bytes FROM pg_class
     WHERE relname = ANY($1::text[]) AND relkind = 'r'`,
    [RELATIONS],
  );
  return {
    database: database?.bytes ?? 0,
    relations: Object.fromEntries(relations.map((r) => [r.name, r.bytes])),
  };
}

/**
 * Imports a fresh corpus file with `tender-server import` into an empty, migrated database — every index of
 * the schema present (search's GIN indexes included) — and measures items per second end to end (the
 * validation pass, the writes and the statistics) and the storage each item takes.
 */
async function ingestInto(target: Target, spec: CorpusSpec) {
  const file = await corpusFile(spec);
  let env: Record<string, string>;
  let open: () => Promise<{ db: Queryable; close(): Promise<void> }>;
  let cleanup: () => Promise<void>;
  let dir = '';
  if (target === 'pglite') {
    dir = join(cacheDir, `ingest-pglite-${process.pid}`);
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    env = { DATA_DIR: dir, DATABASE_URL: '' };
    open = async () => {
      const db = await openBenchPglite(dir);
      return { db, close: () => db.close() };
    };
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
  } else {
    const name = 'tender_bench_ingest';
    await adminQuery(`DROP DATABASE IF EXISTS ${name}`);
    await adminQuery(`CREATE DATABASE ${name}`);
    env = { DATABASE_URL: databaseUrl(name) };
    open = async () => {
      const db = await openPostgres(databaseUrl(name));
      return { db, close: () => db.close() };
    };
    cleanup = () => adminQuery(`DROP DATABASE IF EXISTS ${name}`);
  }
  try {
    // An empty schema first, to measure what the items add.
    const empty = await open();
    await migrate(empty.db as Parameters<typeof migrate>[0], readMigrations(migrationsDir));
    const before = await storage(empty.db);
    await empty.close();

    log(`${target}: importing ${spec.size} items`);
    const loadAtStart = loadavg().map((value) => round(value, 2));
    const started = performance.now();
    await runServerCli(['import', file], env);
    const seconds = (performance.now() - started) / 1000;
    const loadAtEnd = loadavg().map((value) => round(value, 2));

    const full = await open();
    const after = await storage(full.db);
    const [count] = await full.db.query<{ items: number }>('SELECT count(*)::int AS items FROM tender_item');
    await full.close();
    const items = count?.items ?? 0;
    const perItem = (bytes: number) => Math.round(bytes / Math.max(1, items));
    return {
      database: target,
      items,
      seconds: round(seconds),
      itemsPerSecond: Math.round(items / seconds),
      // What else ran on the machine meanwhile (1, 5 and 15 minute load averages).
      loadAverage: { atStart: loadAtStart, atEnd: loadAtEnd },
      storage: {
        bytesPerItem: perItem(after.database - before.database),
        ...(target === 'pglite' ? { dataDirBytesPerItem: perItem(directorySize(dir)) } : {}),
        byTableBytesPerItem: Object.fromEntries(
          Object.entries(after.relations).map(([name, bytes]) => [
            name,
            perItem(bytes - (before.relations[name] ?? 0)),
          ]),
        ),
      },
      target: { itemsPerSecond: TARGETS[target], met: items / seconds >= TARGETS[target] },
    };
  } finally {
    await cleanup();
  }
}

export async function ingestBench(options: { targets: Target[]; size?: number }) {
  const summary: Record<string, unknown> = { benchmark: 'ingest' };
  const rates: Partial<Record<Target, number>> = {};
  for (const target of options.targets) {
    const spec = { ...DEFAULTS[target], ...(options.size ? { size: options.size } : {}) };
    const result = await ingestInto(target, spec);
    rates[target] = result.itemsPerSecond;
    summary[target] = result;
  }
  if (rates.pglite && rates.postgres) {
    // The baseline of each is the other database (docs/architecture.md §6).
    summary.ratios = { postgresOverPglite: round(rates.postgres / rates.pglite, 2) };
  }
  return summary;
}

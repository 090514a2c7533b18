import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database, Queryable } from '@tender/server';
import { serverPackageRoot } from '@tender/server';
import pg from 'pg';

export const repositoryRoot = join(serverPackageRoot, '..', '..');
/** Everything the benchmarks build and keep between runs (gitignored). */
export const cacheDir = join(repositoryRoot, 'tooling', 'bench', '.cache');
const serverCli = join(serverPackageRoot, 'dist', 'cli.js');

/** The PostgreSQL server the benchmarks use: BENCH_DATABASE_URL, else the local one of the test setup. */
export function postgresServerUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrl(name: string): string {
  const url = new URL(postgresServerUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

function hashFiles(hash: ReturnType<typeof createHash>, dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) hashFiles(hash, path);
    else if (!entry.name.endsWith('.test.ts')) {
      hash.update(relative(serverPackageRoot, path));
      hash.update(readFileSync(path));
    }
  }
}

/**
 * What decides the content of a benchmark database: the tables the corpus fills (items and search documents),
 * the corpus generator, the writing of items and the search documents (tokens, scopes). A change to any of them
 * makes a new cache entry; changes to how searches run do not (they are what the benchmark measures), and other
 * migrations are applied to the cached database when a benchmark opens it.
 */
export function schemaVersion(): string {
  const hash = createHash('sha256');
  hashFiles(hash, join(serverPackageRoot, 'src/corpus'));
  for (const file of [
    'migrations/0004_tenders.sql',
    'migrations/0006_search.sql',
    'migrations/0013_search_filter_tokens.sql',
    'src/search/tokens.ts',
    'src/search/tender-dictionary.ts',
    'src/search/document.ts',
    'src/search/purchase-content.ts',
    'src/tenders/queries.ts',
    'src/tenders/service.ts',
    'src/tenders/normalize.ts',
    'src/ingest/record.ts',
  ]) {
    hash.update(file);
    hash.update(readFileSync(join(serverPackageRoot, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * What decides the content of a corpus file: the generator alone. Changing the tokens or the tables rebuilds the
 * databases, not the file (writing a million items takes minutes).
 */
export function corpusVersion(): string {
  const hash = createHash('sha256');
  hashFiles(hash, join(serverPackageRoot, 'src/corpus'));
  return hash.digest('hex').slice(0, 12);
}

export interface CorpusSpec {
  size: number;
  seed: string;
  /** The last publishing day of the corpus. */
  until: string;
}

export function corpusKey(spec: CorpusSpec): string {
  return `${spec.size}-${spec.seed}-${spec.until}-${schemaVersion()}`;
}

/**
 * Runs the built `tender-server` with the given environment; its output goes to stderr (the bench's stdout is
 * its one line of JSON).
 */
export function runServerCli(args: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverCli, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', process.stderr, 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`tender-server ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export function log(line: string): void {
  console.error(`[bench] ${line}`);
}

/** The corpus as an NDJSON file, written once by `tender-server corpus` (the generator is deterministic). */
export async function corpusFile(spec: CorpusSpec): Promise<string> {
  mkdirSync(cacheDir, { recursive: true });
  const path = join(cacheDir, `corpus-${spec.size}-${spec.seed}-${spec.until}-${corpusVersion()}.ndjson`);
  if (existsSync(path)) return path;
  log(`writing a corpus of ${spec.size} items to ${relative(repositoryRoot, path)}`);
  const partial = `${path}.partial`;
  await runServerCli(
    ['corpus', '--size', String(spec.size), '--seed', spec.seed, '--until', spec.until, '--out', partial],
    {},
  );
  renameSync(partial, path);
  return path;
}

function wrap(session: Pick<PGlite, 'query' | 'exec'>): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      return (await session.query<Row>(text, [...params])).rows;
    },
    async exec(script: string) {
      await session.exec(script);
    },
  };
}

/**
 * A PGlite database in `dataDir` (the layout `tender-server` uses, `<dir>/pglite`) with pg_trgm loaded for the
 * baseline — the server itself opens it without extensions. Same type parsing as the server's driver.
 */
export const PGLITE_SHARED_BUFFERS = '1GB';

export async function openBenchPglite(dataDir: string): Promise<Database> {
  const db = await PGlite.create(join(dataDir, 'pglite'), {
    extensions: { pg_trgm },
    // The server's PGLITE_SHARED_BUFFERS for this size: the 100k corpus's search tables are ~1 GB.
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    parsers: { 20: (value: string) => Number(value), 1082: (value: string) => value },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    close: () => db.close(),
  };
}

export async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresServerUrl() });
  await client.connect();
  try {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  } finally {
    await client.end();
  }
}

export function directorySize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    total += entry.isDirectory() ? directorySize(path) : statSync(path).size;
  }
  return total;
}

/** Percentile (nearest rank) of a list of numbers. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

import type { Queryable } from '../db/database';

export type IngestKind = 'file' | 'demo' | 'crawl' | 'partner';

/** One import of a file or of the demo corpus, with its checkpoint (migrations/0004_tenders.sql). */
export interface IngestRun {
  id: number;
  kind: IngestKind;
  source: string;
  fingerprint: string;
  demoSeed: string | null;
  demoUntil: string | null;
  totalLines: number;
  /** Every line up to this one is written (or was a duplicate): a resumed run starts after it. */
  committedLines: number;
  inserted: number;
  duplicates: number;
  status: 'running' | 'done';
}

interface IngestRunRow {
  id: number;
  kind: IngestKind;
  source: string;
  fingerprint: string;
  demo_seed: string | null;
  demo_until: string | null;
  total_lines: number;
  committed_lines: number;
  inserted: number;
  duplicates: number;
  status: 'running' | 'done';
}

const RUN_COLUMNS = `id, kind, source, fingerprint, demo_seed, demo_until, total_lines, committed_lines, inserted,
  duplicates, status`;

function toRun(row: IngestRunRow): IngestRun {
  return {
    id: row.id,
    kind: row.kind,
    source: row.source,
    fingerprint: row.fingerprint,
    demoSeed: row.demo_seed,
    demoUntil: row.demo_until,
    totalLines: row.total_lines,
    committedLines: row.committed_lines,
    inserted: row.inserted,
    duplicates: row.duplicates,
    status: row.status,
  };
}

/** The unfinished import of a file with this content, if one was interrupted. */
export async function findUnfinishedRun(db: Queryable, fingerprint: string): Promise<IngestRun | undefined> {
  const [row] = await db.query<IngestRunRow>(
    `SELECT ${RUN_COLUMNS} FROM ingest_run WHERE fingerprint = $1 AND status = 'running'`,
    [fingerprint],
  );
  return row && toRun(row);
}

/** The demo corpus decision of this database, if the first start made it. */
export async function findDemoRun(db: Queryable): Promise<IngestRun | undefined> {
  const [row] = await db.query<IngestRunRow>(`SELECT ${RUN_COLUMNS} FROM ingest_run WHERE kind = 'demo'`);
  return row && toRun(row);
}

export interface NewIngestRun {
  kind: IngestKind;
  source: string;
  fingerprint: string;
  totalLines: number;
  demoSeed?: string;
  demoUntil?: string;
  /** A run with nothing to do (DEMO_SIZE=0) is recorded as done at once. */
  done?: boolean;
}

export async function createRun(db: Queryable, run: NewIngestRun): Promise<IngestRun> {
  const [row] = await db.query<IngestRunRow>(
    `INSERT INTO ingest_run (kind, source, fingerprint, demo_seed, demo_until, total_lines, status, finished_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $7 = 'done' THEN now() END)
     RETURNING ${RUN_COLUMNS}`,
    [
      run.kind,
      run.source,
      run.fingerprint,
      run.demoSeed ?? null,
      run.demoUntil ?? null,
      run.totalLines,
      run.done ? 'done' : 'running',
    ],
  );
  if (!row) throw new Error('ingest_run 未能写入');
  return toRun(row);
}

/** Moves the checkpoint; called in the transaction that wrote the lines it counts. */
export async function advanceRun(
  tx: Queryable,
  runId: number,
  committedLines: number,
  inserted: number,
  duplicates: number,
): Promise<void> {
  await tx.query(
    `UPDATE ingest_run
     SET committed_lines = $2, inserted = inserted + $3, duplicates = duplicates + $4, updated_at = now()
     WHERE id = $1`,
    [runId, committedLines, inserted, duplicates],
  );
}

export async function finishRun(db: Queryable, runId: number): Promise<void> {
  await db.query(
    `UPDATE ingest_run
     SET status = 'done', committed_lines = total_lines, updated_at = now(), finished_at = now()
     WHERE id = $1`,
    [runId],
  );
}

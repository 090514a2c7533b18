import type { Database } from '../db/database';
import { matchNewItems } from '../matching/service';
import { importedItems, pendingImportLines } from '../observability/metrics';
import { dropPreparedSearchTokens, prepareSearchTokens } from '../search/document';
import { refreshSearchStatisticsAfterLoad } from '../search/reindex';
import { type ClaimedByBatch, writeTenderRecords } from '../tenders/service';
import { withBinaryVectors } from './binary-vectors';
import { advanceRun, finishRun, type IngestRun } from './queries';
import type { TenderRecord } from './record';

/** What the search tokens of a record are made from (the item row's title, body and project name). */
const searchTokenSource = (record: TenderRecord) => ({
  title: record.title,
  body: record.body,
  projectName: record.projectName ?? null,
});

/**
 * PGlite runs on this thread and its promises settle without waiting for I/O, so a load made only of awaits
 * would never let the event loop reach its I/O phase: HTTP requests (`/healthz` during the demo load) would wait
 * for the whole load. One macrotask turn per batch lets them through.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * For the import's transactions (measured in docs/performance.md "Ingest"): GIN indexes take new entries into a
 * pending list and merge it into the index when it passes gin_pending_list_limit — at the default 4 MB every
 * few batches, each merge walking the big full-text index again; a larger list merges fewer, longer runs of
 * the same lexemes, and the load empties it when it ends (`refreshSearchStatisticsAfterLoad`). A commit does
 * not wait for its WAL flush: a crash loses at most the last batches, whose checkpoint (in the same
 * transaction) is lost with them, so the resumed import writes them again.
 */
const IMPORT_SETTINGS = "SET LOCAL gin_pending_list_limit = '64MB'; SET LOCAL synchronous_commit = off";

/**
 * PostgreSQL only: the merge of a pending list gathers its entries in work_mem and inserts each lexeme's
 * gathered items into the index at once; at the default 4 MB a 64 MB list is merged in many rounds, each
 * walking the index for the same common bigrams again (50,000 items: the server's CPU 28.8 s → 25.7 s, the
 * import 42 s → 37.5 s). PGlite keeps its memory flat (its heap is the WebAssembly instance's).
 */
const POSTGRES_IMPORT_SETTINGS = `${IMPORT_SETTINGS}; SET LOCAL work_mem = '256MB'`;

/**
 * Connections an import writes on at once (PostgreSQL; PGlite has one): the database's work on a batch (its
 * indexes, triggers and foreign keys) is the longest step of an import, and a second backend does it on another
 * core (docs/adr/0021-two-import-writers.md).
 */
const POSTGRES_WRITERS = 2;

/** Records per transaction: big enough to amortise the round trips, small enough to keep PGlite's memory flat. */
export const DEFAULT_BATCH_SIZE = 500;

export interface NumberedRecord {
  /** The line (or, for the demo corpus, the item number) the record came from; ascending. */
  line: number;
  record: TenderRecord;
}

export interface IngestProgress {
  totalLines: number;
  /** Lines committed, this session's and earlier sessions' of the same run. */
  committedLines: number;
  /** Where this session started (0, or the checkpoint it resumed from). */
  startedAtLine: number;
  /** This session's counts. */
  inserted: number;
  duplicatesBySource: number;
  duplicatesByContent: number;
  elapsedMs: number;
}

export interface IngestOptions {
  batchSize?: number;
  /** Stops after the batches being written (two on PostgreSQL) commit; the run stays resumable. */
  signal?: AbortSignal;
  onProgress?: (progress: IngestProgress) => void;
}

export interface IngestOutcome extends IngestProgress {
  /** false when stopped by the signal before the end. */
  completed: boolean;
}

/**
 * Writes records in batches, each in one transaction together with the run's checkpoint, so after any stop (a
 * signal, a crash, a killed process) the database holds exactly the batches up to the checkpoint and running
 * the same import again continues after it. `records` must start after `run.committedLines`.
 * Used by the demo loader and the file importer alike.
 */
export async function ingestRecords(
  db: Database,
  run: IngestRun,
  records: AsyncIterable<NumberedRecord> | Iterable<NumberedRecord>,
  options: IngestOptions = {},
): Promise<IngestOutcome> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const started = performance.now();
  const knownCompanies = new Map<string, number>();
  const progress: IngestProgress = {
    totalLines: run.totalLines,
    committedLines: run.committedLines,
    startedAtLine: run.committedLines,
    inserted: 0,
    duplicatesBySource: 0,
    duplicatesByContent: 0,
    elapsedMs: 0,
  };

  /** A batch being written: what it claims once its items are in, and its commit (with its progress report). */
  interface BatchInFlight {
    claims: Promise<ClaimedByBatch>;
    committed: Promise<void>;
  }

  function startBatch(batch: TenderRecord[], lastLine: number, previous?: BatchInFlight): BatchInFlight {
    let claim: (claims: ClaimedByBatch) => void = () => undefined;
    let refuse: (error: unknown) => void = () => undefined;
    const claims = new Promise<ClaimedByBatch>((resolve, reject) => {
      claim = resolve;
      refuse = reject;
    });
    const committed = (async () => {
      const outcome = await db.transaction(async (tx) => {
        const postgres = db.kind === 'postgres';
        await tx.exec(postgres ? POSTGRES_IMPORT_SETTINGS : IMPORT_SETTINGS);
        const writer = postgres ? withBinaryVectors(tx) : tx;
        const written = await writeTenderRecords(writer, batch, {
          knownCompanies,
          previous,
          onClaimed: claim,
        });
        // Checkpoints commit in the file's order: a crash never leaves a later batch in without an earlier one.
        await previous?.committed;
        await advanceRun(
          tx,
          run.id,
          lastLine,
          written.inserted,
          written.duplicatesBySource + written.duplicatesByContent,
        );
        return written;
      });
      // Only now are the new companies' ids real for the batches started from here on.
      for (const [name, id] of outcome.companyIds) knownCompanies.set(name, id);
      // Subscriptions and monitors see committed items only; a crash here loses this batch's feed rows, never items.
      await matchNewItems(db, outcome.items, new Date());
      pendingImportLines.dec(lastLine - progress.committedLines);
      importedItems.inc({ outcome: 'inserted' }, outcome.inserted);
      importedItems.inc({ outcome: 'duplicate' }, outcome.duplicatesBySource + outcome.duplicatesByContent);
      progress.committedLines = lastLine;
      progress.inserted += outcome.inserted;
      progress.duplicatesBySource += outcome.duplicatesBySource;
      progress.duplicatesByContent += outcome.duplicatesByContent;
      progress.elapsedMs = performance.now() - started;
      options.onProgress?.({ ...progress });
      await yieldToEventLoop();
    })();
    // A batch that fails before its items are in fails the one beside it too (its rollback keeps the order).
    committed.catch(refuse);
    claims.catch(() => undefined);
    return { claims, committed };
  }

  // Batches are written in order while the next one is read and its search tokens made (on this thread, between
  // the writes' round trips). On PostgreSQL two batches are written at once, on two connections: the second
  // takes what the first claims as duplicates and known companies, and commits after it.
  const writers = db.kind === 'postgres' ? POSTGRES_WRITERS : 1;
  const inFlight: BatchInFlight[] = [];
  const write = async (batch: TenderRecord[], lastLine: number) => {
    // PostgreSQL takes the search vectors in binary (binary-vectors.ts); PGlite parses their text.
    await prepareSearchTokens(batch.map(searchTokenSource), { binary: db.kind === 'postgres' });
    while (inFlight.length >= writers) await inFlight.shift()?.committed;
    // A stop asked for meanwhile: the batches written already are the last ones.
    if (options.signal?.aborted) return;
    const previous = writers > 1 ? inFlight.at(-1) : undefined;
    const started = startBatch(batch, lastLine, previous);
    // Awaited before a later batch takes its writer; a failure is not left unhandled meanwhile.
    started.committed.catch(() => undefined);
    inFlight.push(started);
  };
  const allWritten = () => Promise.all(inFlight.map((batch) => batch.committed));

  let batch: TenderRecord[] = [];
  let lastLine = run.committedLines;
  pendingImportLines.inc(run.totalLines - run.committedLines);
  try {
    for await (const { line, record } of records) {
      if (options.signal?.aborted) break;
      batch.push(record);
      lastLine = line;
      if (batch.length >= batchSize) {
        await write(batch, lastLine);
        batch = [];
      }
    }
    if (!options.signal?.aborted && batch.length) await write(batch, lastLine);
  } finally {
    // The batches in flight end (committed or not) before a reader's failure is reported; vectors made ahead
    // in binary are for this import's writers only.
    await allWritten().catch(() => undefined);
    dropPreparedSearchTokens();
    // What is left of a stopped or failed run no longer waits in this process.
    pendingImportLines.dec(run.totalLines - progress.committedLines);
  }
  await allWritten();
  if (options.signal?.aborted) return { ...progress, completed: false };
  await finishRun(db, run.id);
  // PGlite has no autovacuum: without fresh statistics, rare search terms get slow plans (src/search).
  await refreshSearchStatisticsAfterLoad(db, progress.inserted);
  progress.committedLines = run.totalLines;
  progress.elapsedMs = performance.now() - started;
  return { ...progress, completed: true };
}

import type { Database } from '../db/database';
import { matchNewItems } from '../matching/service';
import { refreshSearchStatisticsAfterLoad } from '../search/reindex';
import { writeTenderRecords } from '../tenders/service';
import { advanceRun, finishRun, type IngestRun } from './queries';
import type { TenderRecord } from './record';

/**
 * PGlite runs on this thread and its promises settle without waiting for I/O, so a load made only of awaits
 * would never let the event loop reach its I/O phase: HTTP requests (`/healthz` during the demo load) would wait
 * for the whole load. One macrotask turn per batch lets them through.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

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
  /** Stops after the batch being written commits; the run stays resumable. */
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

  async function commit(batch: TenderRecord[], lastLine: number): Promise<void> {
    const outcome = await db.transaction(async (tx) => {
      const written = await writeTenderRecords(tx, batch, knownCompanies);
      await advanceRun(
        tx,
        run.id,
        lastLine,
        written.inserted,
        written.duplicatesBySource + written.duplicatesByContent,
      );
      return written;
    });
    // Only now are the new companies' ids real for the next batches.
    for (const [name, id] of outcome.companyIds) knownCompanies.set(name, id);
    // Subscriptions and monitors see committed items only; a crash here loses this batch's feed rows, never items.
    await matchNewItems(db, outcome.items, new Date());
    progress.committedLines = lastLine;
    progress.inserted += outcome.inserted;
    progress.duplicatesBySource += outcome.duplicatesBySource;
    progress.duplicatesByContent += outcome.duplicatesByContent;
    progress.elapsedMs = performance.now() - started;
    options.onProgress?.({ ...progress });
    await yieldToEventLoop();
  }

  let batch: TenderRecord[] = [];
  let lastLine = run.committedLines;
  for await (const { line, record } of records) {
    if (options.signal?.aborted) return { ...progress, completed: false };
    batch.push(record);
    lastLine = line;
    if (batch.length >= batchSize) {
      await commit(batch, lastLine);
      batch = [];
    }
  }
  if (options.signal?.aborted) return { ...progress, completed: false };
  if (batch.length) await commit(batch, lastLine);
  await finishRun(db, run.id);
  // PGlite has no autovacuum: without fresh statistics, rare search terms get slow plans (src/search).
  await refreshSearchStatisticsAfterLoad(db, progress.inserted);
  progress.committedLines = run.totalLines;
  progress.elapsedMs = performance.now() - started;
  return { ...progress, completed: true };
}

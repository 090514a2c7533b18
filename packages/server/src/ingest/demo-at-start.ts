import { formatDateTime } from '@tender/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { loadDemoCorpus } from './demo';
import { itemsPerSecond, percentDone } from './progress';
import type { IngestProgress } from './service';

const LOG_EVERY_MS = 5_000;

/**
 * The first start's demo load (DEMO_SIZE), logged as it goes: a line every 5 seconds and at every tenth, with
 * the percentage and items per second. Its reference date is the day of the first start, recorded with the
 * run, so the demo's newest items are today's and a resumed load still produces the very same items.
 */
export async function loadDemoAtStart(
  db: Database,
  options: { size: number; log: FastifyBaseLogger; signal: AbortSignal; now?: Date },
): Promise<void> {
  const { log } = options;
  let lastLogged = 0;
  let lastTenth = 0;
  const report = (progress: IngestProgress) => {
    const tenth = Math.floor(percentDone(progress) / 10);
    if (tenth === lastTenth && progress.elapsedMs - lastLogged < LOG_EVERY_MS) return;
    lastTenth = tenth;
    lastLogged = progress.elapsedMs;
    log.info(
      {
        percent: percentDone(progress),
        loaded: progress.committedLines,
        total: progress.totalLines,
        itemsPerSecond: itemsPerSecond(progress),
      },
      'loading demo corpus',
    );
  };
  const result = await loadDemoCorpus(db, {
    size: options.size,
    until: formatDateTime(options.now ?? new Date(), 'YYYY-MM-DD'),
    signal: options.signal,
    onProgress: report,
  });
  if (result.status === 'skipped') {
    log.info({ demoSize: result.run.totalLines }, 'demo corpus decided on the first start, not loading');
    return;
  }
  const seconds = result.elapsedMs / 1000;
  log.info(
    {
      status: result.status,
      resumed: result.resumed,
      inserted: result.inserted,
      duplicates: result.duplicatesBySource + result.duplicatesByContent,
      seconds: Number(seconds.toFixed(1)),
      itemsPerSecond: itemsPerSecond(result),
    },
    result.status === 'done' ? 'demo corpus loaded' : 'demo corpus load stopped, resumes on the next start',
  );
}

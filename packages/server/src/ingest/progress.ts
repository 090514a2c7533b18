import { messages } from '../messages';
import type { IngestProgress } from './service';

/** Lines written since this session started, per second of this session. */
export function itemsPerSecond(progress: IngestProgress): number {
  const lines = progress.committedLines - progress.startedAtLine;
  return progress.elapsedMs > 0 ? Math.round((lines * 1000) / progress.elapsedMs) : 0;
}

export function percentDone(progress: IngestProgress): number {
  return progress.totalLines ? Math.floor((progress.committedLines * 100) / progress.totalLines) : 100;
}

function progressText(progress: IngestProgress): string {
  return messages.ingest.progress(
    percentDone(progress),
    progress.committedLines,
    progress.totalLines,
    itemsPerSecond(progress),
    progress.inserted,
    progress.duplicatesBySource + progress.duplicatesByContent,
  );
}

export interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
}

const BAR_WIDTH = 24;
const TTY_REDRAW_MS = 100;
const LINE_EVERY_MS = 10_000;

/**
 * Shows an import's progress: on a terminal, one bar redrawn in place; in a log or pipe, a line at every tenth of
 * the way and at least every 10 seconds, so logs stay short and a stalled import is still visible.
 */
export function progressReporter(output: ProgressOutput, now: () => number = () => performance.now()) {
  let lastDrawn = Number.NEGATIVE_INFINITY;
  let lastTenth = -1;
  let drewBar = false;
  return {
    update(progress: IngestProgress): void {
      const time = now();
      if (output.isTTY) {
        if (time - lastDrawn < TTY_REDRAW_MS && progress.committedLines < progress.totalLines) return;
        lastDrawn = time;
        const filled = Math.round((percentDone(progress) / 100) * BAR_WIDTH);
        output.write(
          `\r[${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}] ${progressText(progress)}\u001b[K`,
        );
        drewBar = true;
        return;
      }
      const tenth = Math.floor(percentDone(progress) / 10);
      if (tenth === lastTenth && time - lastDrawn < LINE_EVERY_MS) return;
      lastTenth = tenth;
      lastDrawn = time;
      output.write(`${progressText(progress)}\n`);
    },
    /** Ends the bar's line so what follows starts on a fresh one. */
    finish(): void {
      if (drewBar) output.write('\n');
      drewBar = false;
    },
  };
}

import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { Command } from '../cli/commands';
import { migrate, readMigrations } from '../db/migrate';
import { messages } from '../messages';
import { migrationsDir } from '../paths';
import { importFile } from './import-file';
import { progressReporter } from './progress';
import { DEFAULT_BATCH_SIZE } from './service';

const text = messages.ingest;

function batchSizeOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_BATCH_SIZE;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > 5000) throw new Error(text.badBatchSize);
  return size;
}

function parseImportArgs(args: string[]) {
  try {
    return parseArgs({ args, options: { 'batch-size': { type: 'string' } }, allowPositionals: true });
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw new Error(`${text.unknownOption(detail)}\n${text.importUsage}`);
  }
}

/**
 * `tender-server import FILE.ndjson`: validates the whole file (every rejected line is listed, nothing is
 * written), then writes it in batches with a progress display. Ctrl-C stops after the batches being written;
 * running the same command again continues after it.
 */
export const importCommand: Command = {
  name: 'import',
  summary:
    '导入 NDJSON 招投标数据（格式见 docs/data-format.md）：先校验整个文件，再分批写入；中断后重新运行即续传',
  async run({ args, openDatabase, print }) {
    const parsed = parseImportArgs(args);
    const [path, ...extra] = parsed.positionals;
    if (!path || extra.length) throw new Error(text.importUsage);
    if (!existsSync(path)) throw new Error(text.fileMissing(path));
    const batchSize = batchSizeOption(parsed.values['batch-size']);

    const db = await openDatabase();
    const stop = new AbortController();
    let signals = 0;
    const onSignal = () => {
      signals += 1;
      // A second Ctrl-C means now: the batches in flight are rolled back, the checkpoint still holds.
      if (signals > 1) process.exit(130);
      stop.abort();
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    const progress = progressReporter(process.stderr);
    try {
      await migrate(db, readMigrations(migrationsDir));
      print(text.validating(path));
      const validationStarted = performance.now();
      const result = await importFile(db, path, {
        batchSize,
        signal: stop.signal,
        onRejected: ({ line, problems }) => {
          for (const problem of problems) print(text.rejectedLine(line, problem.field, problem.reason));
        },
        onValidated: (validation, resumedFromLine) => {
          const seconds = ((performance.now() - validationStarted) / 1000).toFixed(1);
          print(text.validated(validation.records, seconds));
          if (resumedFromLine > 0) print(text.resuming(resumedFromLine, validation.totalLines));
        },
        onProgress: (update) => progress.update(update),
      });
      progress.finish();
      if (result.status === 'rejected') {
        throw new Error(text.validationFailed(result.validation.rejectedLines, result.validation.totalLines));
      }
      if (result.status === 'empty') {
        print(text.emptyFile);
        return;
      }
      if (result.status === 'interrupted') throw new Error(text.interrupted(result.committedLines));
      const seconds = result.elapsedMs / 1000;
      const written = result.committedLines - result.startedAtLine;
      print(
        text.finished(
          result.inserted,
          result.duplicatesBySource,
          result.duplicatesByContent,
          seconds.toFixed(1),
          seconds > 0 ? Math.round(written / seconds) : written,
        ),
      );
    } finally {
      progress.finish();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await db.close();
    }
  },
};

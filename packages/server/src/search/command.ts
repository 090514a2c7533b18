import { parseArgs } from 'node:util';
import type { Command } from '../cli/commands';
import { migrate, readMigrations } from '../db/migrate';
import { messages } from '../messages';
import { migrationsDir } from '../paths';
import { reindexSearch } from './reindex';

const text = messages.search;

/**
 * `tender-server search reindex [--missing] [--batch-size N]`: rebuilds the search documents from the items
 * (after a change of the token format, or for items written before search existed), then the statistics.
 */
export const searchCommand: Command = {
  name: 'search',
  summary: '检索索引：search reindex [--missing] [--batch-size 1000] 由公告数据重建检索索引',
  async run({ args, openDatabase, print }) {
    let parsed: ReturnType<typeof parse>;
    try {
      parsed = parse(args);
    } catch (error) {
      throw new Error(
        `${messages.ingest.unknownOption(error instanceof Error ? error.message : String(error))}\n${text.usage}`,
      );
    }
    const { positionals, values } = parsed;
    if (positionals[0] !== 'reindex' || positionals.length > 1) throw new Error(text.usage);
    const batchSize = values['batch-size'] === undefined ? 1000 : Number(values['batch-size']);
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
      throw new Error(text.badBatchSize);
    const db = await openDatabase();
    try {
      await migrate(db, readMigrations(migrationsDir));
      const started = performance.now();
      let lastPrinted = 0;
      const { indexed } = await reindexSearch(db, {
        missingOnly: values.missing ?? false,
        batchSize,
        onProgress: ({ indexed: done, total }) => {
          if (done - lastPrinted >= 20 * batchSize || done === total) {
            lastPrinted = done;
            print(text.reindexProgress(done, total));
          }
        },
      });
      print(text.reindexDone(indexed, ((performance.now() - started) / 1000).toFixed(1)));
    } finally {
      await db.close();
    }
  },
};

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    options: { missing: { type: 'boolean' }, 'batch-size': { type: 'string' } },
  });
}

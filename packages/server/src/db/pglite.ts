import { PGlite } from '@electric-sql/pglite';
import { type DataDirLock, lockDataDir } from './data-dir-lock';
import { type Database, PG_TYPE_OIDS, type Queryable, typeParsers } from './database';

const parsers = { [PG_TYPE_OIDS.int8]: typeParsers.int8, [PG_TYPE_OIDS.date]: typeParsers.date };

type PGliteSession = Pick<PGlite, 'query' | 'exec'>;

function queryable(session: PGliteSession): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await session.query<Row>(text, [...params]);
      return result.rows;
    },
    async exec(script: string) {
      await session.exec(script);
    },
  };
}

export interface PGliteOptions {
  /**
   * `shared_buffers` (default 128MB). Search reads every candidate's vectors: once they no longer fit, each
   * search reads pages through PGlite's file system, several times slower (docs/performance.md, Search).
   */
  sharedBuffers?: string | undefined;
}

/**
 * Opens the embedded database. With a directory, the data persists there and a lock file keeps a second
 * process out (two writers corrupt PGlite); without one, the database lives in memory (tests).
 */
export async function openPGlite(dataDir?: string, options: PGliteOptions = {}): Promise<Database> {
  const lock: DataDirLock | undefined = dataDir ? lockDataDir(dataDir) : undefined;
  let db: PGlite;
  try {
    const startParams = options.sharedBuffers
      ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`]
      : undefined;
    db = await PGlite.create(dataDir ? `${dataDir}/pglite` : 'memory://', { parsers, startParams });
  } catch (error) {
    lock?.release();
    throw error;
  }
  return {
    kind: 'pglite',
    ...queryable(db),
    transaction: (work) => db.transaction((tx) => work(queryable(tx))),
    async close() {
      try {
        if (!db.closed) await db.close();
      } finally {
        lock?.release();
      }
    },
  };
}

import pg from 'pg';
import { type Database, PG_TYPE_OIDS, type Queryable, typeParsers } from './database';

/** A pool on PostgreSQL 15+. `searchPath` confines every connection to one schema (isolated test runs). */
export async function openPostgres(connectionString: string, searchPath?: string): Promise<Database> {
  const types = {
    getTypeParser(oid: number, format?: string) {
      if (oid === PG_TYPE_OIDS.int8) return typeParsers.int8;
      if (oid === PG_TYPE_OIDS.date) return typeParsers.date;
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  const pool = new pg.Pool({
    connectionString,
    types,
    max: 10,
    ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
  });
  // An idle connection that the server drops must not crash the process.
  pool.on('error', () => {});
  const client = await pool.connect();
  client.release();

  const poolQueryable: Queryable = {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const result = await pool.query(text, [...params]);
      return result.rows as Row[];
    },
    async exec(script: string) {
      await pool.query(script);
    },
  };
  return {
    kind: 'postgres',
    ...poolQueryable,
    async transaction(work) {
      const connection = await pool.connect();
      // A connection that dies while checked out (PostgreSQL restarted, the network cut) emits 'error'; without
      // a listener that would end the process. The error fails the transaction and the connection is discarded,
      // so the pool opens a fresh one for the next request.
      let broken: Error | undefined;
      const onError = (error: Error) => {
        broken = error;
      };
      connection.on('error', onError);
      const tx: Queryable = {
        async query<Row>(text: string, params: readonly unknown[] = []) {
          const result = await connection.query(text, [...params]);
          return result.rows as Row[];
        },
        async exec(script: string) {
          await connection.query(script);
        },
      };
      try {
        await connection.query('BEGIN');
        const result = await work(tx);
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch((rollbackError: Error) => {
          broken ??= rollbackError;
        });
        throw error;
      } finally {
        connection.off('error', onError);
        connection.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/** What every repository needs: parameterised queries returning plain rows. */
export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
}

/**
 * The one database handle of the process, on PGlite (embedded) or PostgreSQL (`DATABASE_URL`); the same SQL
 * runs on both (docs/adr/0002-database.md).
 */
export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** The connection pool's use now (PostgreSQL); PGlite has one connection and no pool. */
  poolUse?(): PoolUse;
}

/** What a pool of connections is doing (the `tender_db_pool_connections` metric). */
export interface PoolUse {
  max: number;
  open: number;
  idle: number;
  /** Callers waiting for a connection: the pool is exhausted while this is above 0. */
  waiting: number;
}

/**
 * The column types both drivers must answer alike: 64-bit integers as numbers (counts, fen amounts stay far
 * below 2^53) and dates as 'YYYY-MM-DD' strings (a Date would shift by the machine's time zone).
 */
export const typeParsers = {
  int8: (value: string) => Number(value),
  date: (value: string) => value,
} as const;

export const PG_TYPE_OIDS = { int8: 20, date: 1082 } as const;

import type { Database, Queryable } from './database';
import { migrate, readMigrations } from './migrate';

/** Rows per statement: search documents are ~9 KB each, so a batch stays within a few megabytes of JSON. */
const BATCH_ROWS = 500;

export interface TableCopy {
  table: string;
  rows: number;
  /** md5 over the md5s of every row's text, in sorted order: independent of the physical row order. */
  checksum: string;
}

export interface CopyReport {
  migrations: string[];
  tables: TableCopy[];
  /** Tables whose count or checksum differ between the source and the target after the copy (none when done). */
  mismatches: { table: string; source: TableCopy; target: TableCopy }[];
  elapsedMs: number;
}

export interface CopyOptions {
  migrationsDir: string;
  /** Progress lines (tables as they are copied, rows per second). */
  log?: (line: string) => void;
}

interface Column {
  name: string;
  /** `GENERATED ALWAYS AS IDENTITY`: inserted with OVERRIDING SYSTEM VALUE, its sequence moved past after. */
  identity: boolean;
}

/** Session settings under which both databases print every value alike, so the row texts can be compared. */
const CANONICAL_OUTPUT = [
  "SET LOCAL TimeZone = 'UTC'",
  "SET LOCAL DateStyle = 'ISO, YMD'",
  "SET LOCAL IntervalStyle = 'postgres'",
  'SET LOCAL extra_float_digits = 1',
  "SET LOCAL bytea_output = 'hex'",
];

function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** The tables of the current schema (the migrations' tables), without the migration ledger. */
async function tablesOf(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
        AND c.relname <> 'schema_migrations'
      ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}

/** Columns a copy writes: every column but generated ones (the target computes those itself). */
async function columnsOf(db: Queryable, table: string): Promise<Column[]> {
  return db.query<Column>(
    `SELECT a.attname AS name, a.attidentity <> '' AS identity FROM pg_attribute a
      WHERE a.attrelid = (current_schema() || '.' || quote_ident($1))::regclass
        AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      ORDER BY a.attnum`,
    [table],
  );
}

/** Row count and an order-independent checksum of every column (generated ones included) of one table. */
export async function tableChecksum(db: Queryable, table: string): Promise<TableCopy> {
  const name = quoteIdentifier(table);
  const [row] = await db.query<{ rows: number; checksum: string | null }>(
    `SELECT count(*)::int AS rows, md5(string_agg(h, '' ORDER BY h)) AS checksum
       FROM (SELECT md5(t::text) AS h FROM ${name} t) hashed`,
  );
  return { table, rows: row?.rows ?? 0, checksum: row?.checksum ?? '' };
}

/** Checksums of every table in one transaction with the canonical output settings. */
async function checksums(db: Database, tables: readonly string[]): Promise<Map<string, TableCopy>> {
  return db.transaction(async (tx) => {
    for (const setting of CANONICAL_OUTPUT) await tx.query(setting);
    const result = new Map<string, TableCopy>();
    for (const table of tables) result.set(table, await tableChecksum(tx, table));
    return result;
  });
}

/**
 * The indexes the copy drops and builds again afterwards: building a GIN index once over all rows is many times
 * faster than keeping it up to date row by row. Indexes behind constraints (primary keys, unique) stay.
 */
async function secondaryIndexes(tx: Queryable): Promise<{ name: string; definition: string }[]> {
  return tx.query(
    `SELECT i.indexname AS name, i.indexdef AS definition FROM pg_indexes i
      WHERE i.schemaname = current_schema()
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c
                         WHERE c.conindid = (quote_ident(i.schemaname) || '.' || quote_ident(i.indexname))::regclass)
      ORDER BY i.indexname`,
  );
}

async function copyTable(source: Database, tx: Queryable, table: string, log: (line: string) => void) {
  const columns = await columnsOf(tx, table);
  const list = columns.map((column) => quoteIdentifier(column.name)).join(', ');
  const name = quoteIdentifier(table);
  const overriding = columns.some((column) => column.identity) ? 'OVERRIDING SYSTEM VALUE' : '';
  const insert = `INSERT INTO ${name} (${list}) ${overriding}
    SELECT ${list} FROM json_populate_recordset(NULL::${name}, $1::json)`;
  let copied = 0;
  // A cursor in one read transaction: a consistent snapshot, a batch at a time, each row as PostgreSQL's own JSON
  // (timestamps keep their microseconds, vectors and arrays their text form).
  await source.transaction(async (read) => {
    for (const setting of CANONICAL_OUTPUT) await read.query(setting);
    await read.query(
      `DECLARE copy_rows NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS row FROM (SELECT ${list} FROM ${name}) r`,
    );
    for (;;) {
      const rows = await read.query<{ row: string }>(`FETCH ${BATCH_ROWS} FROM copy_rows`);
      if (rows.length === 0) break;
      await tx.query(insert, [`[${rows.map((row) => row.row).join(',')}]`]);
      copied += rows.length;
    }
    await read.query('CLOSE copy_rows');
  });
  for (const column of columns.filter((candidate) => candidate.identity)) {
    // The next id the target hands out must follow the highest copied one.
    await tx.query(
      `SELECT setval(pg_get_serial_sequence($1, $2), COALESCE((SELECT max(${quoteIdentifier(column.name)}) FROM ${name}), 0) + 1, false)`,
      [`${quoteIdentifier(table)}`, column.name],
    );
  }
  log(`${table}: ${copied} 行`);
  return copied;
}

/**
 * Copies an embedded installation (PGlite) into an empty PostgreSQL database, all or nothing: both are brought
 * to the same migrations, every table's rows are copied in one transaction of the target (triggers and foreign
 * keys off for the copy — the rows are the source's, already consistent, and the rollup triggers would count them
 * twice), the secondary indexes are built once after the rows, identity sequences continue after the highest
 * id, and then every table's row count and checksum are compared on both sides.
 */
export async function copyDatabase(
  source: Database,
  target: Database,
  options: CopyOptions,
): Promise<CopyReport> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const [targetLedger] = await target.query<{ present: boolean }>(
    "SELECT to_regclass('schema_migrations') IS NOT NULL AS present",
  );
  const targetTables = await tablesOf(target);
  if (targetLedger?.present || targetTables.length > 0) {
    throw new Error(
      '目标数据库不是空库：请指定一个新建的空 PostgreSQL 数据库（CREATE DATABASE …）；上次复制失败留下的表，删除该库重建即可',
    );
  }
  const migrations = readMigrations(options.migrationsDir);
  // The source is brought up to date the way `start` would; then both have the very same tables.
  await migrate(source, migrations);
  const applied = await migrate(target, migrations);
  const tables = await tablesOf(source);

  await target.transaction(async (tx) => {
    try {
      await tx.query('SET LOCAL session_replication_role = replica');
    } catch (error) {
      throw new Error(
        `目标数据库的用户无权关闭触发器（SET session_replication_role 需要超级用户）：${error instanceof Error ? error.message : String(error)}`,
      );
    }
    for (const setting of CANONICAL_OUTPUT) await tx.query(setting);
    // Migrations seed a few rows (e.g. matching_rules_version); the source's own rows replace them.
    await tx.query(`TRUNCATE ${tables.map(quoteIdentifier).join(', ')}`);
    const indexes = await secondaryIndexes(tx);
    for (const index of indexes) await tx.query(`DROP INDEX ${quoteIdentifier(index.name)}`);
    for (const table of tables) await copyTable(source, tx, table, log);
    log(`重建 ${indexes.length} 个索引`);
    for (const index of indexes) await tx.query(index.definition);
  });
  await target.exec('ANALYZE');

  log('核对每张表的行数与校验和');
  const [sourceSums, targetSums] = [await checksums(source, tables), await checksums(target, tables)];
  const mismatches: CopyReport['mismatches'] = [];
  for (const table of tables) {
    const from = sourceSums.get(table) as TableCopy;
    const to = targetSums.get(table) as TableCopy;
    if (from.rows !== to.rows || from.checksum !== to.checksum)
      mismatches.push({ table, source: from, target: to });
  }
  return {
    migrations: applied,
    tables: tables.map((table) => sourceSums.get(table) as TableCopy),
    mismatches,
    elapsedMs: performance.now() - started,
  };
}

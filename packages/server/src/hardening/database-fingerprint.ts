import type { Queryable } from '../db/database';

/** Every table's row count and a checksum of its rows, by table name. */
export type DatabaseFingerprint = Record<string, string>;

/**
 * The tables of the current schema (PGlite's `public`, a test's own PostgreSQL schema), but those a test names:
 * `user_session` moves forward on every signed-in call, before any handler runs; a background export writes its
 * record after the call answered.
 */
export async function fingerprintQuery(db: Queryable, excluded: readonly string[]): Promise<string> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return tables
    .filter(({ name }) => !excluded.includes(name) && /^[a-z_][a-z0-9_]*$/.test(name))
    .map(
      ({ name }) =>
        `SELECT '${name}' AS name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS sum FROM ${name} t`,
    )
    .join('\nUNION ALL\n');
}

/** One round trip: the fingerprint of every table the query covers. */
export async function fingerprint(db: Queryable, query: string): Promise<DatabaseFingerprint> {
  const rows = await db.query<{ name: string; sum: string }>(query);
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: DatabaseFingerprint, after: DatabaseFingerprint): string[] {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

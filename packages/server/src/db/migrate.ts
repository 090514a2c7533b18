import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.sql$/;
/** Any constant works; it only has to be the same for every process migrating one database. */
const MIGRATION_LOCK_KEY = 7_202_611;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Reads `NNNN_name.sql` files in version order; a gap or a duplicate version is a mistake worth stopping on. */
export function readMigrations(dir: string): Migration[] {
  const migrations = readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((entry) => entry.match)
    .map(({ file, match }) => ({
      version: Number(match?.[1]),
      name: match?.[2] ?? file,
      sql: readFileSync(join(dir, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(
        `迁移文件编号不连续：期望 ${index + 1}，实际为 ${migration.version}（${migration.name}）`,
      );
    }
  });
  return migrations;
}

/**
 * Applies the pending migrations in one transaction under an advisory lock, so several API nodes starting
 * together on one PostgreSQL apply each migration exactly once. Returns the names applied.
 */
export async function migrate(db: Database, migrations: Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set(
      (await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map(
        (row) => row.version,
      ),
    );
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }
    return pending.map((migration) => `${String(migration.version).padStart(4, '0')}_${migration.name}`);
  });
}

import { createHash } from 'node:crypto';
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

/** `0007_name`: how the migration is named in its file and in the log. */
function migrationId(migration: Migration): string {
  return `${String(migration.version).padStart(4, '0')}_${migration.name}`;
}

function fileName(migration: Migration): string {
  return `${migrationId(migration)}.sql`;
}

/** sha256 of the file's content, as recorded in `schema_migrations.checksum` when it was applied. */
function checksum(migration: Migration): string {
  return createHash('sha256').update(migration.sql).digest('hex');
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
 * together on one PostgreSQL apply each migration exactly once. Returns the names applied. Refuses to start when
 * an applied migration's file no longer has the checksum recorded when it was applied: the database was built
 * by other SQL than the file now says, and a fresh database would differ from this one. A database migrated
 * before checksums were recorded gets them filled from the files on its first start with this code.
 */
export async function migrate(db: Database, migrations: Migration[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Bootstrap, not a numbered migration: the migrations table itself.
    await tx.exec('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
    const applied = new Map(
      (
        await tx.query<{ version: number; checksum: string | null }>(
          'SELECT version, checksum FROM schema_migrations',
        )
      ).map((row) => [row.version, row.checksum]),
    );
    for (const migration of migrations) {
      if (!applied.has(migration.version)) continue;
      const recorded = applied.get(migration.version);
      if (recorded === null) {
        await tx.query('UPDATE schema_migrations SET checksum = $2 WHERE version = $1', [
          migration.version,
          checksum(migration),
        ]);
      } else if (recorded !== checksum(migration)) {
        throw new Error(
          `迁移文件 ${fileName(migration)} 在应用后被修改（校验和与应用时记录的不符），拒绝启动：已应用的迁移不能修改，请恢复该文件，改动写进新的迁移文件`,
        );
      }
    }
    const pending = migrations.filter((migration) => !applied.has(migration.version));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name, checksum) VALUES ($1, $2, $3)', [
        migration.version,
        migration.name,
        checksum(migration),
      ]);
    }
    return pending.map(migrationId);
  });
}

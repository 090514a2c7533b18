import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths';
import { testDatabaseTargets } from '../test-support/databases';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';

/** A temporary copy of the real migrations folder, free to change. */
function copyOfMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tender-migrations-'));
  cpSync(migrationsDir, dir, { recursive: true });
  return dir;
}

describe.each(testDatabaseTargets())('migration checksums on $name', (target) => {
  let db: Database | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  it('refuses to start when an applied migration file changed, naming the file', async () => {
    db = await target.open();
    dir = copyOfMigrations();
    await migrate(db, readMigrations(dir));
    expect(await migrate(db, readMigrations(dir))).toEqual([]);

    const changed = join(dir, '0005_memberships.sql');
    writeFileSync(changed, `${readFileSync(changed, 'utf8')}\n-- edited after it was applied\n`);
    await expect(migrate(db, readMigrations(dir))).rejects.toThrow(
      /迁移文件 0005_memberships\.sql 在应用后被修改/,
    );
  });

  it('fills the checksums of a database migrated before they were recorded, then guards them', async () => {
    db = await target.open();
    dir = copyOfMigrations();
    // The migrations table as earlier versions of the server created it: no checksum column.
    await db.exec(`CREATE TABLE schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const migrations = readMigrations(dir);
    for (const migration of migrations) {
      await db.exec(migration.sql);
      await db.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    }

    expect(await migrate(db, readMigrations(dir))).toEqual([]);
    const [recorded] = await db.query<{ missing: number }>(
      'SELECT count(*)::integer AS missing FROM schema_migrations WHERE checksum IS NULL',
    );
    expect(recorded?.missing).toBe(0);

    const changed = join(dir, '0001_tenants.sql');
    writeFileSync(changed, readFileSync(changed, 'utf8').replace('CREATE TABLE', 'CREATE  TABLE'));
    await expect(migrate(db, readMigrations(dir))).rejects.toThrow(/0001_tenants\.sql/);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import type { Database } from './database';
import { migrate, readMigrations } from './migrate';
import { openPGlite } from './pglite';

function migrationsFolder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'tender-migrations-'));
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
}

describe.each(testDatabaseTargets())('database on $name', (target) => {
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    db = undefined;
  });

  it('applies pending migrations once, in order', async () => {
    db = await target.open();
    const dir = migrationsFolder({
      '0001_first.sql': 'CREATE TABLE thing (id integer PRIMARY KEY, born date, amount bigint);',
      '0002_second.sql': "INSERT INTO thing VALUES (1, '2026-01-31', 9007199254740);",
    });
    expect(await migrate(db, readMigrations(dir))).toEqual(['0001_first', '0002_second']);
    expect(await migrate(db, readMigrations(dir))).toEqual([]);
    // Dates stay calendar dates and 64-bit integers arrive as numbers on both drivers.
    expect(await db.query('SELECT born, amount, count(*) AS total FROM thing GROUP BY born, amount')).toEqual(
      [{ born: '2026-01-31', amount: 9_007_199_254_740, total: 1 }],
    );
    rmSync(dir, { recursive: true });
  });

  it('rolls a failing migration back entirely', async () => {
    db = await target.open();
    const dir = migrationsFolder({
      '0001_good.sql': 'CREATE TABLE kept (id integer);',
      '0002_bad.sql': 'CREATE TABLE lost (id integer); SELECT no_such_column FROM kept;',
    });
    await expect(migrate(db, readMigrations(dir))).rejects.toThrow();
    const tables = await db.query<{ name: string }>(
      "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_name IN ('kept', 'lost')",
    );
    expect(tables).toEqual([]);
    rmSync(dir, { recursive: true });
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    db = await target.open();
    await db.exec('CREATE TABLE ledger (amount integer NOT NULL)');
    await db.transaction((tx) => tx.query('INSERT INTO ledger VALUES (1)'));
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO ledger VALUES (2)');
        throw new Error('abandon');
      }),
    ).rejects.toThrow('abandon');
    expect(await db.query('SELECT amount FROM ledger')).toEqual([{ amount: 1 }]);
  });
});

describe('migration files', () => {
  it('refuses a gap in the numbering', () => {
    const dir = migrationsFolder({ '0001_a.sql': 'SELECT 1;', '0003_c.sql': 'SELECT 1;' });
    expect(() => readMigrations(dir)).toThrow('迁移文件编号不连续');
    rmSync(dir, { recursive: true });
  });
});

describe('PGlite data directory', () => {
  it('keeps data across a restart and refuses a second opener while the first is open', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tender-data-'));
    const first = await openPGlite(dataDir);
    await first.exec("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('还在')");
    await expect(openPGlite(dataDir)).rejects.toThrow(/正被进程 \d+ 使用/);
    await first.close();

    const second = await openPGlite(dataDir);
    expect(await second.query('SELECT note FROM kept')).toEqual([{ note: '还在' }]);
    await second.close();
    rmSync(dataDir, { recursive: true });
  });

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tender-data-'));
    // pid 2^22 + 1 is above Linux's pid_max, so no process can hold it.
    writeFileSync(join(dataDir, 'server.lock'), String(4_194_305));
    const db = await openPGlite(dataDir);
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await db.close();
    rmSync(dataDir, { recursive: true });
  });
});

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database';
import { openPGlite } from '../db/pglite';
import { openPostgres } from '../db/postgres';

export interface TestDatabaseTarget {
  name: 'pglite' | 'postgres';
  /** A fresh, empty database of its own; closing it removes it. */
  open(): Promise<Database>;
}

/** Each schema-isolated PostgreSQL run gets a throwaway schema, dropped again on close. */
export async function openIsolatedPostgres(url: string, prefix = 'test'): Promise<Database> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const db = await openPostgres(url, schema);
  return {
    ...db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

/** PGlite always; PostgreSQL too when `TEST_DATABASE_URL` is set (CI sets it). */
export function testDatabaseTargets(): TestDatabaseTarget[] {
  const targets: TestDatabaseTarget[] = [{ name: 'pglite', open: () => openPGlite() }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) targets.push({ name: 'postgres', open: () => openIsolatedPostgres(url) });
  return targets;
}

/** `TEST_DATABASE_URL` with another database of the same server (tests that need a whole database). */
export function testServerDatabaseUrl(name: string): string {
  const target = new URL(process.env.TEST_DATABASE_URL as string);
  target.pathname = `/${name}`;
  return target.toString();
}

/** One statement on `TEST_DATABASE_URL` outside any transaction (CREATE DATABASE, DROP DATABASE). */
export async function onTestServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

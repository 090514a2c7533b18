import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  buildServer,
  type Database,
  migrate,
  migrationsDir,
  openPGlite,
  openPostgres,
  readMigrations,
  tenantService,
} from '@tender/server';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { integrationBrands } from './brands';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The real server, listening on 127.0.0.1. */
    serverUrl: string;
    /** Which database it runs on. */
    databaseKind: 'pglite' | 'postgres';
  }
}

/** PostgreSQL in a throwaway schema of TEST_DATABASE_URL, dropped again on close. */
async function openIsolatedPostgres(url: string): Promise<Database> {
  const schema = `client_it_${randomBytes(6).toString('hex')}`;
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

/**
 * Starts the real server (`buildServer` of @tender/server) once for the run: migrated database (PostgreSQL when
 * TEST_DATABASE_URL is set, else in-memory PGlite), the test brands seeded, dev mode (SMS outbox), the sandbox
 * payment provider, listening on a loopback port. The tests reach it only over HTTP.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const db = url ? await openIsolatedPostgres(url) : await openPGlite();
  await migrate(db, readMigrations(migrationsDir));
  await tenantService(db).seed(integrationBrands);
  const app = await buildServer({ db, sites: [], defaultBrand: 'alpha', devMode: true });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  project.provide('serverUrl', `http://127.0.0.1:${port}`);
  project.provide('databaseKind', url ? 'postgres' : 'pglite');
  return async () => {
    await app.close();
    await db.close();
  };
}

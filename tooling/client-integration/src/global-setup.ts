import type { AddressInfo } from 'node:net';
import {
  buildServer,
  migrate,
  migrationsDir,
  openPGlite,
  readMigrations,
  tenantService,
} from '@tender/server';
import { openIsolatedPostgres } from '@tender/server/test-support/databases';
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

/**
 * Starts the real server (`buildServer` of @tender/server) once for the run: migrated database (PostgreSQL when
 * TEST_DATABASE_URL is set, else in-memory PGlite), the test brands seeded, dev mode (SMS outbox), the sandbox
 * payment provider, listening on a loopback port. The tests reach it only over HTTP.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  const db = url ? await openIsolatedPostgres(url, 'client_it') : await openPGlite();
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

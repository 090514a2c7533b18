export type { ServerDependencies } from './app';
export { buildServer } from './app';
export type { ServerConfig } from './config';
export { readConfig } from './config';
// For the benchmarks (tooling/bench): the database, migrations and the search's own keyword handling.
export type { Database, Queryable } from './db/database';
export { migrate, readMigrations } from './db/migrate';
export { openPostgres } from './db/postgres';
export { migrationsDir, serverPackageRoot } from './paths';
export { matchSpec, splitKeywords } from './search/query';
export { explainSearch } from './search/search-index';
export { tenantService } from './tenants/service';

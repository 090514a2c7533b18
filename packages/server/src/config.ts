import { resolve } from 'node:path';

export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite files, exports and uploads. */
  dataDir: string;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl: string | undefined;
  /** Folder holding one built brand app per sub-folder (`<id>/dist`). */
  appsDir: string;
  /** The brand `/` redirects to. */
  defaultBrand: string;
}

/** Reads the environment (docs/operations.md lists every variable); refuses values it cannot use. */
export function readConfig(env: NodeJS.ProcessEnv, repositoryRoot: string): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT 必须是 0–65535 之间的整数，当前为 "${env.PORT}"`);
  }
  return {
    host: env.HOST ?? '0.0.0.0',
    port,
    dataDir: resolve(env.DATA_DIR ?? resolve(repositoryRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    appsDir: resolve(env.APPS_DIR ?? resolve(repositoryRoot, 'apps')),
    defaultBrand: env.DEFAULT_BRAND ?? 'portal',
  };
}

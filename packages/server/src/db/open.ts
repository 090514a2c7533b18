import type { Database } from './database';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

export interface DatabaseLocation {
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite's page cache (`shared_buffers`, e.g. `512MB`); PostgreSQL sets its own. */
  pgliteSharedBuffers?: string | undefined;
}

export function openDatabase(location: DatabaseLocation): Promise<Database> {
  return location.databaseUrl
    ? openPostgres(location.databaseUrl)
    : openPGlite(location.dataDir, { sharedBuffers: location.pgliteSharedBuffers });
}

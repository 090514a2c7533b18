import type { Database } from './database';
import { openPGlite } from './pglite';
import { openPostgres } from './postgres';

export interface DatabaseLocation {
  /** PostgreSQL connection string; when absent the embedded PGlite in `dataDir` is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

export function openDatabase(location: DatabaseLocation): Promise<Database> {
  return location.databaseUrl ? openPostgres(location.databaseUrl) : openPGlite(location.dataDir);
}

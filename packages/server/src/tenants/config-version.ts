import { AsyncLocalStorage } from 'node:async_hooks';
import type { Queryable } from '../db/database';

/**
 * Brand rows and level catalogues change only when operators edit them, yet every call needs them. Each process
 * caches them per brand under the configuration version (migration 0015) that the request read with its session,
 * so an edit committed before a request starts is what that request sees — the database stays the truth.
 * Outside a request (commands, services called directly) nothing is cached.
 */
export interface ConfigCache {
  /** The cached value of `key` if it was loaded at `version` or later; otherwise loads and keeps it. */
  get<T>(key: string, version: number, load: () => Promise<T>): Promise<T>;
}

/** One per database (each API process, each test server): versions of different databases never mix. */
export function configCache(): ConfigCache {
  const entries = new Map<string, { version: number; value: unknown }>();
  return {
    async get<T>(key: string, version: number, load: () => Promise<T>): Promise<T> {
      const entry = entries.get(key);
      if (entry && entry.version >= version) return entry.value as T;
      // Loaded after `version` was read, so at least that new: kept under it, the next newer request reloads.
      const value = await load();
      const current = entries.get(key);
      if (!current || current.version <= version) entries.set(key, { version, value });
      return value;
    },
  };
}

interface ConfigScope {
  cache: ConfigCache;
  version: number;
}

const scope = new AsyncLocalStorage<ConfigScope>();

/** Runs one request's work with the configuration version it read (handlers and services below it). */
export function withConfigVersion<T>(cache: ConfigCache, version: number, work: () => T): T {
  return scope.run({ cache, version }, work);
}

/** `load()` through the request's cache, or straight from the database outside a request. */
export function cachedConfig<T>(key: string, load: () => Promise<T>): Promise<T> {
  const current = scope.getStore();
  return current ? current.cache.get(key, current.version, load) : load();
}

/** The version as one scalar subquery, for folding into a statement a request runs anyway. */
export const CONFIG_VERSION_SQL = '(SELECT version FROM config_version)::int';

export async function readConfigVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: number }>(`SELECT ${CONFIG_VERSION_SQL} AS version`);
  return row?.version ?? 0;
}

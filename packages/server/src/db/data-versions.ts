import { AsyncLocalStorage } from 'node:async_hooks';
import type { Queryable } from './database';

/**
 * Data that nearly every call reads and that changes rarely — brand rows and level catalogues, members' holdings,
 * search results — is cached in each process under a version number the database moves on in the same
 * transaction as every change (migrations 0015, 0016, 0017). A request reads the three versions once, with its
 * session (or on its own for a public call), and everything below it uses the cache at those versions: a change
 * committed before a request starts is what that request sees, also when another process made it, and the
 * database stays the truth. Outside a request (commands, services called directly) nothing is cached.
 */
export interface DataVersions {
  /** Brands, levels and privileges (migration 0015). */
  config: number;
  /** What a search finds and lists (migration 0016). */
  searchData: number;
  /** Membership events and enterprise members (migration 0017). */
  membership: number;
}

/** The versions as columns of one row, for folding into a statement a request runs anyway. */
export const DATA_VERSIONS_SQL = `(SELECT version FROM config_version)::int AS "configVersion",
  (SELECT version FROM search_data_version)::int AS "searchDataVersion",
  (SELECT version FROM membership_version)::int AS "membershipVersion"`;

export interface DataVersionColumns {
  configVersion: number;
  searchDataVersion: number;
  membershipVersion: number;
}

export function dataVersionsOf(row: DataVersionColumns | undefined): DataVersions {
  return {
    config: row?.configVersion ?? 0,
    searchData: row?.searchDataVersion ?? 0,
    membership: row?.membershipVersion ?? 0,
  };
}

export async function readDataVersions(db: Queryable): Promise<DataVersions> {
  const [row] = await db.query<DataVersionColumns>(`SELECT ${DATA_VERSIONS_SQL}`);
  return dataVersionsOf(row);
}

/** Values loaded at a version, each kept until a request has read a newer one; the least recently used go first. */
export class VersionedCache {
  private readonly entries = new Map<string, { version: number; value: unknown }>();

  constructor(private readonly maxEntries: number) {}

  /** The cached value of `key` if it was loaded at `version` or later; otherwise loads and keeps it. */
  async get<T>(key: string, version: number, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.version >= version) {
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as T;
    }
    // Loaded after `version` was read, so at least that new: kept under it, the next newer request reloads.
    const value = await load();
    const current = this.entries.get(key);
    if (!current || current.version <= version) {
      this.entries.delete(key);
      this.entries.set(key, { version, value });
      if (this.entries.size > this.maxEntries) {
        this.entries.delete(this.entries.keys().next().value as string);
      }
    }
    return value;
  }
}

interface Caches {
  config: VersionedCache;
  membership: VersionedCache;
}

/** One set per database (each API process, each test server): versions of different databases never mix. */
const cachesByDatabase = new WeakMap<Queryable, Caches>();

function cachesOf(db: Queryable): Caches {
  let caches = cachesByDatabase.get(db);
  if (!caches) {
    // Brands and their catalogues are few; holdings are one per active member.
    caches = { config: new VersionedCache(10_000), membership: new VersionedCache(50_000) };
    cachesByDatabase.set(db, caches);
  }
  return caches;
}

interface RequestScope {
  /** The database the versions were read from (the process's pool, never a transaction). */
  db: Queryable;
  versions: DataVersions;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs one request's work with the versions it read from `db` (handlers and services below it). */
export function withDataVersions<T>(db: Queryable, versions: DataVersions, work: () => T): T {
  return scope.run({ db, versions }, work);
}

/**
 * The request's version of `kind` when `db` is the database it was read from. A transaction is another
 * `Queryable`, so reads inside one (which may follow the transaction's own writes) are never served from a cache.
 */
export function requestVersion(db: Queryable, kind: keyof DataVersions): number | undefined {
  const current = scope.getStore();
  return current && current.db === db ? current.versions[kind] : undefined;
}

/**
 * Brand rows and level catalogues through the request's cache, or straight from the database outside a request.
 * Operators' edits are rare and take effect from the next request, so reads inside a request's transactions use
 * the cache too.
 */
export function cachedConfig<T>(key: string, load: () => Promise<T>): Promise<T> {
  const current = scope.getStore();
  return current ? cachesOf(current.db).config.get(key, current.versions.config, load) : load();
}

/** A member's holdings through the request's cache when read from the request's database, else from `db`. */
export function cachedMembership<T>(db: Queryable, key: string, load: () => Promise<T>): Promise<T> {
  const version = requestVersion(db, 'membership');
  return version === undefined ? load() : cachesOf(db).membership.get(key, version, load);
}

import { requestVersion } from '../db/data-versions';
import type { Database, Queryable } from '../db/database';
import { matchSpec } from './query';
import type { SearchIndex, SearchRequest, SearchResult } from './search-index';

/**
 * The search result cache (README "Result cache", docs/adr/0017-search-result-cache.md), as search engines
 * cache hot queries (Elasticsearch's shard request cache): a search's page of item ids and its capped total,
 * keyed by everything that decides them (`searchKey`: the needles of the keywords, mode and secondary keywords,
 * scope, every filter, offset, page size, cap); no brand or user enters a search, and what differs per user
 * (records, masking, follows, gates) is done on every request after it. An entry is used only while the
 * database's data version (migration 0016, bumped at the commit of every transaction that writes what search
 * reads, in any process) is the one it was computed at: read with the request's session (src/db/data-versions.ts),
 * or on its own outside a request, so a change committed before a search starts is always seen by it. Bounded in
 * entries and bytes, least recently used first out.
 */
export interface SearchResultCacheOptions {
  /** Entries kept per database (default 20,000). */
  maxEntries?: number;
  /** Their estimated size per database (default 256 MB; the server sets it from `SEARCH_CACHE_MB`). */
  maxBytes?: number;
}

export interface SearchResultCacheStats {
  /** Searches (and tab counts) answered from the cache. */
  hits: number;
  /** Those computed (and kept). */
  misses: number;
  /** hits / (hits + misses), 0 when none. */
  hitRate: number;
  /** Entries and their estimated bytes now, over every database. */
  entries: number;
  bytes: number;
}

interface Entry {
  version: number;
  value: unknown;
  bytes: number;
}

/** One database's entries: a Map in use order (the first is the least recently used). */
class EntryStore {
  private readonly entries = new Map<string, Entry>();
  private readonly computing = new Map<string, Promise<unknown>>();
  bytes = 0;
  /** The newest data version seen; entries of older ones are dropped when a newer one is seen. */
  private version = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: string, version: number): unknown {
    if (version > this.version) {
      // Every entry is of an older version: none can be used again by a search starting from now on.
      this.entries.clear();
      this.computing.clear();
      this.bytes = 0;
      this.version = version;
    }
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** The computation of this key at this version already under way (searches arriving together share it). */
  pending(key: string, version: number): Promise<unknown> | undefined {
    return this.computing.get(`${version} ${key}`);
  }

  async compute(key: string, version: number, work: () => Promise<unknown>): Promise<unknown> {
    const pendingKey = `${version} ${key}`;
    const promise = work();
    this.computing.set(pendingKey, promise);
    try {
      const value = await promise;
      this.set(key, version, value);
      return value;
    } finally {
      if (this.computing.get(pendingKey) === promise) this.computing.delete(pendingKey);
    }
  }

  private set(key: string, version: number, value: unknown): void {
    // A search that read an older version than one seen since keeps its answer to itself.
    if (version < this.version) return;
    const bytes = estimatedBytes(key, value);
    if (bytes > this.maxBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { version, value, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }
}

/**
 * An estimate of an entry's heap, on the generous side: two bytes a character and a header per string, 8 bytes
 * a number or reference, a header per array and object (V8 keeps property names in the shared shape, not in
 * each object).
 */
export function estimatedBytes(key: string, value: unknown): number {
  return 2 * key.length + 160 + valueBytes(value);
}

function valueBytes(value: unknown): number {
  if (typeof value === 'string') return 2 * value.length + 16;
  if (Array.isArray(value))
    return 16 + value.reduce<number>((sum, element) => sum + 8 + valueBytes(element), 0);
  if (value && typeof value === 'object') {
    return Object.values(value).reduce<number>((sum, field) => sum + 8 + valueBytes(field), 24);
  }
  return 0;
}

/**
 * The key of a search's answer: the request with its keywords, mode and secondary keywords replaced by the needles
 * they give (`matchSpec`), which is what the engine and the records read. Modes that mean the same search share
 * one entry: a keyword that is one word (设备) is the same search precise, smart or fuzzy.
 */
export function searchKey(request: Omit<SearchRequest, 'offset' | 'limit'>): string {
  const { keywords, mode, within, ...rest } = request;
  return canonicalKey({ ...rest, match: matchSpec(keywords, mode, within ?? []) });
}

/** JSON with object keys sorted and undefined left out: equal requests, equal keys. */
export function canonicalKey(value: unknown): string {
  return JSON.stringify(value, (_name, field: unknown) =>
    field && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}

/** The data version (migration 0016): bumped by every commit that changes what a search can find. */
export async function dataVersion(db: Queryable): Promise<number> {
  const [row] = await db.query<{ version: number }>('SELECT version FROM search_data_version');
  return row?.version ?? 0;
}

export class SearchResultCache {
  /** Off: every search goes to the engine (`npm run bench -- search` measures the engine). */
  enabled = true;
  private hits = 0;
  private misses = 0;
  private readonly stores = new WeakMap<Queryable, EntryStore>();
  /** The stores in use, for the figures (a handful: one per open database). */
  private readonly live = new Set<WeakRef<EntryStore>>();
  private readonly maxEntries: number;
  private maxBytes: number;

  constructor(options: SearchResultCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 20_000;
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  }

  /** The byte budget of the stores made from now on (the server's `SEARCH_CACHE_MB`, set at start); 0: off. */
  setBudget(maxBytes: number): void {
    this.maxBytes = maxBytes;
    this.enabled = maxBytes > 0;
  }

  /**
   * The cached answer of `key` in this database, or `work`'s (then kept). The answer is shared by every caller
   * of the key: it is frozen (deeply), never to be changed — also with the cache off, so callers need not care.
   */
  async through<T>(db: Database, key: string, work: () => Promise<T>): Promise<T> {
    if (!this.enabled) return deepFreeze(await work());
    const store = this.storeOf(db);
    const version = requestVersion(db, 'searchData') ?? (await dataVersion(db));
    const cached = store.get(key, version);
    if (cached !== undefined) {
      this.hits += 1;
      return cached as T;
    }
    this.misses += 1;
    const pending = store.pending(key, version);
    return (await (pending ?? store.compute(key, version, async () => deepFreeze(await work())))) as T;
  }

  stats(): SearchResultCacheStats {
    let entries = 0;
    let bytes = 0;
    for (const ref of this.live) {
      const store = ref.deref();
      if (!store) {
        this.live.delete(ref);
        continue;
      }
      entries += store.size;
      bytes += store.bytes;
    }
    const asked = this.hits + this.misses;
    return { hits: this.hits, misses: this.misses, hitRate: asked ? this.hits / asked : 0, entries, bytes };
  }

  private storeOf(db: Queryable): EntryStore {
    let store = this.stores.get(db);
    if (!store) {
      store = new EntryStore(this.maxEntries, this.maxBytes);
      this.stores.set(db, store);
      this.live.add(new WeakRef(store));
    }
    return store;
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const field of Object.values(value)) deepFreeze(field);
  }
  return value;
}

/** A search index whose searches and tab counts go through a result cache. */
export interface CachedSearchIndex extends SearchIndex {
  readonly resultCache: SearchResultCache;
  /** The engine behind it, for callers that cache more than its answer (the endpoints cache the records too). */
  readonly engine: SearchIndex;
}

export function cachedSearchIndex(engine: SearchIndex, cache = new SearchResultCache()): CachedSearchIndex {
  return {
    resultCache: cache,
    engine,
    add: (tx, items) => engine.add(tx, items),
    setProjectAmounts: (tx, amounts) => engine.setProjectAmounts(tx, amounts),
    search: async (db, request: SearchRequest): Promise<SearchResult> => {
      const result = await cache.through(db, `search ${searchKey(request)}`, () =>
        engine.search(db, request),
      );
      return { itemIds: [...result.itemIds], total: result.total, needles: [...result.needles] };
    },
    countByGroup: async (db, request, groups) => ({
      ...(await cache.through(db, `groups ${searchKey(request)} ${canonicalKey(groups)}`, () =>
        engine.countByGroup(db, request, groups),
      )),
    }),
  };
}

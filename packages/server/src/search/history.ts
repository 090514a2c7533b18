import { batcher } from '../db/batcher';
import type { Queryable } from '../db/database';

/** Which search box a history entry belongs to (migrations/0006_search.sql). */
export type SearchKind = 'tender' | 'all' | 'designed' | 'approval';

/** Entries kept per user and search box; older ones are dropped as new ones come. */
export const HISTORY_KEPT = 50;

export interface HistoryEntry {
  keyword: string;
  conditions: Record<string, unknown>;
  times: number;
  searchTime: string;
}

function iso(value: Date | string): string {
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/** One search, as the history records it. */
export interface RecordedSearch {
  brandId: string;
  userId: number;
  kind: SearchKind;
  keyword: string;
  conditions: Record<string, unknown>;
  at: Date;
}

/**
 * Records searches in order: a keyword searched again moves to the top with its latest conditions, and each box
 * keeps its HISTORY_KEPT newest entries. One round trip: `record_searches` (migration 0024) runs `record_search`
 * (migration 0022: the upsert, then the trim when the keyword was new to the box) for each.
 */
export async function recordSearches(db: Queryable, entries: readonly RecordedSearch[]): Promise<void> {
  await db.query('SELECT record_searches($1::jsonb, $2)', [JSON.stringify(entries), HISTORY_KEPT]);
}

export interface SearchHistoryWriter {
  /** Resolves once the search is in the history (rejects when it could not be written). */
  record(entry: RecordedSearch): Promise<void>;
}

/**
 * The history's writes batched (`batcher`, ADR 0027): a search waits until its entry is written, as with a
 * statement of its own, and the searches that arrive while a write is in flight share the next one.
 */
export function searchHistoryWriter(db: Queryable): SearchHistoryWriter {
  const record = batcher<RecordedSearch, void>(async (entries) => {
    await recordSearches(db, entries);
    return entries.map(() => undefined);
  });
  return { record };
}

/** A user's searches in these boxes, one entry per keyword, newest first. */
export async function historyPage(
  db: Queryable,
  userId: number,
  kinds: readonly SearchKind[],
  pageNumber: number,
  pageSize: number,
): Promise<{ records: HistoryEntry[]; total: number }> {
  const rows = await db.query<{
    keyword: string;
    conditions: Record<string, unknown>;
    times: number;
    searched_at: Date | string;
    total: number;
  }>(
    `WITH latest AS (
       SELECT DISTINCT ON (keyword) keyword, conditions, times, searched_at, id FROM search_history
       WHERE user_id = $1 AND kind = ANY($2::text[])
       ORDER BY keyword, searched_at DESC, id DESC
     )
     SELECT keyword, conditions, times, searched_at, count(*) OVER ()::int AS total FROM latest
     ORDER BY searched_at DESC, id DESC LIMIT $3 OFFSET $4`,
    [userId, [...kinds], pageSize, (pageNumber - 1) * pageSize],
  );
  if (rows.length === 0 && pageNumber > 1) {
    const [count] = await db.query<{ total: number }>(
      `SELECT count(DISTINCT keyword)::int AS total FROM search_history WHERE user_id = $1 AND kind = ANY($2::text[])`,
      [userId, [...kinds]],
    );
    return { records: [], total: count?.total ?? 0 };
  }
  return {
    records: rows.map((row) => ({
      keyword: row.keyword,
      conditions: row.conditions,
      times: row.times,
      searchTime: iso(row.searched_at),
    })),
    total: rows[0]?.total ?? 0,
  };
}

/** Removes a user's searches in these boxes (清空搜索历史). */
export async function clearHistory(
  db: Queryable,
  userId: number,
  kinds: readonly SearchKind[],
): Promise<void> {
  await db.query('DELETE FROM search_history WHERE user_id = $1 AND kind = ANY($2::text[])', [
    userId,
    [...kinds],
  ]);
}

/** What makes a searched keyword a hot-word candidate (getHostSearchWord). */
export interface HotWordRule {
  since: Date;
  limit: number;
  /** So one member's (or a few members') searches never show to everyone. */
  minSearchers: number;
  /** Longer keywords are one member's phrase, not a word to suggest (in characters). */
  maxLength: number;
}

/**
 * The keywords of a brand searched since a time by at least `minSearchers` distinct members and no longer than
 * `maxLength`, most searchers first.
 */
export async function hotWords(db: Queryable, brandId: string, rule: HotWordRule): Promise<string[]> {
  const rows = await db.query<{ keyword: string }>(
    `SELECT keyword FROM search_history
     WHERE brand_id = $1 AND searched_at >= $2 AND char_length(keyword) <= $4
     GROUP BY keyword HAVING count(DISTINCT user_id) >= $5
     ORDER BY count(DISTINCT user_id) DESC, max(searched_at) DESC, keyword LIMIT $3`,
    [brandId, rule.since, rule.limit, rule.maxLength, rule.minSearchers],
  );
  return rows.map((row) => row.keyword);
}

/** A user's keywords in these boxes containing a text (normalized), newest first. */
export async function historyWordsContaining(
  db: Queryable,
  userId: number,
  kinds: readonly SearchKind[],
  text: string,
  limit: number,
): Promise<string[]> {
  const rows = await db.query<{ keyword: string }>(
    `SELECT keyword FROM search_history
     WHERE user_id = $1 AND kind = ANY($2::text[]) AND strpos(lower(keyword), $3) > 0
     GROUP BY keyword ORDER BY max(searched_at) DESC LIMIT $4`,
    [userId, [...kinds], text, limit],
  );
  return rows.map((row) => row.keyword);
}

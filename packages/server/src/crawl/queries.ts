import type { Queryable } from '../db/database';

/** The detail pages a source's earlier runs imported (or found already stored). */
export async function seenPages(db: Queryable, source: string): Promise<Set<string>> {
  const rows = await db.query<{ url: string }>('SELECT url FROM crawl_seen_page WHERE source = $1', [source]);
  return new Set(rows.map((row) => row.url));
}

export async function markSeen(
  db: Queryable,
  source: string,
  urls: readonly string[],
  at: Date,
): Promise<void> {
  if (urls.length === 0) return;
  await db.query(
    `INSERT INTO crawl_seen_page (source, url, seen_at)
     SELECT $1, url, $3 FROM unnest($2::text[]) AS url
     ON CONFLICT (source, url) DO NOTHING`,
    [source, urls, at],
  );
}

export async function saveSourceState(
  db: Queryable,
  source: string,
  at: Date,
  newestPublished: string | undefined,
  report: object,
): Promise<void> {
  await db.query(
    `INSERT INTO crawl_source_state (source, last_run_at, last_published, last_report)
     VALUES ($1, $2, $3, $4)
     ON CONFLICT (source) DO UPDATE SET last_run_at = $2,
       last_published = GREATEST(crawl_source_state.last_published, $3), last_report = $4`,
    [source, at, newestPublished ?? null, JSON.stringify(report)],
  );
}

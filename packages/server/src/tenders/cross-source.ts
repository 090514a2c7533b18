import type { Queryable } from '../db/database';
import { type NoticeFacts, sameNotice, sameProject } from './duplicates';
import { normalizeCompanyName } from './normalize';

/** An item already stored, as the cross-source matcher compares it (ADR 0041). */
export interface StoredNotice extends NoticeFacts {
  id: number;
  projectKey: string | null;
}

/** Earlier items a batch could repeat or continue: the project codes it states, or the purchasers it names. */
const CANDIDATES = `
  SELECT t.id::int AS id, t.title, t.doc_type AS "docType", t.procurement_method AS "procurementMethod", t.project_code AS "projectCode",
         t.project_name AS "projectName", t.project_key AS "projectKey",
         coalesce(t.budget_fen, t.award_fen)::float8 AS "amountFen", to_char(t.publish_date, 'YYYY-MM-DD') AS "publishDate",
         (SELECT c.name FROM item_company l JOIN company c ON c.id = l.company_id
           WHERE l.item_id = t.id AND l.role = 'purchaser' ORDER BY c.id LIMIT 1) AS purchaser
    FROM tender_item t
   WHERE t.id IN (SELECT id FROM tender_item WHERE project_code = ANY($1::text[])
                  UNION
                  SELECT l.item_id FROM company c JOIN item_company l ON l.company_id = c.id AND l.role = 'purchaser'
                   WHERE c.normalized_name = ANY($2::text[]))
   ORDER BY t.id DESC
   LIMIT ${2_000}`;

/** The stored items that share a project code or a purchaser with these notices: what they are compared with. */
export async function storedCandidates(
  db: Queryable,
  notices: readonly NoticeFacts[],
): Promise<StoredNotice[]> {
  const codes = [...new Set(notices.flatMap((notice) => (notice.projectCode ? [notice.projectCode] : [])))];
  const purchasers = [
    ...new Set(
      notices.flatMap((notice) => (notice.purchaser ? [normalizeCompanyName(notice.purchaser)] : [])),
    ),
  ];
  if (codes.length === 0 && purchasers.length === 0) return [];
  return db.query<StoredNotice>(CANDIDATES, [codes, purchasers]);
}

/** The first item (stored or earlier in the batch) this notice repeats, if any. */
export function repeatedNotice<T extends NoticeFacts>(
  notice: NoticeFacts,
  earlier: readonly T[],
): T | undefined {
  return earlier.find((other) => sameNotice(notice, other));
}

/** The newest earlier notice of the same project, whose project key the notice joins. */
export function projectOf<T extends NoticeFacts>(notice: NoticeFacts, earlier: readonly T[]): T | undefined {
  return earlier.find((other) => sameProject(notice, other));
}

export interface SourceLink {
  itemId: number;
  sourceId: string | null;
  sourceUrl: string | null;
  sourceName: string | null;
}

/** Keeps a repeated notice's source beside the item it repeats; a link kept before is left as it is. */
export async function insertSourceLinks(db: Queryable, links: readonly SourceLink[]): Promise<void> {
  const kept = links.filter((link) => link.sourceId || link.sourceUrl);
  if (kept.length === 0) return;
  await db.query(
    `INSERT INTO tender_item_source (item_id, source_id, source_url, source_name)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[])
     ON CONFLICT DO NOTHING`,
    [
      kept.map((link) => link.itemId),
      kept.map((link) => link.sourceId),
      kept.map((link) => link.sourceUrl),
      kept.map((link) => link.sourceName),
    ],
  );
}

/** Gives stored items without a project key one, so a later notice of their project can join them. */
export async function setProjectKeys(db: Queryable, keys: ReadonlyMap<number, string>): Promise<void> {
  if (keys.size === 0) return;
  await db.query(
    `UPDATE tender_item t SET project_key = k.key
       FROM unnest($1::bigint[], $2::text[]) AS k(id, key)
      WHERE t.id = k.id AND t.project_key IS NULL`,
    [[...keys.keys()], [...keys.values()]],
  );
}

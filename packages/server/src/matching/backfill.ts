import type { Database } from '../db/database';
import { searchIndex } from '../search/search-index';
import { CompiledRules, KIND_DOC_TYPES, type MatchRule } from './matcher';
import { feedOf, type NewItem, writeFeedRows } from './service';

/** Items looked at per include word: the newest ones the search finds. */
const NEWEST_PER_WORD = 100;
const SEARCH_SCOPE = { 10: 'full', 20: 'title', 30: 'content' } as const;

/**
 * Fills a new or edited group's feed with the newest items it matches already, so a member who subscribes sees
 * results at once (a fresh `npm start` has the demo corpus but no subscriptions yet). The search finds
 * candidates per include word; the group's own compiled rule decides, exactly as for an imported item.
 */
export async function backfillGroup(db: Database, rule: MatchRule, now: Date): Promise<number> {
  const candidates = new Set<number>();
  for (const word of rule.includeWords) {
    const result = await searchIndex.search(db, {
      keywords: [word],
      mode: 'precise',
      scope: SEARCH_SCOPE[rule.scope],
      filters: { docTypes: KIND_DOC_TYPES[rule.kind] },
      offset: 0,
      limit: NEWEST_PER_WORD,
      countCap: NEWEST_PER_WORD,
    });
    for (const id of result.itemIds) candidates.add(id);
  }
  if (candidates.size === 0) return 0;
  const items = await db.query<NewItem>(
    `SELECT t.id, t.doc_type AS "docType", t.procurement_method AS "procurementMethod", t.title,
            t.project_name AS "projectName", t.body, t.province_code AS "provinceCode", t.city_code AS "cityCode",
            t.district_code AS "districtCode", s.amount_fen AS "amountFen", t.project_key AS "projectKey"
       FROM tender_item t JOIN search_document s ON s.item_id = t.id
      WHERE t.id = ANY($1::bigint[])`,
    [[...candidates]],
  );
  const compiled = new CompiledRules([rule]);
  const rows = items.flatMap((item) =>
    compiled.match(item).length
      ? [
          {
            userId: rule.userId,
            brandId: rule.brandId,
            itemId: item.id,
            feed: feedOf(item.docType),
            docType: item.docType,
            groupIds: [rule.groupId],
            monitorKinds: [],
            words: compiled.foundWords(0),
          },
        ]
      : [],
  );
  return writeFeedRows(db, rows, now);
}

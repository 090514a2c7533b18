import type { Queryable } from '../db/database';
import { extractServicePeriod, predictedEndDate } from './service-period';

/** What an award needs to have its contract period read (a row of tender_item). */
export interface AwardText {
  itemId: number;
  docType: string;
  noticeKind: string | null;
  body: string;
  /** 'YYYY-MM-DD' */
  publishDate: string;
}

/** A 结果公告 that awarded a contract: not a 废标/流标. */
export function isAward(item: { docType: string; noticeKind: string | null }): boolean {
  return item.docType === 'jg' && item.noticeKind !== 'failed';
}

/**
 * Reads the period of each award among `items` and stores it with the predicted end (migration 0033); items that
 * are no award or state no period get no row. A row present already is rewritten (the backfill after an
 * extractor change).
 */
export async function writeContractPeriods(db: Queryable, items: readonly AwardText[]): Promise<number> {
  const rows = items.flatMap((item) => {
    if (!isAward(item)) return [];
    const period = extractServicePeriod(item.body);
    return period ? [{ itemId: item.itemId, period, end: predictedEndDate(period, item.publishDate) }] : [];
  });
  if (rows.length === 0) return 0;
  await db.query(
    `INSERT INTO contract_period (item_id, period_text, period_months, start_date, predicted_end_date, end_basis)
     SELECT * FROM unnest($1::bigint[], $2::text[], $3::numeric[], $4::date[], $5::date[], $6::text[])
     ON CONFLICT (item_id) DO UPDATE SET
       period_text = EXCLUDED.period_text, period_months = EXCLUDED.period_months,
       start_date = EXCLUDED.start_date, predicted_end_date = EXCLUDED.predicted_end_date,
       end_basis = EXCLUDED.end_basis`,
    [
      rows.map((row) => row.itemId),
      rows.map((row) => row.period.text),
      rows.map((row) => row.period.months),
      rows.map((row) => row.period.startDate),
      rows.map((row) => row.end),
      rows.map((row) => (row.period.endDate ? 'stated' : 'computed')),
    ],
  );
  return rows.length;
}

export interface BackfillOutcome {
  /** Award notices read. */
  read: number;
  /** Of them, those with a stated period (a contract_period row). */
  withPeriod: number;
}

/**
 * Reads every award notice imported before migration 0033 (or all of them again with `all`), in batches by id so
 * that memory stays flat and an interrupted run can simply be started again.
 */
export async function backfillContractPeriods(
  db: Queryable,
  options: { batchSize?: number; all?: boolean } = {},
): Promise<BackfillOutcome> {
  const batchSize = options.batchSize ?? 1000;
  let afterId = 0;
  const outcome: BackfillOutcome = { read: 0, withPeriod: 0 };
  for (;;) {
    const batch = await db.query<AwardText>(
      `SELECT t.id::float8 AS "itemId", t.doc_type AS "docType", t.notice_kind AS "noticeKind", t.body,
              to_char(t.publish_date, 'YYYY-MM-DD') AS "publishDate"
         FROM tender_item t
        WHERE t.doc_type = 'jg' AND t.id > $1
          AND ($3::boolean OR NOT EXISTS (SELECT 1 FROM contract_period c WHERE c.item_id = t.id))
        ORDER BY t.id LIMIT $2`,
      [afterId, batchSize, options.all ?? false],
    );
    if (batch.length === 0) return outcome;
    outcome.read += batch.length;
    outcome.withPeriod += await writeContractPeriods(db, batch);
    afterId = (batch.at(-1) as AwardText).itemId;
  }
}

import type { ExpiringContract, ExpiringContractPage } from '@tender/contracts/server';
import type { Queryable } from '../db/database';
import { loadRecords } from '../search/records';
import { addDays } from './service-period';

const CHINA_OFFSET_MS = 8 * 3_600_000;

/** The day in China at `now`, 'YYYY-MM-DD': the window starts there. */
export function chinaDay(now: Date): string {
  return new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

export interface ExpiringQuery {
  /** 'YYYY-MM-DD': the window's first day. */
  today: string;
  /** The window's last day is today + withinDays. */
  withinDays: number;
  /** GB/T 2260 codes (province, city or district); empty: the whole country. */
  regionCodes: readonly string[];
  /** GB/T 4754 divisions; empty: every industry. */
  industryCodes: readonly string[];
  pageNumber: number;
  pageSize: number;
}

interface PeriodRow {
  item_id: number;
  period_text: string;
  period_months: number;
  predicted_end_date: string;
  end_basis: 'stated' | 'computed';
  total: number;
}

const DAY_MS = 86_400_000;

/**
 * The awards whose predicted end falls between `today` and `today + withinDays` (both counted), soonest first,
 * in these regions and industries: one range scan of `contract_period_by_end` (migration 0033), the item's
 * region and industry compared on its row.
 */
export async function expiringContracts(db: Queryable, query: ExpiringQuery): Promise<ExpiringContractPage> {
  const toDate = addDays(query.today, query.withinDays);
  const rows = await db.query<PeriodRow>(
    `SELECT c.item_id::float8 AS item_id, c.period_text, c.period_months::float8 AS period_months,
            to_char(c.predicted_end_date, 'YYYY-MM-DD') AS predicted_end_date, c.end_basis,
            (count(*) OVER ())::float8 AS total
       FROM contract_period c JOIN tender_item t ON t.id = c.item_id
      WHERE c.predicted_end_date BETWEEN $1::date AND $2::date
        AND t.doc_type = 'jg' AND t.notice_kind IS DISTINCT FROM 'failed'
        AND (cardinality($3::text[]) = 0 OR t.province_code = ANY($3::text[]) OR t.city_code = ANY($3::text[])
             OR t.district_code = ANY($3::text[]))
        AND (cardinality($4::text[]) = 0 OR t.industry_code = ANY($4::text[]))
      ORDER BY c.predicted_end_date, c.item_id
      OFFSET $5 LIMIT $6`,
    [
      query.today,
      toDate,
      [...query.regionCodes],
      [...query.industryCodes],
      (query.pageNumber - 1) * query.pageSize,
      query.pageSize,
    ],
  );
  // A page past the last has no row to carry the total: count it alone.
  const total =
    rows[0]?.total ??
    (query.pageNumber > 1
      ? (await expiringContracts(db, { ...query, pageNumber: 1, pageSize: 1 })).total
      : 0);
  const records = await loadRecords(
    db,
    rows.map((row) => row.item_id),
    [],
    'title',
  );
  const byId = new Map(records.map((record) => [record.id, record]));
  const todayMs = Date.parse(`${query.today}T00:00:00Z`);
  return {
    records: rows.flatMap((row): ExpiringContract[] => {
      const record = byId.get(row.item_id);
      if (!record) return [];
      return [
        {
          id: record.id,
          title: record.title,
          projectName: record.projectName,
          regionText: record.regionText,
          provinceCode: record.provinceCode,
          industryCode: record.industryCode,
          industryName: record.industryName,
          purchaser: record.purchaser,
          winners: [...new Set(record.winners.map((winner) => winner.name))],
          awardText: record.awardText,
          publishDate: record.publishDate,
          periodText: row.period_text,
          periodMonths: row.period_months,
          predictedEndDate: row.predicted_end_date,
          endBasis: row.end_basis,
          daysLeft: Math.round((Date.parse(`${row.predicted_end_date}T00:00:00Z`) - todayMs) / DAY_MS),
        },
      ];
    }),
    total,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    lastPage: Math.max(1, Math.min(50, Math.ceil(total / query.pageSize))),
    fromDate: query.today,
    toDate,
  };
}

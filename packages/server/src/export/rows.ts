import type { Queryable } from '../db/database';
import { industryName, procurementMethodName, regionView, typeName } from '../details/present';
import type { CellValue, SheetColumn } from './xlsx-writer';

/** The columns of a data export (数据导出), in order. Dates are text in China time; amounts are 万元 numbers. */
export const EXPORT_COLUMNS: readonly SheetColumn[] = [
  { header: '序号', width: 8 },
  { header: '信息编号', width: 12 },
  { header: '标题', width: 60 },
  { header: '信息类型', width: 12 },
  { header: '招标方式', width: 12 },
  { header: '地区', width: 24 },
  { header: '行业', width: 24 },
  { header: '采购人/招标人', width: 36 },
  { header: '代理机构', width: 36 },
  { header: '中标人', width: 36 },
  { header: '预算金额（万元）', width: 16, grouped: true },
  { header: '中标金额（万元）', width: 16, grouped: true },
  { header: '发布日期', width: 12 },
  { header: '投标截止时间', width: 18 },
  { header: '项目编号', width: 24 },
  { header: '项目名称', width: 40 },
];

interface ExportItemRow {
  id: number;
  doc_type: string;
  procurement_method: string | null;
  title: string;
  project_code: string | null;
  project_name: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  industry_code: string | null;
  budget_fen: number | null;
  award_fen: number | null;
  publish_date: string;
  /** China time, 'YYYY-MM-DD HH:mm'. */
  bid_deadline: string | null;
  purchasers: string | null;
  agencies: string | null;
  winners: string | null;
}

/** Items are read this many at a time: a statement costs ~15 ms whatever its size, so few and large (5 MB). */
export const EXPORT_BATCH = 5000;

// One pass over the items' links (a lateral aggregate per item) instead of a subquery per role. The deadline is
// China time (UTC+8 all year, no daylight saving since 1991) formatted by the database: no Date per row here.
const READ_BATCH = `SELECT i.id, i.doc_type, i.procurement_method, i.title, i.project_code, i.project_name,
    i.province_code, i.city_code, i.district_code, i.industry_code, i.budget_fen, i.award_fen, i.publish_date,
    to_char(i.bid_deadline AT TIME ZONE 'UTC' + interval '8 hours', 'YYYY-MM-DD HH24:MI') AS bid_deadline,
    p.purchasers, p.agencies, p.winners
  FROM tender_item i
  LEFT JOIN LATERAL (
    SELECT string_agg(c.name, '；' ORDER BY c.name) FILTER (WHERE l.role = 'purchaser') AS purchasers,
           string_agg(c.name, '；' ORDER BY c.name) FILTER (WHERE l.role = 'agency') AS agencies,
           string_agg(DISTINCT c.name, '；') FILTER (WHERE l.role = 'winner') AS winners
    FROM item_company l JOIN company c ON c.id = l.company_id
    WHERE l.item_id = i.id AND l.role IN ('purchaser', 'agency', 'winner')
  ) p ON true
  WHERE i.id = ANY($1::bigint[])`;

const wan = (fen: number | null): number | null => (fen === null ? null : fen / 1_000_000);

function cells(position: number, item: ExportItemRow): CellValue[] {
  return [
    position,
    item.id,
    item.title,
    typeName(item.doc_type),
    procurementMethodName(item.procurement_method),
    regionView(item.province_code, item.city_code, item.district_code).regionText,
    item.industry_code ? `${item.industry_code} ${industryName(item.industry_code) ?? ''}`.trim() : null,
    item.purchasers,
    item.agencies,
    item.winners,
    wan(item.budget_fen),
    wan(item.award_fen),
    item.publish_date,
    item.bid_deadline,
    item.project_code,
    item.project_name,
  ];
}

/** Batches read ahead of the one being written. */
const READ_AHEAD = 1;

/**
 * The export rows of these items, in the given order, read a batch at a time: the next batches are read while
 * the current one is written, so the database and the writer work at the same time.
 */
export async function* exportRows(db: Queryable, itemIds: readonly number[]): AsyncGenerator<CellValue[]> {
  const batches: Promise<ExportItemRow[]>[] = [];
  let next = 0;
  const readAhead = () => {
    while (batches.length <= READ_AHEAD && next < itemIds.length) {
      batches.push(db.query<ExportItemRow>(READ_BATCH, [itemIds.slice(next, next + EXPORT_BATCH)]));
      next += EXPORT_BATCH;
    }
  };
  readAhead();
  for (let start = 0; start < itemIds.length; start += EXPORT_BATCH) {
    const rows = await (batches.shift() as Promise<ExportItemRow[]>);
    readAhead();
    const byId = new Map(rows.map((row) => [Number(row.id), row]));
    const end = Math.min(start + EXPORT_BATCH, itemIds.length);
    for (let position = start; position < end; position += 1) {
      const item = byId.get(itemIds[position] as number);
      if (item) yield cells(position + 1, item);
    }
  }
}

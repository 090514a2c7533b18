import type { ApprovalRecord, SearchRecord } from '@tender/contracts';
import { formatFenAsWanYuan } from '@tender/domain';
import { APPROVAL_STAGES } from '../catalog/approval-stages';
import { areaCatalog } from '../catalog/area-catalog';
import { DOCUMENT_TYPES } from '../catalog/document-types';
import { INDUSTRIES } from '../catalog/industries';
import type { Queryable } from '../db/database';
import { highlightHtml, snippetHtml } from './highlight';
import { purchaseContent } from './purchase-content';
import type { SearchScope } from './query';

/** An amount in fen as the lists show it (`formatFenAsWanYuan`): '43.11万元', '1,200万元', '475.16亿元'. */
export function wanYuanText(fen: number | null | undefined): string | null {
  if (fen === null || fen === undefined) return null;
  return formatFenAsWanYuan(fen);
}

let regionNames: Map<string, string> | undefined;

/** GB/T 2260 code → name, for every province, city and district of the catalog. */
function regionName(code: string | null): string | null {
  if (!code) return null;
  if (!regionNames) {
    regionNames = new Map();
    for (const province of areaCatalog().provinces) {
      regionNames.set(province.code, province.name);
      for (const city of province.children) {
        regionNames.set(city.code, city.name);
        for (const district of city.children) regionNames.set(district.code, district.name);
      }
    }
  }
  return regionNames.get(code) ?? null;
}

const TYPE_NAMES = new Map(DOCUMENT_TYPES.map((type) => [type.code, type.name]));
const METHOD_NAMES = new Map(
  (DOCUMENT_TYPES.find((type) => type.code === 'zb')?.children ?? []).map((method) => [
    method.code,
    method.name,
  ]),
);
const INDUSTRY_NAMES = new Map(
  INDUSTRIES.flatMap((section) => section.children.map((d) => [d.code, d.name])),
);
export const STAGE_NAMES = new Map(APPROVAL_STAGES.map((stage) => [stage.code, stage.name]));
export const STAGE_ORDER = new Map(APPROVAL_STAGES.map((stage, index) => [stage.code, index]));

const NOTICE_KIND_LABELS: Record<string, string> = {
  correction: '更正公告',
  change: '变更公告',
  termination: '终止公告',
  award: '中标公告',
  deal: '成交公告',
  failed: '废标/流标公告',
};
const DEFAULT_LABELS: Record<string, string> = {
  zb: '招标公告',
  bg: '更正公告',
  jg: '中标公告',
  yg: '招标预告',
  yx: '采购意向',
  nj: '拟建项目',
  sp: '审批项目',
};

function typeLabel(row: ItemRow): string {
  if (row.doc_type === 'zb' && row.procurement_method) {
    return METHOD_NAMES.get(row.procurement_method) ?? DEFAULT_LABELS.zb ?? '';
  }
  if (row.notice_kind) return NOTICE_KIND_LABELS[row.notice_kind] ?? '';
  if (row.doc_type === 'sp' && row.stage_code) return STAGE_NAMES.get(row.stage_code) ?? '审批项目';
  return DEFAULT_LABELS[row.doc_type] ?? TYPE_NAMES.get(row.doc_type) ?? row.doc_type;
}

interface Party {
  role: string;
  name: string;
  lot: string;
  rank: number | null;
  awardFen: number | null;
}

interface ItemRow {
  id: number;
  doc_type: string;
  procurement_method: string | null;
  notice_kind: string | null;
  title: string;
  body: string | null;
  project_key: string | null;
  project_code: string | null;
  project_name: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  industry_code: string | null;
  budget_fen: number | null;
  award_fen: number | null;
  publish_date: string;
  bid_deadline: Date | string | null;
  source_name: string | null;
  stage_code: string | null;
  approval_authority: string | null;
  approval_code: string | null;
  document_number: string | null;
  approval_result: string | null;
  approval_date: string | null;
  total_investment_fen: number | null;
  construction_site: string | null;
  construction_scale: string | null;
  planned_start: string | null;
  planned_end: string | null;
  parties: Party[] | null;
}

/** Cut long bodies before looking for a passage: a match past this is found, just not shown. */
const SNIPPET_TEXT_LIMIT = 20_000;

function isoOrNull(value: Date | string | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString() : new Date(value).toISOString();
}

/**
 * The items of a page as their lists show them, in the order of `ids`: names for codes, amounts in 万元, the
 * purchaser, agency and winners, and highlights of the needles. `scope` decides where the passage comes from:
 * none for title searches, the purchase content or the body otherwise.
 */
export async function loadRecords(
  db: Queryable,
  ids: readonly number[],
  needles: readonly string[],
  scope: SearchScope,
): Promise<ApprovalRecord[]> {
  if (ids.length === 0) return [];
  const withText = needles.length > 0 && scope !== 'title';
  const rows = await db.query<ItemRow>(
    `SELECT t.id, t.doc_type, t.procurement_method, t.notice_kind, t.title,
            ${withText ? `left(t.body, ${SNIPPET_TEXT_LIMIT})` : 'NULL'} AS body,
            t.project_key, t.project_code, t.project_name, t.province_code, t.city_code, t.district_code,
            t.industry_code, t.budget_fen, t.award_fen, t.publish_date, t.bid_deadline, t.source_name,
            p.stage_code, p.approval_authority, p.approval_code, p.document_number, p.approval_result,
            p.approval_date, p.total_investment_fen, p.construction_site, p.construction_scale, p.planned_start,
            p.planned_end,
            (SELECT json_agg(json_build_object('role', ic.role, 'name', c.name, 'lot', ic.lot, 'rank', ic.rank,
                                               'awardFen', ic.award_fen)
                             ORDER BY ic.role, ic.lot, ic.rank NULLS LAST, c.id)
             FROM item_company ic JOIN company c ON c.id = ic.company_id WHERE ic.item_id = t.id) AS parties
     FROM tender_item t LEFT JOIN project_detail p ON p.item_id = t.id
     WHERE t.id = ANY($1::bigint[])`,
    [[...ids]],
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toRecord(row, needles, scope)] : [];
  });
}

/**
 * A notice's body without the lines that only repeat its title (most notices open with it): the passage shows
 * text around the matched words, and the title is already above it.
 */
export function withoutTitleLines(body: string, title: string): string {
  const heading = title.trim();
  if (!heading) return body;
  return body
    .split('\n')
    .filter((line) => line.trim() !== heading)
    .join('\n');
}

function toRecord(row: ItemRow, needles: readonly string[], scope: SearchScope): ApprovalRecord {
  const parties = row.parties ?? [];
  const first = (role: string) => parties.find((party) => party.role === role)?.name ?? null;
  const provinceName = regionName(row.province_code);
  // A municipality's city has the province's name (北京市 北京市): shown once.
  const cityName =
    row.city_code && regionName(row.city_code) !== provinceName ? regionName(row.city_code) : null;
  const districtName = regionName(row.district_code);
  const body = row.body === null ? null : withoutTitleLines(row.body, row.title);
  const passageSource =
    body === null ? null : scope === 'content' ? purchaseContent(row.project_name, body) : body;
  const amountFen =
    row.doc_type === 'jg'
      ? (row.award_fen ?? row.budget_fen)
      : (row.budget_fen ?? row.award_fen ?? row.total_investment_fen);
  const record: SearchRecord = {
    id: row.id,
    docType: row.doc_type,
    docTypeName: TYPE_NAMES.get(row.doc_type) ?? row.doc_type,
    typeLabel: typeLabel(row),
    title: row.title,
    titleHighlight: highlightHtml(row.title, needles),
    snippet: passageSource === null ? null : snippetHtml(passageSource, needles),
    provinceCode: row.province_code,
    provinceName,
    cityCode: row.city_code,
    cityName,
    districtName,
    regionText: [provinceName, cityName, districtName].filter(Boolean).join(' '),
    industryCode: row.industry_code,
    industryName: row.industry_code ? (INDUSTRY_NAMES.get(row.industry_code) ?? null) : null,
    budgetText: wanYuanText(row.budget_fen),
    awardText: wanYuanText(row.award_fen),
    amountText: wanYuanText(amountFen),
    publishDate: row.publish_date,
    bidDeadline: isoOrNull(row.bid_deadline),
    purchaser: first('purchaser'),
    agency: first('agency'),
    winners: parties
      .filter((party) => party.role === 'winner')
      .map((party) => ({ name: party.name, lot: party.lot, amountText: wanYuanText(party.awardFen) })),
    projectName: row.project_name,
    projectCode: row.project_code,
    projectKey: row.project_key,
    sourceName: row.source_name,
  };
  return {
    ...record,
    stageCode: row.stage_code,
    stageName: row.stage_code ? (STAGE_NAMES.get(row.stage_code) ?? null) : null,
    totalInvestmentText: wanYuanText(row.total_investment_fen),
    constructionSite: row.construction_site,
    constructionScale: row.construction_scale,
    plannedStart: row.planned_start,
    plannedEnd: row.planned_end,
    approvalCode: row.approval_code,
    approvalAuthority: row.approval_authority,
    documentNumber: row.document_number,
    approvalResult: row.approval_result,
    approvalDate: row.approval_date,
  };
}

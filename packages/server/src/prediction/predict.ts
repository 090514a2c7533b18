import type { Database, Queryable } from '../db/database';
import { keywordWords } from '../search/query';
import type { SearchIndex } from '../search/search-index';

/**
 * Potential-bidder prediction (spec §7 toubiao-forecast/list): who is likely to bid for a tender, judged by who
 * won similar tenders before it. "Similar" is found by the one search of the product (the SearchIndex): result
 * notices (jg) published before the tender whose titles share a distinctive word of the tender's title or
 * project name, other projects only, the newest SIMILAR_LIMIT of them. Each such win scores
 *
 *   1 (same keywords) + 1 same province + 2 same purchaser + 1 same kind of purchaser + 1 same industry,
 *
 * and a company's score is the sum over its wins; ties go to more wins, then the more recent win.
 */

export const SIMILAR_LIMIT = 500;
const KEYWORDS = 3;

/** Words of titles that say nothing about what is bought. */
const GENERIC_WORDS = new Set([
  '采购',
  '项目',
  '公告',
  '招标',
  '公开',
  '公开招标',
  '招标公告',
  '采购项目',
  '询价',
  '竞争性',
  '谈判',
  '磋商',
  '单一',
  '来源',
  '结果',
  '中标',
  '成交',
  '更正',
  '变更',
  '需求',
  '公示',
  '意向',
  '预告',
  '年度',
  '第一',
  '第二',
  '一批',
  '服务',
  '工程',
  '政府',
  '货物',
  '及',
  '的',
]);

/** Kinds of purchaser by their name's ending: hospitals, schools, public bodies, companies. */
const PURCHASER_KINDS: readonly [string, RegExp][] = [
  ['medical', /(医院|卫生院|卫生服务中心|疾病预防控制中心|妇幼保健院|卫生健康委员会)/],
  ['education', /(大学|学院|学校|中学|小学|幼儿园|教育局|职业技术)/],
  ['government', /(局|委员会|人民政府|办公室|街道办事处|管理处|中心|院|所|队)$/],
  ['enterprise', /(公司|集团|厂)$/],
];

export function purchaserKind(name: string): string {
  return PURCHASER_KINDS.find(([, pattern]) => pattern.test(name))?.[0] ?? 'other';
}

/** The distinctive words of a tender: jieba words of its project name or title, minus generic and place words. */
export function similarityKeywords(text: string, purchaserNames: readonly string[]): string[] {
  const words = keywordWords(text.replace(/[0-9０-９A-Za-z\-（）()〔〕[\]【】、，,.。:：]/g, ' '))
    .filter((word) => [...word].length >= 2 && !GENERIC_WORDS.has(word))
    .filter((word) => !/(省|市|区|县|镇|乡)$/.test(word))
    .filter((word) => !purchaserNames.some((name) => name.includes(word)));
  return [...new Set(words)].sort((a, b) => [...b].length - [...a].length).slice(0, KEYWORDS);
}

export interface TenderForPrediction {
  id: number;
  docType: string;
  title: string;
  projectName: string | null;
  projectKey: string | null;
  provinceCode: string | null;
  industryCode: string | null;
  publishDate: string;
  purchasers: { id: number; name: string }[];
}

export async function tenderForPrediction(
  db: Queryable,
  id: number,
): Promise<TenderForPrediction | undefined> {
  const [row] = await db.query<{
    id: number;
    doc_type: string;
    title: string;
    project_name: string | null;
    project_key: string | null;
    province_code: string | null;
    industry_code: string | null;
    publish_date: string;
  }>(
    `SELECT id, doc_type, title, project_name, project_key, province_code, industry_code, publish_date
     FROM tender_item WHERE id = $1`,
    [id],
  );
  if (!row) return undefined;
  const purchasers = await db.query<{ id: number; name: string }>(
    `SELECT c.id, c.name FROM item_company l JOIN company c ON c.id = l.company_id
     WHERE l.item_id = $1 AND l.role = 'purchaser' ORDER BY c.id`,
    [id],
  );
  return {
    id: Number(row.id),
    docType: row.doc_type,
    title: row.title,
    projectName: row.project_name,
    projectKey: row.project_key,
    provinceCode: row.province_code,
    industryCode: row.industry_code,
    publishDate: row.publish_date,
    purchasers: purchasers.map((purchaser) => ({ id: Number(purchaser.id), name: purchaser.name })),
  };
}

export type MatchReason = 'keyword' | 'region' | 'purchaser' | 'purchaserType' | 'industry';

export interface Evidence {
  id: number;
  title: string;
  publishDate: string;
  purchaserName: string | null;
  provinceCode: string | null;
  amountFen: number | null;
  matched: MatchReason[];
  score: number;
}

export interface Prediction {
  companyId: number;
  name: string;
  score: number;
  wins: number;
  sameRegionWins: number;
  samePurchaserWins: number;
  samePurchaserTypeWins: number;
  lastWinDate: string;
  /** Strongest first, then newest. */
  evidence: Evidence[];
}

const WEIGHTS: Record<MatchReason, number> = {
  keyword: 1,
  region: 1,
  purchaser: 2,
  purchaserType: 1,
  industry: 1,
};

/** Every company that won a similar item, ranked, with its evidence. */
export async function predictBidders(
  db: Database,
  index: SearchIndex,
  tender: TenderForPrediction,
): Promise<{ keywords: string[]; similarItems: number; ranking: Prediction[] }> {
  const purchaserNames = tender.purchasers.map((purchaser) => purchaser.name);
  const keywords = similarityKeywords(tender.projectName ?? tender.title, purchaserNames);
  if (keywords.length === 0) return { keywords, similarItems: 0, ranking: [] };
  const dayBefore = new Date(Date.parse(`${tender.publishDate}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  const result = await index.search(db, {
    keywords,
    mode: keywords.length > 1 ? 'fuzzy' : 'precise',
    scope: 'title',
    filters: { docTypes: ['jg'], dateTo: dayBefore },
    offset: 0,
    limit: SIMILAR_LIMIT,
    countCap: SIMILAR_LIMIT,
  });
  if (result.itemIds.length === 0) return { keywords, similarItems: 0, ranking: [] };
  const rows = await db.query<{
    item_id: number;
    company_id: number;
    name: string;
    award_fen: number | null;
    title: string;
    publish_date: string;
    province_code: string | null;
    industry_code: string | null;
    purchaser_ids: number[] | null;
    purchaser_names: string[] | null;
  }>(
    `SELECT l.item_id, l.company_id, c.name, sum(l.award_fen)::bigint AS award_fen, i.title, i.publish_date,
       i.province_code, i.industry_code,
       (SELECT array_agg(p.company_id ORDER BY p.company_id) FROM item_company p
         WHERE p.item_id = i.id AND p.role = 'purchaser') AS purchaser_ids,
       (SELECT array_agg(pc.name ORDER BY p.company_id) FROM item_company p JOIN company pc ON pc.id = p.company_id
         WHERE p.item_id = i.id AND p.role = 'purchaser') AS purchaser_names
     FROM item_company l JOIN tender_item i ON i.id = l.item_id JOIN company c ON c.id = l.company_id
     WHERE l.item_id = ANY($1::bigint[]) AND l.role = 'winner'
       AND ($2::text IS NULL OR i.project_key IS DISTINCT FROM $2::text)
     GROUP BY l.item_id, l.company_id, c.name, i.id`,
    [result.itemIds, tender.projectKey],
  );
  const ownPurchasers = new Set(tender.purchasers.map((purchaser) => purchaser.id));
  const ownKinds = new Set(purchaserNames.map(purchaserKind).filter((kind) => kind !== 'other'));
  const byCompany = new Map<number, Prediction>();
  for (const row of rows) {
    const purchaserIds = (row.purchaser_ids ?? []).map(Number);
    const names = row.purchaser_names ?? [];
    const matched: MatchReason[] = ['keyword'];
    if (tender.provinceCode && row.province_code === tender.provinceCode) matched.push('region');
    if (purchaserIds.some((id) => ownPurchasers.has(id))) matched.push('purchaser');
    if (names.some((name) => ownKinds.has(purchaserKind(name)))) matched.push('purchaserType');
    if (tender.industryCode && row.industry_code === tender.industryCode) matched.push('industry');
    const score = matched.reduce((sum, reason) => sum + WEIGHTS[reason], 0);
    const companyId = Number(row.company_id);
    const prediction = byCompany.get(companyId) ?? {
      companyId,
      name: row.name,
      score: 0,
      wins: 0,
      sameRegionWins: 0,
      samePurchaserWins: 0,
      samePurchaserTypeWins: 0,
      lastWinDate: row.publish_date,
      evidence: [],
    };
    prediction.score += score;
    prediction.wins += 1;
    if (matched.includes('region')) prediction.sameRegionWins += 1;
    if (matched.includes('purchaser')) prediction.samePurchaserWins += 1;
    if (matched.includes('purchaserType')) prediction.samePurchaserTypeWins += 1;
    if (row.publish_date > prediction.lastWinDate) prediction.lastWinDate = row.publish_date;
    prediction.evidence.push({
      id: Number(row.item_id),
      title: row.title,
      publishDate: row.publish_date,
      purchaserName: names[0] ?? null,
      provinceCode: row.province_code,
      amountFen: row.award_fen === null ? null : Number(row.award_fen),
      matched,
      score,
    });
    byCompany.set(companyId, prediction);
  }
  const ranking = [...byCompany.values()].sort(
    (a, b) =>
      b.score - a.score ||
      b.wins - a.wins ||
      b.lastWinDate.localeCompare(a.lastWinDate) ||
      a.companyId - b.companyId,
  );
  for (const prediction of ranking) {
    prediction.evidence.sort(
      (a, b) => b.score - a.score || b.publishDate.localeCompare(a.publishDate) || b.id - a.id,
    );
  }
  return { keywords, similarItems: new Set(rows.map((row) => Number(row.item_id))).size, ranking };
}

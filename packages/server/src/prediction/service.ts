import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ItemType } from '@tender/contracts';
import { PROJECT_ANALYSIS_DOCKING_PRICE_FEN } from '@tender/contracts';
import {
  CUSTOMER_LIST_TOTAL_DISPLAY_CAP,
  formatFenAsWanYuan,
  formatTotalCount,
  RESPONSE_CODES,
} from '@tender/domain';
import { wanText } from '../companies/service';
import type { Database } from '../db/database';
import { industryName, regionView, typeName } from '../details/present';
import { writeXlsx } from '../export/xlsx-writer';
import type { GateItem } from '../gates/item-locator';
import type { GateCaller, GateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import type { SearchIndex } from '../search/search-index';
import {
  type Evidence,
  type Prediction,
  predictBidders,
  type TenderForPrediction,
  tenderForPrediction,
} from './predict';

export const predictionMessages = {
  notFound: '该信息不存在或已删除',
} as const;

/** Types a prediction is made for: what is still to be awarded (招标, 更正, 预告, 意向). */
const TENDER_TYPES = new Set(['zb', 'bg', 'yg', 'yx']);

function evidenceView(evidence: Evidence) {
  return {
    id: evidence.id,
    title: evidence.title,
    publishDate: evidence.publishDate,
    purchaserName: evidence.purchaserName,
    provinceCode: evidence.provinceCode,
    amountFen: evidence.amountFen,
    amountWanYuanText: evidence.amountFen === null ? null : wanText(evidence.amountFen),
    matched: evidence.matched,
  };
}

function bidderView(prediction: Prediction, rank: number) {
  return {
    rank,
    companyId: prediction.companyId,
    name: prediction.name,
    score: prediction.score,
    wins: prediction.wins,
    sameRegionWins: prediction.sameRegionWins,
    samePurchaserWins: prediction.samePurchaserWins,
    samePurchaserTypeWins: prediction.samePurchaserTypeWins,
    lastWinDate: prediction.lastWinDate,
    evidence: prediction.evidence.slice(0, 3).map(evidenceView),
  };
}

/** Potential bidders and purchaser items the 项目分析 screen shows (the workbook holds more). */
const ANALYSIS_BIDDERS_SHOWN = 20;
const ANALYSIS_HISTORY_SHOWN = 50;

interface AnalysisItemRow {
  project_code: string | null;
  budget_fen: number | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
  bid_deadline: Date | null;
}

/** 项目信息: the facts of the analysed item, as the screen and the workbook's first sheet list them. */
function projectFacts(
  tender: TenderForPrediction,
  item: AnalysisItemRow | undefined,
  keywords: readonly string[],
): [string, string | null][] {
  return [
    ['标题', tender.title],
    ['信息类型', typeName(tender.docType)],
    ['项目名称', tender.projectName],
    ['项目编号', item?.project_code ?? null],
    ['采购人', tender.purchasers.map((purchaser) => purchaser.name).join('；')],
    ['地区', item ? regionView(item.province_code, item.city_code, item.district_code).regionText : ''],
    ['行业', tender.industryCode ? (industryName(tender.industryCode) ?? tender.industryCode) : null],
    ['预算金额', item?.budget_fen == null ? null : formatFenAsWanYuan(Number(item.budget_fen))],
    ['发布日期', tender.publishDate],
    ['相似项目关键词', keywords.join('、')],
  ];
}

const priceText = (fen: number) => `${(fen / 100).toFixed(2).replace(/\.00$/, '')}元`;

/** The project-analysis docking service's price (show-docking-price). */
function dockingPrice() {
  return {
    priceFen: PROJECT_ANALYSIS_DOCKING_PRICE_FEN,
    priceText: priceText(PROJECT_ANALYSIS_DOCKING_PRICE_FEN),
  };
}

/** Potential bidders (toubiaoPredict) and project analysis (projectAnalyzer), through the gate. */
export function predictionService(db: Database, gates: GateService, index: SearchIndex) {
  async function tenderOf(id: number, types?: ReadonlySet<string>) {
    const tender = await tenderForPrediction(db, id);
    if (!tender || (types && !types.has(tender.docType))) {
      throw new BusinessError(RESPONSE_CODES.NOT_FOUND, predictionMessages.notFound);
    }
    return tender;
  }

  /** The same key the permission checks use (toubiaoPredictAuth with an id): a check then a list costs once. */
  async function gateItem(id: number): Promise<GateItem> {
    const [row] = await db.query<{ doc_type: string; province_code: string | null }>(
      'SELECT doc_type, province_code FROM tender_item WHERE id = $1',
      [id],
    );
    return { kind: row?.doc_type ?? '', id: String(id), provinceCode: row?.province_code ?? null };
  }

  /** What a project analysis holds: the ranking, the item's facts and its purchasers' other items. */
  async function analysisData(tender: TenderForPrediction, id: number) {
    const [{ ranking, keywords }, [item], history] = await Promise.all([
      predictBidders(db, index, tender),
      db.query<AnalysisItemRow>(
        'SELECT project_code, budget_fen, province_code, city_code, district_code, bid_deadline FROM tender_item WHERE id = $1',
        [id],
      ),
      db.query<{
        id: number;
        title: string;
        doc_type: string;
        publish_date: string;
        amount_fen: number | null;
      }>(
        `SELECT i.id, i.title, i.doc_type, i.publish_date, coalesce(i.award_fen, i.budget_fen) AS amount_fen
         FROM item_company l JOIN tender_item i ON i.id = l.item_id
         WHERE l.company_id = ANY($1::bigint[]) AND l.role = 'purchaser' AND i.id <> $2
         ORDER BY i.publish_date DESC, i.id DESC LIMIT 200`,
        [tender.purchasers.map((purchaser) => purchaser.id), id],
      ),
    ]);
    return { ranking, keywords, item, history };
  }

  return {
    async forecast(caller: GateCaller, input: { id: number; pageNumber: number; pageSize: number }) {
      const tender = await tenderOf(input.id, TENDER_TYPES);
      const permission = await gates.enforce(caller, {
        privilege: 'toubiaoPredict',
        item: await gateItem(input.id),
        mode: 'spend',
      });
      const { keywords, similarItems, ranking } = await predictBidders(db, index, tender);
      const start = (input.pageNumber - 1) * input.pageSize;
      const total = Math.min(ranking.length, CUSTOMER_LIST_TOTAL_DISPLAY_CAP + 1);
      return {
        keywords,
        similarItems,
        records: ranking
          .slice(start, Math.min(start + input.pageSize, total))
          .map((prediction, offset) => bidderView(prediction, start + offset + 1)),
        total,
        totalText: formatTotalCount(total, 'potential-customer'),
        pageNumber: input.pageNumber,
        pageSize: input.pageSize,
        permission,
      };
    },

    async evidence(caller: GateCaller, input: { id: number; companyId: number }) {
      const tender = await tenderOf(input.id, TENDER_TYPES);
      const permission = await gates.enforce(caller, {
        privilege: 'toubiaoPredict',
        item: await gateItem(input.id),
        mode: 'spend',
      });
      const { ranking } = await predictBidders(db, index, tender);
      const prediction = ranking.find((entry) => entry.companyId === input.companyId);
      const [company] = await db.query<{ name: string }>('SELECT name FROM company WHERE id = $1', [
        input.companyId,
      ]);
      return {
        companyId: input.companyId,
        name: prediction?.name ?? company?.name ?? '',
        records: (prediction?.evidence ?? []).slice(0, 50).map(evidenceView),
        permission,
      };
    },

    judge(caller: GateCaller) {
      return gates.enforce(caller, { privilege: 'projectAnalyzer', mode: 'check' });
    },

    /** The project analysis on screen (项目分析): the same content as the workbook, the same spend. */
    async analysisView(caller: GateCaller, id: number) {
      const tender = await tenderOf(id);
      const permission = await gates.enforce(caller, {
        privilege: 'projectAnalyzer',
        item: await gateItem(id),
        mode: 'spend',
      });
      const { ranking, keywords, item, history } = await analysisData(tender, id);
      return {
        id,
        title: tender.title,
        facts: projectFacts(tender, item, keywords).map(([label, value]) => ({ label, value })),
        keywords,
        bidders: ranking
          .slice(0, ANALYSIS_BIDDERS_SHOWN)
          .map((prediction, index) => bidderView(prediction, index + 1)),
        purchaserHistory: history.slice(0, ANALYSIS_HISTORY_SHOWN).map((row) => ({
          id: Number(row.id),
          title: row.title,
          type: row.doc_type as ItemType,
          typeName: typeName(row.doc_type),
          publishDate: row.publish_date,
          amountText: row.amount_fen === null ? null : formatFenAsWanYuan(Number(row.amount_fen)),
        })),
        permission,
      };
    },

    /** The project analysis as a workbook: the item, its potential bidders, its purchasers' history. */
    async analysisWorkbook(caller: GateCaller, id: number): Promise<{ content: Buffer; fileName: string }> {
      const tender = await tenderOf(id);
      await gates.enforce(caller, { privilege: 'projectAnalyzer', item: await gateItem(id), mode: 'spend' });
      const { ranking, keywords, item, history } = await analysisData(tender, id);
      const directory = mkdtempSync(join(tmpdir(), 'tender-analysis-'));
      const path = join(directory, 'analysis.xlsx');
      try {
        const wan = (fen: number | null) => (fen === null ? null : Number(fen) / 1_000_000);
        await writeXlsx(
          path,
          [
            {
              name: '项目信息',
              columns: [
                { header: '项目', width: 16 },
                { header: '内容', width: 80 },
              ],
              rows: projectFacts(tender, item, keywords).map(([label, value]) => [label, value]),
            },
            {
              name: '潜在投标人',
              columns: [
                { header: '排名', width: 6 },
                { header: '企业名称', width: 40 },
                { header: '得分', width: 8 },
                { header: '相似项目中标次数', width: 16 },
                { header: '同地区', width: 8 },
                { header: '同采购人', width: 8 },
                { header: '同类采购人', width: 10 },
                { header: '最近中标日期', width: 14 },
                { header: '依据（最相关的中标项目）', width: 80 },
              ],
              rows: ranking.slice(0, 100).map((prediction, index) => [
                index + 1,
                prediction.name,
                prediction.score,
                prediction.wins,
                prediction.sameRegionWins,
                prediction.samePurchaserWins,
                prediction.samePurchaserTypeWins,
                prediction.lastWinDate,
                prediction.evidence
                  .slice(0, 3)
                  .map((evidence) => `${evidence.publishDate} ${evidence.title}`)
                  .join('；'),
              ]),
            },
            {
              name: '采购人历史',
              columns: [
                { header: '信息编号', width: 12 },
                { header: '标题', width: 60 },
                { header: '信息类型', width: 12 },
                { header: '发布日期', width: 12 },
                { header: '金额（万元）', width: 14, grouped: true },
              ],
              rows: history.map((row) => [
                Number(row.id),
                row.title,
                typeName(row.doc_type),
                row.publish_date,
                wan(row.amount_fen),
              ]),
            },
          ],
          caller.now,
        );
        return {
          content: readFileSync(path),
          fileName: `项目分析_${[...tender.title].slice(0, 40).join('')}.xlsx`,
        };
      } finally {
        rmSync(directory, { recursive: true, force: true });
      }
    },

    /** The e-mail of the analysis export: the profile's address, or a request to send it to `email`. */
    async analysisEmail(caller: GateCaller, input: { id: number; email?: string | undefined }) {
      await tenderOf(input.id);
      if (!input.email) {
        const [user] = await db.query<{ email: string }>('SELECT email FROM user_account WHERE id = $1', [
          caller.userId,
        ]);
        return { email: user?.email ?? '', requested: false };
      }
      await gates.enforce(caller, {
        privilege: 'projectAnalyzer',
        item: await gateItem(input.id),
        mode: 'spend',
      });
      await db.query(
        `INSERT INTO project_analysis_request (brand_id, user_id, kind, item_id, email, created_at)
         VALUES ($1, $2, 'email', $3, $4, $5)`,
        [caller.tenant.id, caller.userId, input.id, input.email, caller.now],
      );
      return { email: input.email, requested: true };
    },

    dockingPrice,

    async submitDocking(
      caller: GateCaller,
      input: { id: number; contactName: string; contactPhone: string },
    ) {
      await tenderOf(input.id);
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO project_analysis_request
           (brand_id, user_id, kind, item_id, contact_name, contact_phone, price_fen, created_at)
         VALUES ($1, $2, 'docking', $3, $4, $5, $6, $7) RETURNING id`,
        [
          caller.tenant.id,
          caller.userId,
          input.id,
          input.contactName,
          input.contactPhone,
          PROJECT_ANALYSIS_DOCKING_PRICE_FEN,
          caller.now,
        ],
      );
      return { requestId: Number(row?.id), ...dockingPrice() };
    },
  };
}

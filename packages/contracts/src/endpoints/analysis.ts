import { CUSTOMER_LIST_TOTAL_DISPLAY_CAP } from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { companyIdSchema, companyPageFields } from './companies';
import { detailItemIdSchema, itemTypeSchema } from './details';
import { gatePassSchema, gateRefusalSchema } from './permissions';
import { searchListEndpoint } from './search';

/**
 * Market analysis (spec §2 /enterpriseAnalysis/informationQuery/marketAnalysis), the data board (/dashboard),
 * enterprise data statistics (/dataStatistics), potential-bidder prediction and project analysis (spec §7
 * Detail and downloads). Amounts are fen with 万元 texts rounded to two decimals.
 */

const monthSchema = z
  .string({ error: '月份应为 YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份应为 YYYY-MM');

const searchFields = searchListEndpoint.request.shape;

/**
 * The filter of a market analysis: the search box's keyword fields and the region, industry and type filters of
 * searchList, and a period of whole months (the figures are kept per month).
 */
export const marketFilterSchema = z.object({
  keyword: searchFields.keyword,
  keywordList: searchFields.keywordList,
  searchType: searchFields.searchType,
  searchPattern: searchFields.searchPattern,
  area: searchFields.area,
  industry: searchFields.industry,
  docchnnel: searchFields.docchnnel,
  startMonth: monthSchema.optional().describe('起始月份（含），YYYY-MM；默认为结束月份前 11 个月'),
  endMonth: monthSchema.optional().describe('结束月份（含），YYYY-MM；默认为本月'),
});

export const marketBucketSchema = z.object({
  code: z.string(),
  name: z.string(),
  items: z.number().int(),
  /** Budgets of its 招标 and awards of its 结果 notices, fen. */
  budgetFen: z.number().int(),
  awardFen: z.number().int(),
});

export const marketCompanySchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  items: z.number().int(),
  amountFen: z.number().int(),
  amountWanYuanText: z.string(),
});

export const marketAnalysisSchema = z.object({
  startMonth: z.string(),
  endMonth: z.string(),
  totals: z.object({
    items: z.number().int(),
    /** 招标公告 (zb) and 结果公告 (jg) among them. */
    tenders: z.number().int(),
    results: z.number().int(),
    budgetFen: z.number().int(),
    budgetWanYuanText: z.string(),
    awardFen: z.number().int(),
    awardWanYuanText: z.string(),
  }),
  /** Map data: provinces (GB/T 2260 code, name), most items first; '' for items without a province. */
  byProvince: z.array(marketBucketSchema),
  /** Every month of the period, oldest first ('YYYY-MM'), zero when nothing was published. */
  byMonth: z.array(marketBucketSchema),
  byIndustry: z.array(marketBucketSchema),
  /** 招标公告 by procurement method (gk 公开招标 …). */
  byMethod: z.array(marketBucketSchema),
  byType: z.array(marketBucketSchema),
  /** Purchasers of 招标公告 by count (amount: their budgets) and winners of 结果公告 (amount: their awards). */
  topPurchasers: z.array(marketCompanySchema),
  topWinners: z.array(marketCompanySchema),
  /**
   * rollup: counted from the monthly rollups (every match); search: a keyword filter, counted over its newest
   * matches, at most `sampleCap` of them — `sampled` says the filter matched more.
   */
  basis: z.enum(['rollup', 'search']),
  sampled: z.boolean(),
  sampleCap: z.number().int(),
});

export type MarketAnalysis = z.infer<typeof marketAnalysisSchema>;

const analysisGateErrors = [
  { code: 403, when: '品牌未开放分析功能，或会员等级无 bussinessAnalyzer；data 为权限弹窗' },
  { code: 400, when: '月份、地区、行业或信息类型无效，或起始月份晚于结束月份，或超过 36 个月' },
];

/** spec §2 marketAnalysis (招投标市场分析): totals and amounts by province, month, industry, method; top lists. */
export const marketAnalysisEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/analysis/market',
  summary:
    '招投标市场分析：按关键词、地区、行业、信息类型与月份区间统计信息数与金额（省份地图、逐月、行业、招标方式、类型），及采购人与中标人排行（各前 10）；需会员有 bussinessAnalyzer（只检查，不计次）',
  access: 'user',
  request: marketFilterSchema,
  response: marketAnalysisSchema,
  errorData: gateRefusalSchema,
  errors: analysisGateErrors,
});

/** spec §2 /dashboard (数据看板): the figures of the caller's regions. */
export const dashboardEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/analysis/dashboard',
  summary:
    '数据看板：会员所购地区（普通用户为全国）本月与上月的信息数与金额、近 12 个月走势、按类型与行业分布；不计次',
  access: 'user',
  request: z.object({}),
  response: z.object({
    /** The regions counted: the membership's purchased areas, or 全国. */
    regions: z.array(z.string()),
    thisMonth: z.object({ items: z.number().int(), budgetFen: z.number().int(), awardFen: z.number().int() }),
    lastMonth: z.object({ items: z.number().int(), budgetFen: z.number().int(), awardFen: z.number().int() }),
    byMonth: z.array(marketBucketSchema),
    byType: z.array(marketBucketSchema),
    byIndustry: z.array(marketBucketSchema),
  }),
});

export const accountUsageSchema = z.object({
  userId: z.number().int(),
  /** The real name, else the masked phone. */
  userName: z.string(),
  mobile: z.string(),
  role: z.enum(['primary', 'sub']),
  remark: z.string(),
  /** Uses per privilege over the period. */
  totals: z.record(z.string(), z.number().int()),
  /** Uses per day and privilege, oldest first; days without use are left out. */
  days: z.array(z.object({ day: z.string(), privilege: z.string(), used: z.number().int() })),
});

/** spec §2 /dataStatistics: how each account of the caller's enterprise used its quotas. */
export const dataStatisticsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/analysis/dataStatistics',
  summary:
    '企业数据统计：企业版（qiye）主账号查看本企业各账号按权益、按天的使用次数（计次的权益；不限次数的权益不计次，不在其中）；日期区间最长 92 天',
  access: 'user',
  request: z.object({
    startDate: searchFields.startDate.describe('起始日期（含），YYYY-MM-DD；默认 30 天前'),
    endDate: searchFields.endDate.describe('结束日期（含），YYYY-MM-DD；默认今天'),
  }),
  response: z.object({
    startDate: z.string(),
    endDate: z.string(),
    accounts: z.array(accountUsageSchema),
  }),
  errors: [
    { code: 403, when: '调用者不是企业版（qiye）企业的主账号' },
    { code: 400, when: '日期无效、起始晚于结束或超过 92 天' },
  ],
});

/** A past win that makes a company a likely bidder, and why it counts. */
export const predictionEvidenceSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  publishDate: z.string(),
  purchaserName: z.string().nullable(),
  provinceCode: z.string().nullable(),
  amountFen: z.number().int().nullable(),
  amountWanYuanText: z.string().nullable(),
  /** What it shares with the item: keyword (always), region, purchaser, purchaserType, industry. */
  matched: z.array(z.enum(['keyword', 'region', 'purchaser', 'purchaserType', 'industry'])),
});

export const predictedBidderSchema = z.object({
  rank: z.number().int(),
  companyId: z.number().int(),
  name: z.string(),
  /** 1 per similar past win, +1 same province, +2 same purchaser, +1 same purchaser type, +1 same industry. */
  score: z.number(),
  wins: z.number().int(),
  sameRegionWins: z.number().int(),
  samePurchaserWins: z.number().int(),
  samePurchaserTypeWins: z.number().int(),
  lastWinDate: z.string(),
  /** The three strongest past wins. */
  evidence: z.array(predictionEvidenceSchema),
});

const predictionErrors = [
  { code: 403, when: 'toubiaoPredict 不允许（会员等级、地区、每日次数）；data 为权限弹窗' },
  { code: 404, when: 'id 对应的信息不存在，或不是招标类信息（zb、bg、yg、yx）' },
];

/** spec §7 toubiao-forecast/list: potential bidders of a tender, ranked by their similar past wins. */
export const toubiaoForecastListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/toubiao-forecast/list',
  summary: `潜在投标人预测：按该招标之前的相似结果公告（标题关键词相同，再按同地区、同采购人、同类采购人、同行业加分）给中标企业排序，附依据；按 toubiaoPredict 对该信息计次；总数最多显示 ${CUSTOMER_LIST_TOTAL_DISPLAY_CAP}+`,
  access: 'user',
  request: z.object({ id: detailItemIdSchema, ...companyPageFields }),
  response: z.object({
    /** The words the similar items were found by. */
    keywords: z.array(z.string()),
    /** Similar past results with a winner, other projects only (of the newest 500 found). */
    similarItems: z.number().int(),
    records: z.array(predictedBidderSchema),
    total: z.number().int(),
    totalText: z.string(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    permission: gatePassSchema,
  }),
  errorData: gateRefusalSchema,
  errors: predictionErrors,
});

/** spec §7 toubiao/list: the evidence of one predicted bidder — its similar past wins. */
export const toubiaoListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/toubiao/list',
  summary:
    '潜在投标人的依据：该企业在相似结果公告中的中标记录（最多 50 条，依据强者在前）；与预测同按 toubiaoPredict 对该信息计次（当天已计则不再计）',
  access: 'user',
  request: z.object({ id: detailItemIdSchema, companyId: companyIdSchema }),
  response: z.object({
    companyId: z.number().int(),
    name: z.string(),
    records: z.array(predictionEvidenceSchema),
    permission: gatePassSchema,
  }),
  errorData: gateRefusalSchema,
  errors: predictionErrors,
});

/** spec §7 judge-project-analysis (no body): may the caller use project analysis today? */
export const judgeProjectAnalysisEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/judge-project-analysis',
  summary: '项目分析权限：按 projectAnalyzer（每日次数）检查是否还能使用，不计次',
  access: 'user',
  request: z.object({}),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: [
    { code: 403, when: '品牌未开放分析功能，或 projectAnalyzer 不允许或今日次数已用完；data 为权限弹窗' },
  ],
});

/**
 * 项目分析 on screen: what the export's workbook holds (项目信息, 潜在投标人, 采购人历史), shown on the analysis
 * screen reached from a tender's detail. Costs projectAnalyzer once per item per day, like the export.
 */
export const projectAnalysisViewEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaoBiaoInfo/project-analysis/view',
  summary:
    '项目分析（页面）：项目信息、潜在投标人（前 20）、采购人历史（最近 50 条），与导出内容相同；按 projectAnalyzer 对该信息计次（当天已计则不再计）',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.object({
    id: z.number().int(),
    title: z.string(),
    /** 项目信息 as label and value (amounts as the shared 万元/亿元 text). */
    facts: z.array(z.object({ label: z.string(), value: z.string().nullable() })),
    keywords: z.array(z.string()),
    bidders: z.array(predictedBidderSchema),
    purchaserHistory: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        type: itemTypeSchema,
        typeName: z.string(),
        /** 'YYYY-MM-DD' */
        publishDate: z.string(),
        amountText: z.string().nullable(),
      }),
    ),
    permission: gatePassSchema,
  }),
  errorData: gateRefusalSchema,
  errors: [
    { code: 403, when: 'projectAnalyzer 不允许（品牌、会员等级、地区、每日次数）；data 为权限弹窗' },
    { code: 404, when: 'id 对应的信息不存在' },
  ],
});

/**
 * spec §7 zhaoBiaoInfo/project-analysis/export: the project analysis of an item as an .xlsx file (项目信息,
 * 潜在投标人, 采购人历史). Costs projectAnalyzer once per item per day.
 */
export const projectAnalysisExportEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaoBiaoInfo/project-analysis/export',
  summary:
    '导出项目分析（文件，非 JSON）：项目信息、潜在投标人、采购人历史三个工作表的 .xlsx；按 projectAnalyzer 对该信息计次；Content-Disposition 以 RFC 5987 给出中文文件名；拒绝时为 JSON 信封',
  access: 'user',
  request: z.object({ id: detailItemIdSchema }),
  response: z.string().describe('文件内容（.xlsx），不是 JSON 信封'),
  errorData: gateRefusalSchema,
  errors: [
    { code: 403, when: 'projectAnalyzer 不允许（品牌、会员等级、地区、每日次数）；data 为权限弹窗' },
    { code: 404, when: 'id 对应的信息不存在' },
  ],
});

const emailSchema = z
  .string({ error: '邮箱应为文字' })
  .trim()
  .max(100, '邮箱最多 100 个字')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, '邮箱格式不正确');

/** spec §7 getEmailForExportAnalysisProject: the address the analysis goes to; with `email`, a request to send it. */
export const getEmailForExportAnalysisProjectEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/zhaozhongbiaoDetails/getEmailForExportAnalysisProject',
  summary:
    '项目分析邮件导出：不带 email 时返回账号资料中的邮箱；带 email 时记录发送请求（按 projectAnalyzer 对该信息计次）并返回该邮箱',
  access: 'user',
  request: z.object({
    id: detailItemIdSchema,
    email: emailSchema.optional().describe('发送到的邮箱；不填则只查询资料中的邮箱'),
  }),
  response: z.object({ email: z.string(), requested: z.boolean() }),
  errorData: gateRefusalSchema,
  errors: [
    { code: 403, when: 'projectAnalyzer 不允许；data 为权限弹窗' },
    { code: 404, when: 'id 对应的信息不存在' },
  ],
});

/** The price of the project-analysis docking (对接) service, fen. */
export const PROJECT_ANALYSIS_DOCKING_PRICE_FEN = 29_900;

/** spec §7 show-docking-price (empty body). */
export const showDockingPriceEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/show-docking-price',
  summary: '项目对接服务价格（分与元）',
  access: 'user',
  request: z.object({}),
  response: z.object({ priceFen: z.number().int(), priceText: z.string() }),
});

/** spec §7 order/project-analysis-docking/submitOrder: ask for the docking service for an item. */
export const projectAnalysisDockingSubmitOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/order/project-analysis-docking/submitOrder',
  summary: '提交项目对接服务需求：记录信息、联系人与电话，返回需求编号与价格（由客服联系办理，不在线支付）',
  access: 'user',
  request: z.object({
    id: detailItemIdSchema,
    contactName: z
      .string({ error: '请填写联系人 contactName' })
      .trim()
      .min(1, '请填写联系人 contactName')
      .max(30, '联系人最多 30 个字'),
    contactPhone: z
      .string({ error: '请填写联系电话 contactPhone' })
      .trim()
      .regex(/^(1\d{10}|0\d{2,3}-?\d{7,8})$/, '联系电话应为手机号或带区号的座机号'),
  }),
  response: z.object({ requestId: z.number().int(), priceFen: z.number().int(), priceText: z.string() }),
  errors: [{ code: 404, when: 'id 对应的信息不存在' }],
});

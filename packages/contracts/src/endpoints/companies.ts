import { CUSTOMER_LIST_TOTAL_DISPLAY_CAP, DEFAULT_PAGE_SIZE } from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { gatePassSchema, gateRefusalSchema } from './permissions';

/**
 * Companies built from the tender data (spec §2 /enterpriseDetails, /enterHistory, /altas,
 * /enterpriseAnalysis/informationQuery/erterInformation): a company is every organisation named in an item, in
 * any role. The profile costs `watchCompanyDetail` once per company per day; partners and the relationship atlas
 * cost `bussinessAnalyzer`; the phone book `watchCompanyPhoneBook`. Refusals are the gate's (code 403, `data.type`
 * the dialog). Amounts are fen; 万元 texts are rounded to two decimals.
 */

export const companyIdSchema = z.coerce
  .number({ error: '请提供企业编号 companyId' })
  .int('企业编号 companyId 须为正整数')
  .positive('企业编号 companyId 须为正整数')
  .max(Number.MAX_SAFE_INTEGER, '企业编号 companyId 过大')
  .describe('企业编号（company/search 的 companyId）');

export const companyRoleSchema = z.enum(['purchaser', 'agency', 'winner', 'candidate'], {
  error: '角色只能是 purchaser（采购人/招标人）、agency（代理机构）、winner（中标人）或 candidate（候选人）',
});

/** How often a company appears in each role, and the money involved. */
export const companyRoleCountsSchema = z.object({
  /** Items naming it as purchaser / owner (采购人、招标人、建设单位). */
  purchaser: z.number().int(),
  agency: z.number().int(),
  /** Result notices (结果公告) it won a lot of. */
  winner: z.number().int(),
  candidate: z.number().int(),
  /** Sum of its lots' awards, fen. */
  wonFen: z.number().int(),
  wonWanYuanText: z.string(),
  /** Sum of the budgets of the 招标公告 it published as purchaser, fen. */
  purchaseBudgetFen: z.number().int(),
  purchaseBudgetWanYuanText: z.string(),
});

export const companySummarySchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  creditCode: z.string().nullable(),
  /** '广东省 深圳市' as far as known. */
  regionText: z.string(),
  counts: companyRoleCountsSchema,
  /** The newest item naming it, YYYY-MM-DD; null without any. */
  lastActiveDate: z.string().nullable(),
});

export type CompanySummary = z.infer<typeof companySummarySchema>;

/** A company met through shared items, with how often and how much. */
export const relatedCompanySchema = z.object({
  companyId: z.number().int(),
  name: z.string(),
  /** Shared items. */
  items: z.number().int(),
  /** Awards between the two (partners) or won by the rival at the same purchasers, fen. */
  amountFen: z.number().int(),
  amountWanYuanText: z.string(),
});

export const countedCodeSchema = z.object({
  code: z.string(),
  name: z.string(),
  items: z.number().int(),
});

/** One period of a company's history: items per role in that month or year. */
export const historyPointSchema = z.object({
  /** 'YYYY-MM' or 'YYYY'. */
  period: z.string(),
  purchaser: z.number().int(),
  agency: z.number().int(),
  winner: z.number().int(),
  candidate: z.number().int(),
  wonFen: z.number().int(),
});

export const companyProfileSchema = companySummarySchema.extend({
  /** Items per year, oldest first. */
  history: z.array(historyPointSchema),
  /** Provinces of its items, most first (at most 10). */
  regions: z.array(countedCodeSchema),
  /** GB/T 4754 divisions of its items, most first (at most 10). */
  industries: z.array(countedCodeSchema),
  /** Companies that won at the purchasers this company won at, most shared purchasers first (at most 10). */
  rivals: z.array(relatedCompanySchema),
  /** The gate's pass (today's watchCompanyDetail uses). */
  permission: gatePassSchema,
});

export type CompanyProfile = z.infer<typeof companyProfileSchema>;

const keywordSchema = z
  .string({ error: '企业名称关键词应为文字' })
  .trim()
  .min(2, '企业名称关键词至少 2 个字')
  .max(50, '企业名称关键词最多 50 个字')
  .describe('企业名称关键词（至少 2 个字）');

const pageNumberSchema = z.coerce
  .number({ error: '页码须为数字' })
  .int('页码须为整数')
  .min(1, '页码从 1 开始')
  .max(100, '最多可查看 100 页')
  .default(1)
  .describe('页码，从 1 开始');

const pageSizeSchema = z.coerce
  .number({ error: '每页条数须为数字' })
  .int('每页条数须为整数')
  .min(1, '每页至少 1 条')
  .max(DEFAULT_PAGE_SIZE, `每页最多 ${DEFAULT_PAGE_SIZE} 条`)
  .default(DEFAULT_PAGE_SIZE)
  .describe(`每页条数，最多 ${DEFAULT_PAGE_SIZE}`);

export const companyPageFields = { pageNumber: pageNumberSchema, pageSize: pageSizeSchema };

const companyGateErrors = (privilege: string) => [
  { code: 403, when: `${privilege} 不允许（会员等级、每日次数、品牌未开放分析功能）；data 为权限弹窗` },
  { code: 404, when: 'companyId 对应的企业不存在' },
];

/** spec §2 查企业 (erterInformation): companies by name, shortest names first. Free: no quota. */
export const companySearchEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company/search',
  summary: `查企业：按名称关键词查找企业（名称中逐字包含），名称较短（更贴近关键词）者在前，附各角色次数；总数最多显示 ${CUSTOMER_LIST_TOTAL_DISPLAY_CAP}+；不计次`,
  access: 'user',
  request: z.object({
    keyword: keywordSchema,
    role: companyRoleSchema.optional().describe('只要以该角色出现过的企业'),
    ...companyPageFields,
  }),
  response: z.object({
    records: z.array(companySummarySchema),
    /** Matches counted up to 2,001 (spec §9: potential-customer lists show 2000+). */
    total: z.number().int(),
    totalText: z.string(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/** spec §2 /enterpriseDetails: the company profile; watchCompanyDetail once per company per day. */
export const companyDetailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company/detail',
  summary:
    '企业详情：身份、各角色次数与金额、历年变化、地区与行业分布、竞争对手；按 watchCompanyDetail 计次（同一企业当天再看不计次）',
  access: 'user',
  request: z.object({ companyId: companyIdSchema }),
  response: companyProfileSchema,
  errorData: gateRefusalSchema,
  errors: companyGateErrors('watchCompanyDetail'),
});

/** One item of a company's history list. */
export const companyHistoryItemSchema = z.object({
  id: z.number().int(),
  type: z.string(),
  typeName: z.string(),
  title: z.string(),
  publishDate: z.string(),
  role: companyRoleSchema,
  roleName: z.string(),
  regionText: z.string(),
  /** Its lot's award (winner, candidate), else the item's budget or award, fen; null when unknown. */
  amountFen: z.number().int().nullable(),
  amountWanYuanText: z.string().nullable(),
});

/** spec §2 /enterHistory: the company's items over time, per month, and the items themselves, newest first. */
export const companyHistoryEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company/history',
  summary:
    '企业历史分析：按月统计各角色次数与中标金额（近 36 个月），并分页列出相关信息（最新在前）；与企业详情同按 watchCompanyDetail 计次',
  access: 'user',
  request: z.object({
    companyId: companyIdSchema,
    role: companyRoleSchema.optional().describe('只列该角色的信息'),
    ...companyPageFields,
  }),
  response: z.object({
    months: z.array(historyPointSchema),
    records: z.array(companyHistoryItemSchema),
    total: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
  }),
  errorData: gateRefusalSchema,
  errors: companyGateErrors('watchCompanyDetail'),
});

/** spec §3 bussinessAnalyzer: partner suppliers of an owner, owners of a supplier. */
export const companyPartnersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company/partners',
  summary:
    '合作伙伴：作为采购人时中标的供应商、作为供应商时的采购人，按合作次数排序（各最多 20 家）；按 bussinessAnalyzer 计次（同一企业当天不重复计次）',
  access: 'user',
  request: z.object({ companyId: companyIdSchema }),
  response: z.object({
    /** Companies that won this company's purchases. */
    suppliers: z.array(relatedCompanySchema),
    /** Purchasers whose items this company won. */
    owners: z.array(relatedCompanySchema),
    /** Agencies that ran this company's purchases. */
    agencies: z.array(relatedCompanySchema),
    permission: gatePassSchema,
  }),
  errorData: gateRefusalSchema,
  errors: companyGateErrors('bussinessAnalyzer'),
});

export const atlasNodeSchema = z.object({
  /** 'c<companyId>'. */
  id: z.string(),
  companyId: z.number().int(),
  name: z.string(),
  /** center: the company asked for; supplier, owner, agency: its partners; rival: a competitor. */
  kind: z.enum(['center', 'supplier', 'owner', 'agency', 'rival']),
  /** Items it appears in (for the node's size). */
  items: z.number().int(),
});

export const atlasEdgeSchema = z.object({
  source: z.string(),
  target: z.string(),
  kind: z.enum(['supplies', 'buys', 'agency', 'rivals']),
  /** Shared items (rivals: shared purchasers): the edge's weight. */
  weight: z.number().int(),
  amountFen: z.number().int(),
});

/** spec §2 /altas: the relationship atlas as a graph the client can draw. */
export const companyAtlasEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company/atlas',
  summary:
    '企业图谱：以该企业为中心，合作的供应商/采购人/代理机构与竞争对手为节点，边带权重（共同信息数、金额）；按 bussinessAnalyzer 计次（与合作伙伴同一次）',
  access: 'user',
  request: z.object({
    companyId: companyIdSchema,
    limit: z.coerce
      .number({ error: '每类节点数须为数字' })
      .int('每类节点数须为整数')
      .min(1, '每类节点数至少 1')
      .max(30, '每类节点数最多 30')
      .default(10)
      .describe('每类关系最多的节点数（默认 10）'),
  }),
  response: z.object({
    nodes: z.array(atlasNodeSchema),
    edges: z.array(atlasEdgeSchema),
    permission: gatePassSchema,
  }),
  errorData: gateRefusalSchema,
  errors: companyGateErrors('bussinessAnalyzer'),
});

export const phoneBookEntrySchema = z.object({
  contactName: z.string().nullable(),
  contactPhone: z.string(),
  address: z.string().nullable(),
  /** How many items give this contact, and the newest of them. */
  items: z.number().int(),
  lastSeenDate: z.string(),
  lastItemId: z.number().int(),
});

/** spec §3 watchCompanyPhoneBook: every contact the items give for the company. */
export const companyPhoneBookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/company/phoneBook',
  summary:
    '企业通讯录：各信息中给出的该企业联系人与电话（按电话合并，最近出现在前，最多 50 条）；按 watchCompanyPhoneBook 计次（同一企业当天不重复计次）',
  access: 'user',
  request: z.object({ companyId: companyIdSchema }),
  response: z.object({ entries: z.array(phoneBookEntrySchema), permission: gatePassSchema }),
  errorData: gateRefusalSchema,
  errors: companyGateErrors('watchCompanyPhoneBook'),
});

/** spec §7 point/click-enterprise-name/add: a company name opened from an item (tracking; no answer). */
export const clickEnterpriseNameEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/point/click-enterprise-name/add',
  summary: '埋点：记录用户从信息中点击的企业名称；不计次，不返回数据',
  access: 'user',
  request: z.object({
    companyName: z
      .string({ error: '请提供企业名称 companyName' })
      .trim()
      .min(1, '请提供企业名称 companyName')
      .max(200, '企业名称最多 200 个字'),
    id: z.coerce
      .number({ error: '信息编号 id 须为数字' })
      .int('信息编号 id 须为正整数')
      .positive('信息编号 id 须为正整数')
      .optional()
      .describe('点击所在的信息编号'),
  }),
  response: z.null(),
});

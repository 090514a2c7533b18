import { z } from 'zod';
import type { EndpointDefinition } from './endpoint';
import {
  marketAnalysisEndpoint,
  marketCompanySchema,
  marketFilterSchema,
  toubiaoForecastListEndpoint,
} from './endpoints/analysis';
import { companyDetailEndpoint, companyPartnersEndpoint, companySearchEndpoint } from './endpoints/companies';
import { selDesignedInfoEndpoint, selZhaobiaoDetailsEndpoint } from './endpoints/details';
import { gatePassSchema } from './endpoints/permissions';
import { expiringContractsEndpoint } from './endpoints/renewal';
import { searchAllListEndpoint, searchListEndpoint } from './endpoints/search';
import { feedListEndpoint, feedRecordSchema } from './endpoints/subscriptions';

/**
 * The open data API (`/openapi/v1/…`) and the MCP server's tools (docs/open-api.md): one table of operations, each
 * with its request and answer as zod schemas. The OpenAPI 3.1 document and the MCP tools' input schemas are
 * generated from it. An operation that names `web` runs that web endpoint's own handler — its gates and quotas —
 * with the caller of the API key, so a detail seen through the API counts as one seen in the browser.
 */

export const OPEN_API_PREFIX = '/openapi/v1';

/** An opaque position in a paged list: the next call passes the previous answer's `nextCursor`. */
export const pageCursorSchema = z
  .string({ error: 'cursor 应为上一页返回的 nextCursor' })
  .regex(/^p[1-9][0-9]{0,3}$/, 'cursor 应为上一页返回的 nextCursor')
  .describe('翻页游标：上一页返回的 nextCursor；不传为第一页');

/** `p<N>` → N: the page a cursor stands for. */
export function cursorPage(cursor: string | undefined): number {
  return cursor === undefined ? 1 : Number(cursor.slice(1));
}

export function pageCursor(pageNumber: number): string {
  return `p${pageNumber}`;
}

/** A paged web request as the API takes it: `cursor` instead of `pageNumber`. */
function paged<T extends z.ZodObject>(request: T) {
  return request.omit({ pageNumber: true } as never).extend({ cursor: pageCursorSchema.optional() });
}

export const marketGroupBySchema = z
  .enum(['month', 'province', 'industry', 'method'], {
    error: 'groupBy 只能是 month、province、industry 或 method',
  })
  .describe('分组：month 逐月、province 省份、industry 行业、method 招标方式');

export const marketGroupSchema = z.object({
  code: z.string(),
  name: z.string(),
  items: z.number().int(),
  budgetFen: z.number().int(),
  awardFen: z.number().int(),
  /** The same group one year earlier (month: the same month of the year before). */
  previousItems: z.number().int(),
  previousBudgetFen: z.number().int(),
  previousAwardFen: z.number().int(),
  /** Year on year, (this − last) / last, rounded to 4 decimals; null when last year had none. */
  itemsYoY: z.number().nullable(),
  budgetYoY: z.number().nullable(),
  awardYoY: z.number().nullable(),
});

const companyRoleSchema = z
  .enum(['purchaser', 'supplier'], { error: 'role 只能是 purchaser 或 supplier' })
  .describe('purchaser 采购人（按招标公告计）、supplier 供应商（按中标结果计）');

const feedCursorSchema = z
  .string({ error: 'cursor 应为上次返回的 nextCursor' })
  .regex(/^[0-9]{1,15}$/, 'cursor 应为上次返回的 nextCursor')
  .describe('上次返回的 nextCursor：只取其后的新匹配；不传则从最早的匹配开始');

export interface OpenApiOperation {
  /** operationId, and the MCP tool's name. */
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** Chinese: the OpenAPI summary and the MCP tool's description. */
  summary: string;
  request: z.ZodObject;
  /** The answer's `data`. */
  response: z.ZodType;
  /** The web endpoint whose handler the operation runs (paged ones with pageNumber from `cursor`). */
  web?: EndpointDefinition;
  /** pages: `cursor` stands for a page number; feed: `cursor` is the last feed line seen; none: no paging. */
  paging: 'pages' | 'feed' | 'none';
}

function operation(definition: OpenApiOperation): OpenApiOperation {
  return definition;
}

const QUOTA_NOTE = '每次调用计 1 次 apiAccess';

export const OPEN_API_OPERATIONS: readonly OpenApiOperation[] = [
  operation({
    name: 'search_notices',
    method: 'POST',
    path: `${OPEN_API_PREFIX}/search`,
    summary: `搜索招标、中标信息：搜索词（searchPattern 精准30/智能20/模糊10，searchType 全文10/标题20/采购内容30）、信息类型 docchnnel、地区、行业、金额、发布日期与二次搜索，与网页搜索相同；最新在前，每页最多 20 条、最多 50 页；不计查看次数；${QUOTA_NOTE}`,
    request: paged(searchListEndpoint.request),
    response: searchListEndpoint.response,
    web: searchListEndpoint,
    paging: 'pages',
  }),
  operation({
    name: 'search_all',
    method: 'POST',
    path: `${OPEN_API_PREFIX}/search-all`,
    summary: `全部信息搜索：按 tab 只看一类（all 全部、zb 招标公告、jg 中标结果、yg 招标预告、yx 采购意向、nj 拟建项目、sp 审批项目），其余条件同 search_notices；${QUOTA_NOTE}`,
    request: paged(searchAllListEndpoint.request),
    response: searchAllListEndpoint.response,
    web: searchAllListEndpoint,
    paging: 'pages',
  }),
  operation({
    name: 'get_notice',
    method: 'GET',
    path: `${OPEN_API_PREFIX}/notice`,
    summary: `公告详情（招标、更正、结果、招标预告、采购意向）：与网页查看同样计次（zb/bg/jg 为 watchZhaobiao，yg 为 preProjectDetail，yx 为 purchaseDetail，同一信息当天再看不计次）；次数用完时 code 403，data 为权限弹窗；${QUOTA_NOTE}`,
    request: selZhaobiaoDetailsEndpoint.request,
    response: selZhaobiaoDetailsEndpoint.response,
    web: selZhaobiaoDetailsEndpoint,
    paging: 'none',
  }),
  operation({
    name: 'get_project',
    method: 'GET',
    path: `${OPEN_API_PREFIX}/project`,
    summary: `拟建、审批项目详情：拟建按 watchDesignedProject、审批按 shenPiProject 计次，与网页相同；${QUOTA_NOTE}`,
    request: selDesignedInfoEndpoint.request,
    response: selDesignedInfoEndpoint.response,
    web: selDesignedInfoEndpoint,
    paging: 'none',
  }),
  operation({
    name: 'search_companies',
    method: 'GET',
    path: `${OPEN_API_PREFIX}/companies`,
    summary: `查企业：按名称关键词（至少 2 个字）查找企业，得到 companyId；不计查看次数；${QUOTA_NOTE}`,
    request: paged(companySearchEndpoint.request),
    response: companySearchEndpoint.response,
    web: companySearchEndpoint,
    paging: 'pages',
  }),
  operation({
    name: 'get_company',
    method: 'GET',
    path: `${OPEN_API_PREFIX}/company`,
    summary: `企业画像：基本信息、各角色次数与近期项目；按 watchCompanyDetail 计次（同一企业当天不重复计次），与网页相同；${QUOTA_NOTE}`,
    request: companyDetailEndpoint.request,
    response: companyDetailEndpoint.response,
    web: companyDetailEndpoint,
    paging: 'none',
  }),
  operation({
    name: 'company_partners',
    method: 'GET',
    path: `${OPEN_API_PREFIX}/company/partners`,
    summary: `合作伙伴：作为采购人时中标的供应商、作为供应商时的采购人及代理机构，按合作次数排序；按 bussinessAnalyzer 计次；${QUOTA_NOTE}`,
    request: companyPartnersEndpoint.request,
    response: companyPartnersEndpoint.response,
    web: companyPartnersEndpoint,
    paging: 'none',
  }),
  operation({
    name: 'potential_bidders',
    method: 'GET',
    path: `${OPEN_API_PREFIX}/notice/bidders`,
    summary: `潜在投标人：按该招标之前的相似结果公告给中标企业排序，附依据；按 toubiaoPredict 对该信息计次；${QUOTA_NOTE}`,
    request: paged(toubiaoForecastListEndpoint.request),
    response: toubiaoForecastListEndpoint.response,
    web: toubiaoForecastListEndpoint,
    paging: 'pages',
  }),
  operation({
    name: 'market_aggregation',
    method: 'POST',
    path: `${OPEN_API_PREFIX}/market`,
    summary: `市场统计：按关键词、地区、行业、信息类型与月份区间，按 groupBy（month 逐月、province 省份、industry 行业、method 招标方式）汇总信息数与金额，并与上一年同期比较（同比）；需 bussinessAnalyzer（只检查，不计次）；${QUOTA_NOTE}`,
    request: marketFilterSchema.extend({ groupBy: marketGroupBySchema }),
    response: z.object({
      groupBy: marketGroupBySchema,
      startMonth: z.string(),
      endMonth: z.string(),
      previousStartMonth: z.string(),
      previousEndMonth: z.string(),
      groups: z.array(marketGroupSchema),
      basis: z.enum(['rollup', 'search']),
      sampled: z.boolean(),
    }),
    web: marketAnalysisEndpoint,
    paging: 'none',
  }),
  operation({
    name: 'top_companies',
    method: 'POST',
    path: `${OPEN_API_PREFIX}/market/top`,
    summary: `采购人或供应商排行：在与 market_aggregation 相同的条件下，role=purchaser 为招标公告最多的采购人，role=supplier 为中标结果最多的供应商（各前 10，附金额）；需 bussinessAnalyzer（只检查，不计次）；${QUOTA_NOTE}`,
    request: marketFilterSchema.extend({ role: companyRoleSchema }),
    response: z.object({
      role: companyRoleSchema,
      startMonth: z.string(),
      endMonth: z.string(),
      records: z.array(marketCompanySchema),
    }),
    web: marketAnalysisEndpoint,
    paging: 'none',
  }),
  operation({
    name: 'subscription_feed',
    method: 'GET',
    path: `${OPEN_API_PREFIX}/feed`,
    summary: `我的订阅：订阅与监控新匹配到的信息，按匹配先后，只取 cursor 之后的（把返回的 nextCursor 存下，下次传入即只得新信息）；只读本账号的订阅；${QUOTA_NOTE}`,
    request: z.object({
      feed: feedListEndpoint.request.shape.feed,
      cursor: feedCursorSchema.optional(),
      limit: z.coerce
        .number({ error: 'limit 须为整数' })
        .int('limit 须为整数')
        .min(1, 'limit 至少 1')
        .max(100, 'limit 最多 100')
        .default(50)
        .describe('最多返回条数，1–100，默认 50'),
    }),
    response: z.object({ records: z.array(feedRecordSchema) }),
    paging: 'feed',
  }),
  operation({
    name: 'expiring_contracts',
    method: 'POST',
    path: `${OPEN_API_PREFIX}/expiring`,
    summary: `即将到期的合同：服务期将在今天起 withinDays 天内（默认 90）结束的中标/成交结果，可按地区、行业筛选，最早到期在前；每条附中标公告（id）、服务期原文与预计到期日（公告写明截止日为 stated，否则为公告日加服务期 computed）；不计查看次数；${QUOTA_NOTE}`,
    request: paged(expiringContractsEndpoint.request),
    response: expiringContractsEndpoint.response,
    web: expiringContractsEndpoint,
    paging: 'pages',
  }),
];

/** The wrapper of every answer: `{code, message, data}` as the web API's, with the paging cursor and the quota. */
export function openApiAnswerSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int().describe('200 成功；其余见 message'),
    message: z.string(),
    data,
    /** Pass it as `cursor` for the next page (feed: for the next poll); null when there is no further page. */
    nextCursor: z.string().nullable(),
    /** The key owner's API calls today (apiAccess), this call included. */
    quota: gatePassSchema.nullable(),
  });
}

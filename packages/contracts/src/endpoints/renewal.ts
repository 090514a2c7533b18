import { DEFAULT_MAX_PAGES, DEFAULT_PAGE_SIZE } from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { areaSchema, industrySchema } from './search';

/**
 * 即将到期 (renewal opportunities, ADR 0042): service contracts whose predicted end — read from the award notice's
 * 服务期 / 合同履行期限 — falls between today (China) and today + `withinDays`, both days counted. Like search,
 * no region restriction and no view quota: each record is an award the list already shows, with the period
 * phrase as its evidence.
 */

export const DEFAULT_EXPIRING_WITHIN_DAYS = 90;
export const MAX_EXPIRING_WITHIN_DAYS = 366;

const withinDaysSchema = z.coerce
  .number({ error: 'withinDays 应为天数' })
  .int('withinDays 应为整数天')
  .min(1, 'withinDays 至少 1 天')
  .max(MAX_EXPIRING_WITHIN_DAYS, `withinDays 最多 ${MAX_EXPIRING_WITHIN_DAYS} 天`)
  .default(DEFAULT_EXPIRING_WITHIN_DAYS)
  .describe(`今天起多少天内到期（含今天与第 N 天），默认 ${DEFAULT_EXPIRING_WITHIN_DAYS}`);

const pageFields = {
  pageNumber: z.coerce
    .number({ error: '页码须为数字' })
    .int('页码须为整数')
    .min(1, '页码从 1 开始')
    .max(DEFAULT_MAX_PAGES, `最多可查看 ${DEFAULT_MAX_PAGES} 页`)
    .default(1)
    .describe('页码，从 1 开始'),
  pageSize: z.coerce
    .number({ error: '每页条数须为数字' })
    .int('每页条数须为整数')
    .min(1, '每页至少 1 条')
    .max(DEFAULT_PAGE_SIZE, `每页最多 ${DEFAULT_PAGE_SIZE} 条`)
    .default(DEFAULT_PAGE_SIZE)
    .describe(`每页条数，最多 ${DEFAULT_PAGE_SIZE}`),
};

/** One contract coming up for renewal, with the evidence its end was predicted from. */
export const expiringContractSchema = z.object({
  /** The award notice (the id the detail endpoints take). */
  id: z.number().int(),
  title: z.string(),
  projectName: z.string().nullable(),
  regionText: z.string(),
  provinceCode: z.string().nullable(),
  industryCode: z.string().nullable(),
  industryName: z.string().nullable(),
  purchaser: z.string().nullable(),
  /** The suppliers awarded (the incumbents). */
  winners: z.array(z.string()),
  /** 中标/成交金额 in 万元, null when not stated. */
  awardText: z.string().nullable(),
  /** The award notice's publishing day, 'YYYY-MM-DD'. */
  publishDate: z.string(),
  /** The period as the notice words it: 服务期：三年. */
  periodText: z.string(),
  periodMonths: z.number(),
  /** 'YYYY-MM-DD' */
  predictedEndDate: z.string(),
  /** stated: the notice names the last day; computed: award day (or stated first day) + period − 1 day. */
  endBasis: z.enum(['stated', 'computed']),
  /** Days from today to the predicted end (0: ends today). */
  daysLeft: z.number().int(),
});

export type ExpiringContract = z.infer<typeof expiringContractSchema>;

export const expiringContractPageSchema = z.object({
  records: z.array(expiringContractSchema),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  lastPage: z.number().int(),
  /** The window: today and its last day, 'YYYY-MM-DD' (China). */
  fromDate: z.string(),
  toDate: z.string(),
});

export type ExpiringContractPage = z.infer<typeof expiringContractPageSchema>;

const expiringFilterFields = {
  withinDays: withinDaysSchema,
  area: areaSchema.optional(),
  industry: industrySchema.optional(),
};

/** 即将到期的合同: soonest end first. */
export const expiringContractsEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/renewal/expiring',
  summary:
    '即将到期的合同：服务期将在今天起 withinDays 天内结束的中标/成交结果（按地区、行业筛选），附服务期原文与预计到期日，最早到期在前',
  access: 'user',
  request: z.object({ ...expiringFilterFields, ...pageFields }),
  response: expiringContractPageSchema,
});

export const renewalSubscriptionSchema = z.object({
  withinDays: z.number().int(),
  /** Region codes as saved (6-digit GB/T 2260); empty: 全国. */
  area: z.array(z.string()),
  /** GB/T 4754 divisions; empty: every industry. */
  industry: z.array(z.string()),
  updatedAt: z.string(),
});

export type RenewalSubscription = z.infer<typeof renewalSubscriptionSchema>;

/** The member's 即将到期 subscription, or null. */
export const renewalSubscriptionGetEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/renewal/subscription',
  summary: '我的到期订阅：订阅的地区、行业与天数；未订阅时为 null',
  access: 'user',
  request: z.object({}),
  response: renewalSubscriptionSchema.nullable(),
});

/** Subscribes (or changes the subscription): contracts in these regions and industries ending within N days. */
export const renewalSubscriptionSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/renewal/subscription/save',
  summary: '订阅即将到期的合同：我的地区与行业中 withinDays 天内到期的合同（每人一份，再次保存即修改）',
  access: 'user',
  request: z.object(expiringFilterFields),
  response: renewalSubscriptionSchema,
});

export const renewalSubscriptionDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/renewal/subscription/delete',
  summary: '取消到期订阅',
  access: 'user',
  request: z.object({}),
  response: z.object({ deleted: z.boolean() }),
});

/** The contracts the member's subscription matches today. */
export const renewalSubscriptionMatchesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/renewal/subscription/matches',
  summary: '到期订阅的匹配：按我的到期订阅（地区、行业、天数）今天匹配的合同；未订阅时 code 404',
  access: 'user',
  request: z.object(pageFields),
  response: expiringContractPageSchema,
  errors: [{ code: 404, when: '尚未订阅即将到期的合同' }],
});

import { isAmountRangeText } from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { detailItemIdSchema, itemTypeSchema } from './details';
import { itemSummarySchema } from './history';

/**
 * Subscriptions (spec §2 /subscribe/bidding and /subscribe/upfront, §3 Search filter state and privileges
 * subscribeZhaobiao/Zhongbiao/preProjectSubscribe (+Keyword), subscribeDesignedProject; §7 Monitoring and
 * keywords). A user's keyword groups; every new item is matched against all groups at once (the server's
 * src/matching) and the matches land in the user's feeds, with unread state, pushed live over the websocket
 * (`GET /webchat/websocket?token=`) and to a group robot, and summed up in a daily e-mail.
 */

/** tender 招标 (zb, bg), award 中标 (jg), early 商机 (yg, yx), project 拟建项目 (nj, sp). */
export const SUBSCRIPTION_KINDS = ['tender', 'award', 'early', 'project'] as const;
export const subscriptionKindSchema = z.enum(SUBSCRIPTION_KINDS, {
  error: '订阅类型只能是 tender（招标）、award（中标）、early（商机）或 project（拟建项目）',
});
export type SubscriptionKind = z.infer<typeof subscriptionKindSchema>;

/** The types filter: announcement types and 招标公告 procurement methods (docchnnel children). */
export const SUBSCRIPTION_TYPES = [
  'zb',
  'bg',
  'jg',
  'yg',
  'yx',
  'nj',
  'sp',
  'gk',
  'yq',
  'tp',
  'cs',
  'dy',
  'xj',
] as const;

export const FEEDS = ['bidding', 'upfront'] as const;
export const feedSchema = z.enum(FEEDS, {
  error: 'feed 只能是 bidding（招投标订阅）或 upfront（拟建项目订阅）',
});

const keywordSchema = z
  .string({ error: '关键词须为文字' })
  .trim()
  .min(2, '关键词至少 2 个字')
  .max(20, '关键词最多 20 个字');

const stringList = <T extends z.ZodType>(item: T, message: string, max: number) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(/[,，\s]+/)
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item, { error: message }).max(max, `最多 ${max} 项`),
  );

export const subscriptionGroupSchema = z
  .object({
    id: z.number().int(),
    kind: subscriptionKindSchema,
    name: z.string(),
    includeWords: z.array(z.string()),
    excludeWords: z.array(z.string()),
    /** spec §3 search type: 10 full text, 20 title, 30 purchase content. */
    scope: z.union([z.literal(10), z.literal(20), z.literal(30)]),
    areaCodes: z.array(z.string()),
    types: z.array(z.string()),
    /** 'min,max' in 万元 ('' for none). */
    amount: z.string(),
    /** Unread items this group matched. */
    unread: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'SubscriptionGroup' });

export const subscriptionLimitSchema = z.object({
  kind: subscriptionKindSchema,
  /** Groups allowed (-1 unlimited, 0 none) and used. */
  maxGroups: z.number().int(),
  usedGroups: z.number().int(),
  /** Include words allowed per group (-1 unlimited). */
  maxWords: z.number().int(),
});

/** The caller's keyword groups and the limits of each kind. */
export const subscriptionGroupListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/subscribe/group/list',
  summary: '我的订阅分组：各类型的关键词分组（含未读条数），以及每类可建分组数、每组可用词数（来自会员权益）',
  access: 'user',
  request: z.object({ kind: subscriptionKindSchema.optional().describe('只看这一类') }),
  response: z.object({ groups: z.array(subscriptionGroupSchema), limits: z.array(subscriptionLimitSchema) }),
});

/** Creates (no id) or replaces (id) a group; takes effect for the next item imported. */
export const subscriptionGroupSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/subscribe/group/save',
  summary:
    '新建（不带 id）或修改（带 id）订阅分组：关键词任一命中即匹配，排除词在同一范围内出现则不匹配；地区、类型、金额筛选；分组数与词数受会员权益限制；修改对下一条入库信息生效',
  access: 'user',
  request: z.object({
    id: detailItemIdSchema.optional().describe('分组编号；修改时给出'),
    kind: subscriptionKindSchema.describe('订阅类型'),
    name: z.string({ error: '分组名称须为文字' }).trim().max(30, '分组名称最多 30 个字').optional(),
    includeWords: stringList(keywordSchema, '关键词须为数组或用逗号分隔的文字', 50)
      .refine((words) => words.length > 0, '请至少填写 1 个关键词')
      .describe('订阅关键词（任一命中即匹配），每个 2—20 个字'),
    excludeWords: stringList(keywordSchema, '排除词须为数组或用逗号分隔的文字', 50)
      .default([])
      .describe('排除词：同一匹配范围内出现任一即不推送'),
    scope: z.coerce
      .number({ error: '匹配范围只能是 10（全文）、20（标题）或 30（采购内容）' })
      .refine(
        (value) => value === 10 || value === 20 || value === 30,
        '匹配范围只能是 10（全文）、20（标题）或 30（采购内容）',
      )
      .default(20)
      .describe('匹配范围：10 全文，20 标题（默认），30 采购内容'),
    areas: stringList(z.string(), '地区须为数组或用逗号分隔的文字', 100)
      .default([])
      .describe("地区：行政区划代码或 '广东省_深圳市' 形式的名称；不填为全国"),
    types: stringList(
      z.enum(SUBSCRIPTION_TYPES, { error: `类型只能是 ${SUBSCRIPTION_TYPES.join('、')} 之一` }),
      '类型须为数组或用逗号分隔的文字',
      SUBSCRIPTION_TYPES.length,
    )
      .default([])
      .describe('信息类型或采购方式（须属于该订阅类型）；不填为该类全部'),
    amount: z
      .string({ error: "金额区间应为 'min,max' 格式的文字" })
      .trim()
      .refine(
        (value) => value === '' || isAmountRangeText(value),
        "金额区间应为 'min,max'（单位万元，可只填一端），且 min 不大于 max",
      )
      .default('')
      .describe("金额区间（万元）：'min,max'，可只填一端"),
  }),
  response: subscriptionGroupSchema,
  errors: [
    { code: 403, when: '该类订阅分组数或每组词数已达会员权益上限（message 说明上限）' },
    { code: 404, when: 'id 不是本人的分组' },
  ],
});

export const subscriptionGroupDeleteEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/subscribe/group/delete',
  summary: '删除订阅分组（其已推送的信息仍留在订阅列表中）',
  access: 'user',
  request: z.object({ id: detailItemIdSchema.describe('分组编号') }),
  response: z.object({ removed: z.boolean() }),
});

export const feedRecordSchema = itemSummarySchema
  .extend({
    /** The feed line's id (for mark-read). */
    feedId: z.number().int(),
    groupIds: z.array(z.number().int()),
    /** owner, rival, agent, project: monitors that matched the item. */
    monitorKinds: z.array(z.string()),
    /** The subscribed words found (normalised). */
    words: z.array(z.string()),
    isRead: z.boolean(),
    /** China time 'YYYY-MM-DD HH:mm:ss'. */
    matchedAt: z.string(),
  })
  .meta({ id: 'FeedRecord' });

const pageFields = {
  pageNumber: z.coerce
    .number({ error: '页码须为整数' })
    .int('页码须为整数')
    .min(1, '页码从 1 开始')
    .default(1),
  pageSize: z.coerce
    .number({ error: '每页条数须为整数' })
    .int('每页条数须为整数')
    .min(1, '每页至少 1 条')
    .max(50, '每页最多 50 条')
    .default(20),
};

const feedMonitorSchema = z.enum(['owner', 'rival', 'agent', 'project', 'any'], {
  error: 'monitor 只能是 owner、rival、agent、project 或 any',
});

const feedDateSchema = z
  .string({ error: '日期应为 YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日期应为 YYYY-MM-DD');

/** spec §2 /subscribe/bidding and /subscribe/upfront: the matched items, newest first. */
export const feedListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/subscribe/feed/list',
  summary:
    '订阅列表：bidding（招标、中标、商机及公司、项目监控）或 upfront（拟建项目），最新匹配在前；可按分组、信息类型、未读、监控类型、发布日期筛选，并在标题中二次搜索',
  access: 'user',
  request: z.object({
    feed: feedSchema.default('bidding'),
    groupId: detailItemIdSchema.optional().describe('只看这一分组的匹配'),
    type: itemTypeSchema.optional().describe('只看这一信息类型'),
    unread: z
      .union([z.boolean(), z.enum(['true', 'false', '1', '0'])], { error: 'unread 须为布尔值' })
      .transform((value) => value === true || value === 'true' || value === '1')
      .optional()
      .describe('只看未读'),
    monitor: feedMonitorSchema.optional().describe('只看某类监控命中的信息（any：任一监控）'),
    startDate: feedDateSchema.optional().describe('发布日期起（含），YYYY-MM-DD'),
    endDate: feedDateSchema.optional().describe('发布日期止（含），YYYY-MM-DD'),
    secondSearch: z
      .string({ error: '二次搜索词须为文字' })
      .trim()
      .max(50, '二次搜索词最多 50 个字')
      .optional()
      .describe('在结果中搜索（二次搜索）：标题须包含这段文字'),
    ...pageFields,
  }),
  response: z.object({ records: z.array(feedRecordSchema), total: z.number().int() }),
});

const feedCountSchema = z.object({ total: z.number().int(), unread: z.number().int() });

/** The badges: new (unread) items per feed and per group. */
export const feedCountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/subscribe/feed/count',
  summary: '订阅新信息条数：两个订阅列表各自的总数与未读数，及每个分组的未读数',
  access: 'user',
  request: z.object({}),
  response: z.object({
    bidding: feedCountSchema,
    upfront: feedCountSchema,
    groups: z.array(z.object({ groupId: z.number().int(), unread: z.number().int() })),
  }),
});

export const feedReadEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/subscribe/feed/read',
  summary: '标为已读：给出 feedIds 标这些条；否则按 feed（及 groupId、监控类型）标全部；返回标记的条数',
  access: 'user',
  request: z.object({
    feedIds: z
      .array(detailItemIdSchema, { error: 'feedIds 须为订阅条目编号的数组' })
      .max(200, '一次最多 200 条')
      .optional(),
    feed: feedSchema.optional(),
    groupId: detailItemIdSchema.optional(),
    monitor: feedMonitorSchema.optional().describe('只标某类监控命中的信息（any：任一监控）'),
  }),
  response: z.object({ updated: z.number().int() }),
});

export const WEBHOOK_KINDS = ['wecom', 'dingtalk', 'feishu'] as const;

/**
 * The hosts of the group robots' webhook addresses: the server posts to nothing else (docs/operations.md,
 * Security), so a robot setting cannot make it call this machine or the internal network.
 */
export const ROBOT_WEBHOOK_HOSTS = {
  wecom: ['qyapi.weixin.qq.com'],
  dingtalk: ['oapi.dingtalk.com'],
  feishu: ['open.feishu.cn', 'open.larksuite.com'],
} as const satisfies Record<(typeof WEBHOOK_KINDS)[number], readonly string[]>;

/**
 * `https://` and a robot host itself, then the path, query or fragment (printable ASCII) or nothing: no user name
 * or password, no port, no other host that merely starts with a robot's name. Written out rather than read with
 * `URL`, which this package's targets do not all have; the server reads the host of what passes with `URL`.
 */
const robotUrlPattern = new RegExp(
  `^https://(?:${Object.values(ROBOT_WEBHOOK_HOSTS)
    .flat()
    .map((host) => host.replaceAll('.', '\\.'))
    .join('|')})(?:[/?#][!-~]*)?$`,
);

/** An https address on a robot host itself (exact name), without user name or password, on the default port. */
export function isRobotWebhookUrl(value: string): boolean {
  return robotUrlPattern.test(value);
}

export const pushSettingSchema = z
  .object({
    /** The daily digest's address ('' for none). */
    digestEmail: z.string(),
    /** wecom 企业微信, dingtalk 钉钉, feishu 飞书 group robot; null for none. */
    webhookKind: z.enum(WEBHOOK_KINDS).nullable(),
    webhookUrl: z.string(),
    /** Whether a signing secret is set (the secret itself is never answered). */
    webhookSigned: z.boolean(),
  })
  .meta({ id: 'PushSetting' });

export const pushSettingGetEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/subscribe/push-setting/get',
  summary: '推送设置：每日摘要邮箱、群机器人（企业微信、钉钉、飞书）',
  access: 'user',
  request: z.object({}),
  response: pushSettingSchema,
});

export const pushSettingSaveEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/subscribe/push-setting/save',
  summary:
    '保存推送设置：digestEmail 为空则不发每日摘要；webhookKind 为空则不推送群机器人；钉钉加签、飞书签名校验填 webhookSecret',
  access: 'user',
  request: z.object({
    digestEmail: z
      .string({ error: '邮箱须为文字' })
      .trim()
      .refine((value) => value === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), '邮箱格式不正确')
      .default(''),
    webhookKind: z
      .enum(WEBHOOK_KINDS, { error: 'webhookKind 只能是 wecom、dingtalk 或 feishu' })
      .nullable()
      .default(null),
    webhookUrl: z
      .string({ error: '机器人地址须为文字' })
      .trim()
      .refine(
        (value) => value === '' || isRobotWebhookUrl(value),
        '机器人地址须为企业微信、钉钉或飞书群机器人的 https 地址（qyapi.weixin.qq.com、oapi.dingtalk.com、open.feishu.cn 或 open.larksuite.com）',
      )
      .default(''),
    webhookSecret: z.string({ error: '签名密钥须为文字' }).trim().max(200, '签名密钥过长').default(''),
  }),
  response: pushSettingSchema,
  errors: [
    { code: 400, when: '选了机器人类型却没有地址' },
    { code: 400, when: '机器人地址不是企业微信、钉钉、飞书群机器人自己的 https 地址' },
  ],
});

/** spec §7 `monitor-keyword/verify`: whether a word can be subscribed, and how often it occurred lately. */
export const monitorKeywordVerifyEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/monitor-keyword/verify',
  summary:
    '校验订阅关键词：2—20 个字、含可检索的文字；answer valid 与原因，以及近 30 天标题含该词的信息条数（至多 1000）',
  access: 'user',
  request: z.object({ keyword: z.string({ error: '请填写关键词 keyword' }).max(100, '关键词过长') }),
  response: z.object({
    keyword: z.string(),
    valid: z.boolean(),
    message: z.string(),
    recentCount: z.number().int(),
  }),
});

/** spec §7 `montiorThinkWordList`: words of recent titles that extend what is typed. */
export const monitorThinkWordListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/montiorThinkWordList',
  summary: '订阅关键词联想：近期标题中包含或延伸所输入文字的词，最常见的在前（来自信息库）',
  access: 'user',
  request: z.object({
    keyword: z
      .string({ error: '请填写关键词 keyword' })
      .trim()
      .min(1, '请填写关键词 keyword')
      .max(20, '关键词最多 20 个字'),
  }),
  response: z.array(z.string()),
});

/** spec §7 `monitor-keyword/list-recommend-keyword`. */
export const monitorRecommendKeywordEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/monitor-keyword/list-recommend-keyword',
  summary: '推荐订阅关键词：最近发布信息标题中最常见的行业词（来自信息库，不含公告套话），附出现条数',
  access: 'user',
  request: z.object({
    size: z.coerce
      .number({ error: 'size 须为整数' })
      .int('size 须为整数')
      .min(1, 'size 至少为 1')
      .max(50, 'size 最多 50')
      .default(20),
  }),
  response: z.array(z.object({ word: z.string(), count: z.number().int() })),
});

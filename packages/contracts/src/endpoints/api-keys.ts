import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { gatePassSchema } from './permissions';

/**
 * API keys of the open data API and the MCP server (docs/open-api.md): a member creates them in 个人中心, each
 * belongs to the member and the brand, and only its SHA-256 is kept: the secret is shown once, at creation.
 */

/** Live keys a member may hold at once. */
export const API_KEYS_PER_MEMBER = 10;

const keyNameSchema = z
  .string({ error: '请填写密钥名称 name' })
  .trim()
  .min(1, '请填写密钥名称 name')
  .max(30, '密钥名称 name 最多 30 个字')
  .describe('密钥名称，如“CRM 同步”，1–30 个字');

export const apiKeyIdSchema = z.coerce
  .number({ error: '请提供密钥编号 id' })
  .int('密钥编号 id 须为正整数')
  .positive('密钥编号 id 须为正整数')
  .max(Number.MAX_SAFE_INTEGER, '密钥编号 id 过大')
  .describe('密钥编号（api-keys/list 的 id）');

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The secret's first characters ('tk_AbCd…'), so a member can tell keys apart; never the whole secret. */
  prefix: z.string(),
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  createdAt: z.string(),
  /** China time; null until the key's first call. */
  lastUsedAt: z.string().nullable(),
  /** The https endpoint new subscription matches are POSTed to; null for none. */
  webhookUrl: z.string().nullable(),
});

export type ApiKey = z.infer<typeof apiKeySchema>;

/** Create a key: the answer's `secret` is shown once and never again. */
export const apiKeyCreateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/api-keys/create',
  summary: `创建 API 密钥：data.secret 为完整密钥，仅此一次返回（服务器只保存其哈希）；每个账号最多 ${API_KEYS_PER_MEMBER} 个有效密钥`,
  access: 'user',
  request: z.object({ name: keyNameSchema }),
  response: apiKeySchema.extend({
    /** The whole key, for `Authorization: Bearer <secret>`: shown once. */
    secret: z.string(),
  }),
  errors: [{ code: 400, when: `已有 ${API_KEYS_PER_MEMBER} 个有效密钥，或名称为空、过长` }],
});

/** The member's live keys, newest first, and today's API calls. */
export const apiKeyListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/api-keys/list',
  summary:
    'API 密钥列表：本账号在本品牌的有效密钥（名称、前缀、创建时间、最近使用），最新在前；quota 为今日 apiAccess 调用次数（只查看，不计次）',
  access: 'user',
  request: z.object({}),
  response: z.object({ records: z.array(apiKeySchema), quota: gatePassSchema.nullable() }),
});

/** Revoke a key: its calls are refused from then on. */
export const apiKeyRevokeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/api-keys/revoke',
  summary: '吊销 API 密钥：之后用它的调用一律拒绝（401）；只能吊销自己的密钥',
  access: 'user',
  request: z.object({ id: apiKeyIdSchema }),
  response: z.object({ id: z.number().int() }),
  errors: [{ code: 404, when: 'id 不是本账号的有效密钥' }],
});

/** https, a host name or IPv4 address without user or port, then the path and query. */
const MEMBER_WEBHOOK_URL = /^https:\/\/[A-Za-z0-9.-]+(?:[/?#][^\s]*)?$/;

/** An https address on the internet, port 443 (checked again, with its DNS answers, at every delivery). */
export const memberWebhookUrlSchema = z
  .string({ error: 'url 须为 https 地址' })
  .trim()
  .max(500, 'url 最长 500 个字符')
  .refine(
    (value) => value === '' || MEMBER_WEBHOOK_URL.test(value),
    'url 须为 https 地址（443 端口，不含用户名和密码），留空为不推送',
  )
  .describe('接收推送的 https 地址；留空为停用');

/** Sets (or clears) a key's webhook: the answer's `webhookSecret` signs the POSTs and is shown once. */
export const apiKeyWebhookEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/api-keys/webhook',
  summary:
    '设置密钥的 Webhook：订阅每有新匹配，即向该 https 地址 POST 一条签名消息（失败按 30 秒、1、2、4、8 分钟重试，共 6 次）；每次设置生成新的签名密钥 webhookSecret，仅此一次返回；url 留空为停用',
  access: 'user',
  request: z.object({ id: apiKeyIdSchema, url: memberWebhookUrlSchema.default('') }),
  response: z.object({
    id: z.number().int(),
    webhookUrl: z.string().nullable(),
    /** HMAC-SHA256 key of the `X-Tender-Signature` header; null when the webhook was cleared. */
    webhookSecret: z.string().nullable(),
  }),
  errors: [
    { code: 400, when: 'url 不是 https 地址，或指向本机、内网等非公网地址' },
    { code: 404, when: 'id 不是本账号的有效密钥' },
  ],
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The feed line sent; null for a 即将到期 subscription's match (event renewal.match). */
  feedId: z.number().int().nullable(),
  itemId: z.number().int(),
  title: z.string(),
  /** pending: waiting for its (next) attempt; delivered: answered 2xx; failed: every attempt failed. */
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** China time. */
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});

/** The key's webhook deliveries, newest first (the last 50). */
export const apiKeyDeliveriesEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/api-keys/deliveries',
  summary: 'Webhook 推送记录：该密钥最近 50 次推送（状态、尝试次数、最后错误、时间），最新在前',
  access: 'user',
  request: z.object({ id: apiKeyIdSchema }),
  response: z.object({ records: z.array(webhookDeliverySchema) }),
  errors: [{ code: 404, when: 'id 不是本账号的密钥' }],
});

export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

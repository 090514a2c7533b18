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

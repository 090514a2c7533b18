import { z } from 'zod';
import { defineEndpoint } from '../endpoint';

/**
 * Enterprise accounts (企业版, member code qiye; spec §2 Account management, §6; docs/business-rules.md
 * Enterprise): one main (primary) account and up to `maxSubAccounts` sub-accounts of the same brand. A user
 * belongs to at most one enterprise. Only the main account manages the enterprise; every other caller gets 403.
 */

/** How long an invite QR code stays valid: 24 hours. */
export const ENTERPRISE_INVITE_TTL_SECONDS = 24 * 60 * 60;

const userIdSchema = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

/** The enterprise as its main account manages it. */
export const enterpriseSummarySchema = z.object({
  enterpriseId: z.number().int(),
  enterpriseName: z.string(),
  primaryUserId: z.number().int(),
  /** Whether invited users may join (`enterprise/account/allowJoin`). */
  allowJoin: z.boolean(),
  /** Seats for sub-accounts (5 by default, set per enterprise). */
  maxSubAccounts: z.number().int(),
  subAccountCount: z.number().int(),
});

export type EnterpriseSummary = z.infer<typeof enterpriseSummarySchema>;

/** A sub-account as the main account sees it. */
export const subAccountSchema = z.object({
  userId: z.number().int(),
  userName: z.string(),
  realUserName: z.string(),
  /** Masked as 138****1234 (the main account tells its people apart by name and remark). */
  mobile: z.string(),
  /** The main account's note about this sub-account ('' when none). */
  remark: z.string(),
  /** When the account joined, ISO 8601. */
  joinTime: z.string(),
  /** The last use of any of its sessions (recorded to within 5 minutes), ISO 8601; null without any session. */
  lastActiveTime: z.string().nullable(),
});

export type SubAccount = z.infer<typeof subAccountSchema>;

/** The caller's place in an enterprise (spec §7 `getSubAccount`). */
export const enterpriseRelationSchema = z.object({
  /** 'none': an individual account; 'primary': an enterprise's main account; 'subAccount': one of its sub-accounts. */
  relation: z.enum(['none', 'primary', 'subAccount']),
  /** Null for 'none'. */
  enterprise: z
    .object({
      enterpriseId: z.number().int(),
      enterpriseName: z.string(),
      primaryUserId: z.number().int(),
      /** The main account's real name, or its masked phone when it has none. */
      primaryUserName: z.string(),
      /** When the caller joined (for the main account: when the enterprise was created), ISO 8601. */
      joinTime: z.string(),
    })
    .nullable(),
});

export type EnterpriseRelation = z.infer<typeof enterpriseRelationSchema>;

/** The refusal every management endpoint shares, with what else it refuses (nothing changes on a refusal). */
const refusedUnlessPrimary = (more?: string) => ({
  code: 403,
  when: `调用者不是企业主账号（子账号、个人账号）${more ? `；${more}` : ''}；被拒绝时不做任何修改`,
});

/** The main account's sub-accounts, paged (spec §7 `enterprise/account/list`). */
export const enterpriseAccountListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/enterprise/account/list',
  summary: '企业子账号列表（仅主账号）：分页返回子账号及企业概况',
  access: 'user',
  request: z.object({
    pageNumber: z.coerce
      .number()
      .int('页码须为整数')
      .min(1, '页码从 1 开始')
      .default(1)
      .describe('页码，从 1 开始'),
    pageSize: z.coerce
      .number()
      .int('每页条数须为整数')
      .min(1, '每页至少 1 条')
      .max(100, '每页最多 100 条')
      .default(10)
      .describe('每页条数'),
  }),
  response: z.object({
    enterprise: enterpriseSummarySchema,
    records: z.array(subAccountSchema),
    total: z.number().int(),
  }),
  errors: [refusedUnlessPrimary()],
});

/**
 * The main account removes one of its sub-accounts (spec §7 `enterprise/account/remove`, query userId). The
 * removed account stays signed in and from its next call on is an individual account.
 */
export const enterpriseAccountRemoveEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/enterprise/account/remove',
  summary: '移除子账号（仅主账号）：被移除的账号保持登录，此后作为个人账号使用',
  access: 'user',
  request: z.object({
    userId: userIdSchema('请提供要移除的子账号 userId').describe('要移除的子账号的用户编号'),
  }),
  response: enterpriseSummarySchema,
  errors: [refusedUnlessPrimary('userId 不是本企业的子账号，或是主账号自己')],
});

/** Opens or closes joining by invite (spec §7 `enterprise/account/allowJoin`, query allowJoin). */
export const enterpriseAllowJoinEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/enterprise/account/allowJoin',
  summary: '是否允许通过邀请二维码加入企业（仅主账号）：allowJoin 为 true/false 或 1/0',
  access: 'user',
  request: z.object({
    allowJoin: z
      .union([z.boolean(), z.stringbool()], { error: '请提供 allowJoin：true/false 或 1/0' })
      .describe('true/1 允许加入，false/0 关闭加入'),
  }),
  response: enterpriseSummarySchema,
  errors: [refusedUnlessPrimary()],
});

/**
 * A signed invite of the caller's enterprise, valid {@link ENTERPRISE_INVITE_TTL_SECONDS} (spec §7
 * `enterprise/account/invite-qrcode`, query primaryUserId). `inviteUrl` is drawn as the QR code: it opens the
 * brand's web app on the join screen, which calls `enterprise/account/join` with `invite`.
 */
export const enterpriseInviteQrcodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/enterprise/account/invite-qrcode',
  summary: '生成邀请二维码（仅主账号，primaryUserId 须为调用者本人）：inviteUrl 为二维码内容，24 小时内有效',
  access: 'user',
  request: z.object({
    primaryUserId: userIdSchema('请提供主账号的 primaryUserId').describe('主账号（调用者本人）的用户编号'),
  }),
  response: z.object({
    /** Absolute URL of the brand app's join screen carrying the invite; draw it as the QR code. */
    inviteUrl: z.string(),
    /** The signed invite itself, as `enterprise/account/join` takes it. */
    invite: z.string(),
    expiresIn: z.number().int(),
    expiresAt: z.string(),
  }),
  errors: [refusedUnlessPrimary('primaryUserId 不是调用者本人')],
});

/** A signed-in user of the same brand accepts an invite and becomes a sub-account. */
export const enterpriseJoinEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/enterprise/account/join',
  summary: '通过邀请加入企业，成为子账号：invite 为邀请二维码中的邀请码',
  access: 'user',
  request: z.object({
    invite: z.string().trim().min(1, '请提供邀请码 invite').max(1000, '邀请码格式不正确'),
  }),
  response: enterpriseRelationSchema,
  errors: [
    {
      code: 403,
      when: '邀请无效（伪造、篡改或属于其他品牌）或已过期；企业未开放加入；子账号已满；调用者已属于一个企业',
    },
  ],
});

/** The main account renames the enterprise and/or sets a sub-account's remark (spec §7 `enterprise/account/update`). */
export const enterpriseAccountUpdateEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/enterprise/account/update',
  summary: '修改企业信息（仅主账号）：enterpriseName 企业名称；userId 与 remark 一起传时修改该子账号的备注',
  access: 'user',
  request: z
    .object({
      enterpriseName: z.string().trim().min(1, '请填写企业名称').max(100, '企业名称最多 100 个字').optional(),
      userId: userIdSchema('userId 须为子账号的用户编号')
        .optional()
        .describe('子账号的用户编号，与 remark 一起传'),
      remark: z.string().trim().max(30, '备注最多 30 个字').optional().describe('子账号备注，空字符串清除'),
    })
    .superRefine((input, context) => {
      if (input.userId !== undefined && input.remark === undefined) {
        context.addIssue({ code: 'custom', path: ['remark'], message: '修改子账号备注时请同时提供 remark' });
      } else if (input.remark !== undefined && input.userId === undefined) {
        context.addIssue({ code: 'custom', path: ['userId'], message: '修改备注时请提供子账号的 userId' });
      } else if (input.enterpriseName === undefined && input.remark === undefined) {
        context.addIssue({
          code: 'custom',
          path: ['enterpriseName'],
          message: '请提供要修改的企业名称，或子账号的 userId 与 remark',
        });
      }
    }),
  response: z.object({
    enterprise: enterpriseSummarySchema,
    /** The sub-account whose remark changed; null when only the name changed. */
    subAccount: subAccountSchema.nullable(),
  }),
  errors: [refusedUnlessPrimary('userId 不是本企业的子账号')],
});

/** The caller's enterprise relation (spec §7 `getSubAccount`). */
export const getSubAccountEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/getSubAccount',
  summary: '当前账号的企业关系：none 个人账号，primary 企业主账号，subAccount 子账号（附企业名称与主账号）',
  access: 'user',
  request: z.object({}),
  response: enterpriseRelationSchema,
});

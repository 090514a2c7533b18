import { PAID_MEMBER_CODES, PERMISSION_DIALOG_TYPES } from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { memberCodeSchema } from '../member-codes';
import { PRIVILEGE_KEYS } from '../privileges';

/**
 * The permission checks of spec §7 (and §6 "Permission gates"). Every one answers through the server's one gate
 * service, which decides in this order and stops at the first refusal:
 *
 * 1. PC use: the level's `havePcLogin` is false → `pcUse`;
 * 2. brand flag: the feature is hidden for the brand (data export without `showExport`, analysis without
 *    `showAnalysis`) → refused without a dialog (`type` null, `feature` says which);
 * 3. level: the level's privilege is 0/false → `member` (`exportPermission` for data export);
 * 4. region: a paid level whose purchased regions do not cover the item's province → `singleProvice`;
 * 5. daily quota or free trial used up → `usedUp` (download, member or free-trial variant);
 * 6. otherwise allowed: code 200 with {@link gatePassSchema}, the use counted (once per item per day).
 *
 * A refusal is code 403 with {@link gateRefusalSchema} as `data` and the dialog's text as `message`.
 */

/** A privilege key on the wire (spec §3 Member privileges). */
export const privilegeKeySchema = z
  .enum(PRIVILEGE_KEYS, { error: `只能是 ${PRIVILEGE_KEYS.join('、')} 之一` })
  .meta({ id: 'PrivilegeKey' });

/** A level that can be bought. */
export const paidMemberCodeSchema = z.enum(PAID_MEMBER_CODES);

/** Features a brand can hide (spec §1 brand flags): data export, analysis, online payment. */
export const BRAND_FEATURES = ['export', 'analysis', 'pay'] as const;

export type BrandFeature = (typeof BRAND_FEATURES)[number];

/**
 * `data` of a gate refusal (code 403): which permission dialog to open (spec §2 Permission dialog types) and the
 * fields it reads. Every field is always present.
 */
export const gateRefusalSchema = z.object({
  /**
   * The dialog: usedUp, member, exportPermission, singleProvice, pcUse, unPay (noData comes from the export
   * calls). Null when the brand does not offer the feature at all: show `message`, no dialog.
   */
  type: z.enum(PERMISSION_DIALOG_TYPES).nullable(),
  /** The privilege the call needed; null for a brand flag. */
  privilege: privilegeKeySchema.nullable(),
  /** The feature the brand hides, when that is the reason; otherwise null. */
  feature: z.enum(BRAND_FEATURES).nullable(),
  /** The caller's level now. */
  memberCode: memberCodeSchema,
  /** Whether the caller holds a paid level: usedUp's button is 'know' for members, 'upgrade' otherwise. */
  isMember: z.boolean(),
  /** usedUp for a download quota (the daily download limit title). */
  isDownLoad: z.boolean(),
  /** singleProvice: the member's purchased regions as shown ('广东省，广西壮族自治区'); '' otherwise. */
  memberProvince: z.string(),
  /** singleProvice: the information's province ('湖南省'); '' otherwise. */
  province: z.string(),
  /** The brand's support phone shown in the dialog; '' when it has none. */
  phone: z.string(),
  /**
   * member / exportPermission: the lowest level on sale that has the privilege, for the membership modal to
   * preselect (purchase intentions: qiyetong, spec §2); null when none has it.
   */
  upgradeMemberCode: paidMemberCodeSchema.nullable(),
  /**
   * The name of `upgradeMemberCode` as the brand sells it ('企业通'), for the dialog to say which level opens the
   * feature; '' when none. Optional on the wire for refusals made before it existed; the gate always sends it.
   */
  upgradeMemberName: z.string().optional(),
  /**
   * usedUp: the daily quota that is used up (the free trial's 3 views a day), for the dialog's
   * '每日可免费查看 3 条，次日 0 点恢复'; null otherwise. Optional as `upgradeMemberName`.
   */
  limit: z.number().int().nullable().optional(),
  /** spec §3: -1 when the level has no PC use (the pcUse dialog), else 1. */
  isUsePc: z.union([z.literal(1), z.literal(-1)]),
});

export type GateRefusal = z.infer<typeof gateRefusalSchema>;

/** `data` of an allowed check: the privilege and today's uses of it. */
export const gatePassSchema = z.object({
  privilege: privilegeKeySchema,
  /** The privilege's value: -1 unlimited (true counts as -1), N a quota. */
  limit: z.number().int(),
  /** Uses today (Asia/Shanghai) after this call; null when unlimited or not a daily quota (monitors: a total). */
  used: z.number().int().nullable(),
  /** Uses left today: -1 unlimited; null for a privilege that is not a daily quota. */
  remaining: z.number().int().nullable(),
  /** Whether this call spent a use (false for an item already seen today, a check, or an unlimited privilege). */
  charged: z.boolean(),
});

export type GatePass = z.infer<typeof gatePassSchema>;

const itemIdSchema = z.coerce
  .number({ error: '请提供信息编号 id' })
  .int('信息编号 id 须为正整数')
  .positive('信息编号 id 须为正整数')
  .describe('信息编号（公告、项目的 id）');

const notFound = { code: 404, when: 'id 对应的信息不存在，或不是该检查所针对的信息类型' };
const pcUse = {
  code: 403,
  when: 'data.type = "pcUse"：当前等级无 PC 端使用权限（havePcLogin 为 false），isUsePc = -1',
};
const member = (privilege: string) => ({
  code: 403,
  when: `data.type = "member"：当前等级的 ${privilege} 为 0/false；upgradeMemberCode 为拥有该权限的最低在售等级`,
});
const singleProvice = {
  code: 403,
  when: 'data.type = "singleProvice"：付费会员购买的地区不含该信息所在省份；memberProvince 为已购地区，province 为信息所在省份（普通用户不受地区限制）',
};
const usedUp = (privilege: string, download = false) => ({
  code: 403,
  when: download
    ? `data.type = "usedUp"，isDownLoad = true：今日 ${privilege} 次数已用完（同一信息当天再次检查不计次）`
    : `data.type = "usedUp"：今日 ${privilege} 次数已用完；isMember = true 为会员“今日查看次数已用完”，false 为普通用户“免费试用次数已用完”（同一信息当天再次检查不计次）`,
});

/** Checks for one item: PC use → level → region → daily quota; a pass counts the use once per item per day. */
function itemCheckErrors(privilege: string, download = false) {
  return [notFound, pcUse, member(privilege), singleProvice, usedUp(privilege, download)];
}

/**
 * spec §6 pre-project detail and purchase intention: opening a 招标预告/商机 (yg, privilege preProjectDetail) or a
 * 采购意向 (yx, purchaseDetail, which the defaults give from qiyetong on).
 */
export const preProjectDetailAuthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/auth/preProjectDetailAuth',
  summary:
    '商机/采购意向详情权限：招标预告（yg）按 preProjectDetail、采购意向（yx）按 purchaseDetail 检查并计次；通过时返回今日用量',
  access: 'user',
  request: z.object({ id: itemIdSchema }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: itemCheckErrors('preProjectDetail / purchaseDetail'),
});

/** spec §7 `auth/pcLoginAuth`: the client's check after a 200/201 answer (spec §7, "PC login-auth check"). */
export const pcLoginAuthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/auth/pcLoginAuth',
  summary: 'PC 端使用权限：当前等级的 havePcLogin 为 true 时通过，否则返回 pcUse',
  access: 'user',
  request: z.object({}),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: [pcUse],
});

/** spec §7 `auth/getDetailLinkPermission`: viewing an item's source link (detailLink, per day). */
export const getDetailLinkPermissionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/auth/getDetailLinkPermission',
  summary: '查看原文链接权限：按 detailLink（每日次数）检查并计次，任何类型的信息均可',
  access: 'user',
  request: z.object({ id: itemIdSchema }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: itemCheckErrors('detailLink'),
});

/** spec §7 `auth/downloadAnnouncementAuth`: downloading an announcement's text (downloadAnnouncement, per day). */
export const downloadAnnouncementAuthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/auth/downloadAnnouncementAuth',
  summary: '公告下载权限：按 downloadAnnouncement（每日次数）检查并计次；用完时 usedUp 带 isDownLoad = true',
  access: 'user',
  request: z.object({ id: itemIdSchema }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: itemCheckErrors('downloadAnnouncement', true),
});

/** spec §7 `auth/designedCountSeeAuth`: opening a 拟建项目 (nj, watchDesignedProject per day). */
export const designedCountSeeAuthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/auth/designedCountSeeAuth',
  summary: '拟建项目查看权限：仅拟建项目（nj），按 watchDesignedProject（每日次数）检查并计次',
  access: 'user',
  request: z.object({ id: itemIdSchema }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: itemCheckErrors('watchDesignedProject'),
});

/**
 * spec §7 `auth/toubiaoPredictAuth` (no body): potential-bidder prediction (toubiaoPredict, per day). Without an
 * id it only checks that a use is left; with one it counts the use for that item.
 */
export const toubiaoPredictAuthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/auth/toubiaoPredictAuth',
  summary:
    '潜在投标人预测权限：按 toubiaoPredict（每日次数）；不带 id 只检查是否还有次数（不计次），带 id 时对该信息计次',
  access: 'user',
  request: z.object({ id: itemIdSchema.optional() }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: itemCheckErrors('toubiaoPredict'),
});

/** spec §7 `auth/improveInformationAuth`: a 拟建项目's contacts (watchDesignedProjectConnector, per day). */
export const improveInformationAuthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/auth/improveInformationAuth',
  summary:
    '拟建项目联系方式（完善信息）权限：仅拟建项目（nj），按 watchDesignedProjectConnector（每日次数）检查并计次',
  access: 'user',
  request: z.object({ id: itemIdSchema }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: itemCheckErrors('watchDesignedProjectConnector'),
});

/** spec §7 `auth/downloadAttachmentsAuth`: an item's attachments (downloadExpansion, yes/no). */
export const downloadAttachmentsAuthEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/auth/downloadAttachmentsAuth',
  summary: '附件下载权限：按 downloadExpansion（是否支持）检查等级与地区，不计次',
  access: 'user',
  request: z.object({ id: itemIdSchema }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: [notFound, pcUse, member('downloadExpansion'), singleProvice],
});

/** spec §7 `auth/shenPiProjectAuth`: opening a 审批项目 (sp, shenPiProject per day). */
export const shenPiProjectAuthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/auth/shenPiProjectAuth',
  summary: '审批项目查看权限：仅审批项目（sp），按 shenPiProject（每日次数）检查并计次',
  access: 'user',
  request: z.object({ id: itemIdSchema }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: itemCheckErrors('shenPiProject'),
});

/**
 * spec §7 `auth/getPermissionNum`: how much of one privilege the caller has today, without spending any (the
 * export dialog's "rows left today" reads downloadProject). Refuses what the caller cannot use at all.
 */
export const getPermissionNumEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/auth/getPermissionNum',
  summary:
    '查询某项权限今日的额度与用量（不计次）：type 为权限键，如 downloadProject（每日导出条数）；次数用完时仍返回 200（remaining = 0）',
  access: 'user',
  request: z.object({
    type: privilegeKeySchema.describe(
      '权限键（spec §3 Member privileges），如 downloadProject、watchZhaobiao',
    ),
  }),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: [
    pcUse,
    {
      code: 403,
      when: 'data.type = null，feature = "export" / "analysis"：本品牌未开放数据导出（downloadProject）或分析（projectAnalyzer、bussinessAnalyzer），不弹权限框，直接提示 message',
    },
    {
      code: 403,
      when: 'data.type = "exportPermission"：当前等级的 downloadProject 为 0（无导出权限）',
    },
    member('type 所指权限'),
  ],
});

const projectMonitorPermission = {
  method: 'GET',
  summary:
    '项目监控权限：当前等级可监控的项目数（projectMonitor，总数而非每日）；limit 为上限，-1 不限，used/remaining 为 null',
  access: 'user',
  request: z.object({}),
  response: gatePassSchema,
  errorData: gateRefusalSchema,
  errors: [pcUse, member('projectMonitor')],
} as const;

/** spec §7 `project-monitor/getProjectMonitorPermission`. */
export const getProjectMonitorPermissionEndpoint = defineEndpoint({
  ...projectMonitorPermission,
  path: '/webchat/api/project-monitor/getProjectMonitorPermission',
});

/** spec §7: the same check as reached under `auth/`. */
export const authGetProjectMonitorPermissionEndpoint = defineEndpoint({
  ...projectMonitorPermission,
  path: '/webchat/api/auth/getProjectMonitorPermission',
});

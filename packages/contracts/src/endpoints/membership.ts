import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { memberCodeSchema } from '../member-codes';
import { memberPrivilegesSchema } from '../privileges';
import { paidMemberCodeSchema, privilegeKeySchema } from './permissions';

/**
 * Member levels, their privileges and the caller's memberships (spec §2 membership modal and 服务期明细, §3 Member
 * type, Member privileges, Membership detail row; §7 Membership and orders). Levels and privilege values are
 * per brand, kept in the database.
 */

/** spec §3 Member type. */
export const memberTypeSchema = z.object({
  memberCode: memberCodeSchema,
  memberName: z.string(),
  memberDesc: z.string(),
  /** spec §3: 0 means the purchase area can be edited (provinces may be chosen); otherwise only 全国 is sold. */
  status: z.number().int(),
});

export type MemberType = z.infer<typeof memberTypeSchema>;

/** A level with its privilege values (spec §3: -1/true unlimited, 0/false none, N a quota). */
export const memberLevelSchema = memberTypeSchema.extend({
  /** Whether the membership modal offers it (putong is never sold). */
  onSale: z.boolean(),
  privileges: memberPrivilegesSchema,
});

export type MemberLevel = z.infer<typeof memberLevelSchema>;

/** One row of the membership modal's comparison table (spec §2), its values already worded per level. */
export const privilegeRowSchema = z.object({
  /** The row's section: '每日可查看信息', '订阅', '监控', '功能'. */
  group: z.string(),
  /** The row's label, e.g. '招标信息'. */
  label: z.string(),
  /** The privileges the row shows. */
  keys: z.array(privilegeKeySchema),
  /**
   * One cell per column, in the order of `levels`: '无限', '不支持', '支持', '100条/天', '免费试用3条/天' (putong),
   * '10组，每组10个词', '50家' …
   */
  values: z.array(z.object({ memberCode: memberCodeSchema, text: z.string() })),
});

export type PrivilegeRow = z.infer<typeof privilegeRowSchema>;

/** spec §3 Membership detail row (服务期明细), one per level with time left, in the order they are used. */
export const membershipRowSchema = z.object({
  /** The level's rank: 1 toubiaotong, 2 qiyetong, 3 qiye. */
  levelId: z.number().int(),
  memberCode: paidMemberCodeSchema,
  memberName: z.string(),
  /** spec §2: 0 for the level in use now ('（正在使用中）'), 1 for a paused one waiting its turn. */
  isActive: z.union([z.literal(0), z.literal(1)]),
  /** When the level's time runs out, China time 'YYYY-MM-DD HH:mm:ss' (paused time included). */
  expireDate: z.string(),
  /** The purchased regions as shown: '全国', or provinces joined with '，'. */
  payArea: z.string(),
});

export type MembershipRow = z.infer<typeof membershipRowSchema>;

/** spec §7 `memberList`: every level of the brand with its privilege values. */
export const memberListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/memberList',
  summary:
    '会员等级列表：本品牌的全部等级（含普通用户）及各项权限值（-1/true 不限，0/false 不支持，N 为额度）',
  access: 'public',
  request: z.object({}),
  response: z.array(memberLevelSchema),
});

/** The membership modal's member-type carousel (spec §2, §4 order flow step 1; path not shown by the spec). */
export const memberTypeListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/member/typeList',
  summary: '在售会员类型（会员弹窗轮播）：由低到高；status 为 0 时可选择购买地区，否则只售全国',
  access: 'public',
  request: z.object({}),
  response: z.array(memberTypeSchema),
});

/**
 * The membership modal's comparison table (spec §2 rows; path not shown by the spec). Rows of features the brand
 * hides (data export without showExport; project analysis and partners without showAnalysis) are left out.
 */
export const memberPrivilegeListEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/member/privilegeList',
  summary:
    '会员权益对比表（会员弹窗）：列为各等级，行为 spec §2 的权益行，单元格为文字（无限/不支持/N条/天…）；本品牌隐藏的功能不列出',
  access: 'public',
  request: z.object({}),
  response: z.object({
    levels: z.array(z.object({ memberCode: memberCodeSchema, memberName: z.string() })),
    rows: z.array(privilegeRowSchema),
  }),
});

/**
 * spec §2 route guard step 3 (path not shown by the spec): where a signed-in user visiting /login lands. -1 sends
 * them to /subscribe/bidding; 1 (their level may subscribe to proposed projects, subscribeDesignedProject) to
 * /subscribe/upfront.
 */
export const jumpPermissionEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/auth/jumpPermission',
  summary:
    '登录后跳转判断：-1 跳转招标订阅（/subscribe/bidding），1 跳转拟建订阅（/subscribe/upfront，等级可订阅拟建项目时）',
  access: 'user',
  request: z.object({}),
  response: z.union([z.literal(-1), z.literal(1)]),
});

/** spec §7 `listMemberUpgrade`: the service-period detail (服务期明细) of the caller. */
export const listMemberUpgradeEndpoint = defineEndpoint({
  method: 'GET',
  path: '/webchat/api/listMemberUpgrade',
  summary:
    '服务期明细：每个仍有时间的等级一行，正在使用的在前（isActive = 0），暂停的等级按接续顺序排列；企业子账号看到企业的会员',
  access: 'user',
  request: z.object({}),
  response: z.array(membershipRowSchema),
});

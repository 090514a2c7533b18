import { ACTIVITY_DEVICE_TYPE, COUPON_PAGE_SIZE } from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { gateRefusalSchema } from './permissions';

/**
 * Coupons and the activities that grant them (spec §2 Coupon dialog, §3 Coupon and Activity detail, §5 coupon
 * selection, §7 `activity/joinActivity`, `myCouponList`; docs/business-rules.md Coupons). Amounts on the wire are
 * yuan; the server keeps fen and decides which coupon an order uses.
 */

/** spec §2 Coupon dialog: status 1 待使用 (usable, '去使用'); anything else shows 已过期. */
export const COUPON_WIRE_STATUS = { unused: 1, used: 2, expired: 3 } as const;

/** spec §3 Coupon. */
export const couponSchema = z.object({
  couponId: z.number().int(),
  /** The member name it is for ('投标通'), or an all-level type (VIP会员, 高级会员, 全品类). */
  useGoodsType: z.string(),
  /** Minimum order amount in yuan; 0: no threshold ('无门槛'). */
  orderFee: z.number(),
  /** Yuan taken off. */
  faceValue: z.number(),
  /** Last valid moment, China time 'YYYY-MM-DD HH:mm:ss' (a year above 2100 shows '无期限'). */
  effectiveEndDate: z.string(),
  /** 1 usable (also while an unpaid order holds it), 2 used, 3 expired. */
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** The activity that granted it ('' when none). */
  activityName: z.string(),
});

export type Coupon = z.infer<typeof couponSchema>;

/** What an activity grants: one coupon per entry, valid `validDays` days from joining. */
export const activityCouponSchema = z.object({
  useGoodsType: z.string(),
  orderFee: z.number(),
  faceValue: z.number(),
  validDays: z.number().int(),
});

/** spec §3 Activity detail (`id`), with what joining grants and whether the caller already joined. */
export const activityDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** China time 'YYYY-MM-DD HH:mm:ss'; null: open-ended. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  coupons: z.array(activityCouponSchema),
  /** The caller has joined (its coupons were granted once). */
  joined: z.boolean(),
});

export type ActivityDetail = z.infer<typeof activityDetailSchema>;

const deviceTypeSchema = z.coerce
  .number({ error: `设备类型 deviceType 须为数字（PC 端为 ${ACTIVITY_DEVICE_TYPE}）` })
  .int(`设备类型 deviceType 须为整数（PC 端为 ${ACTIVITY_DEVICE_TYPE}）`)
  .default(ACTIVITY_DEVICE_TYPE)
  .describe(`设备类型，PC 端为 ${ACTIVITY_DEVICE_TYPE}（spec §9）`);

const unPay = {
  code: 403,
  when: 'data.type = "unPay"：本品牌不支持在线开通会员（allowPay 关闭）；子账号为 data null、message“仅支持主账号购买会员”',
};

/** The membership modal's activity detail (spec §4 order flow step 1, deviceType 50; path not shown by the spec). */
export const activityDetailEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/activity/detail',
  summary:
    '当前优惠活动（会员弹窗）：本品牌进行中的活动及参与可领取的优惠券；没有进行中的活动时 data 为 null；joined 表示调用者已参与',
  access: 'user',
  request: z.object({ deviceType: deviceTypeSchema }),
  response: activityDetailSchema.nullable(),
});

/** spec §7 `activity/joinActivity`: coupon activation. Joining twice grants nothing more (still code 200). */
export const joinActivityEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/activity/joinActivity',
  summary:
    '参与活动领取优惠券：每个账号每个活动只发放一次（首次登录活动：投标通 200 元无门槛券、全品类满 3000 减 500 券，各 30 天有效）；再次参与返回 joined = false、coupons 为空',
  access: 'user',
  request: z.object({
    actiId: z.coerce
      .number({ error: '请提供活动编号 actiId' })
      .int('活动编号 actiId 须为正整数')
      .positive('活动编号 actiId 须为正整数')
      .describe('活动编号（活动详情的 id）'),
    deviceType: deviceTypeSchema,
  }),
  response: z.object({
    /** True when this call granted the coupons; false when the caller had joined before. */
    joined: z.boolean(),
    coupons: z.array(couponSchema),
  }),
  errorData: gateRefusalSchema,
  errors: [{ code: 404, when: '活动不存在、未开始、已结束或不适用于该设备类型' }, unPay],
});

/** spec §7 `myCouponList`: the caller's coupons (spec §2 Coupon dialog), usable first. */
export const myCouponListEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/myCouponList',
  summary: `我的优惠券：可用的（status 1，按到期时间先后）在前，已过期的（status 3）在后；已使用的不列出。每页默认 ${COUPON_PAGE_SIZE} 条`,
  access: 'user',
  request: z.object({
    pageNumber: z.coerce
      .number({ error: '页码 pageNumber 须为数字' })
      .int('页码须为整数')
      .min(1, '页码从 1 开始')
      .default(1)
      .describe('页码，从 1 开始'),
    pageSize: z.coerce
      .number({ error: '每页条数 pageSize 须为数字' })
      .int('每页条数须为整数')
      .min(1, '每页至少 1 条')
      .max(50, '每页最多 50 条')
      .default(COUPON_PAGE_SIZE)
      .describe(`每页条数，默认 ${COUPON_PAGE_SIZE}`),
  }),
  response: z.object({ records: z.array(couponSchema), total: z.number().int() }),
});

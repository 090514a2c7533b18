import { DEFAULT_PAY_TYPE, ORDER_STATUS_PAID, ORDER_TRADE_SUCCESS } from '@tender/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { memberCodeSchema } from '../member-codes';
import { couponSchema } from './coupons';
import { gateRefusalSchema, paidMemberCodeSchema } from './permissions';

/**
 * Buying membership (spec §2 Membership modal and Purchase-success dialog, §3 Product option, Member info
 * response, Order parameters, Order; §4 Membership order flow and Pending purchase tracking; §5; §7 Membership and
 * orders). The server computes every figure — the product's price for the areas, the coupon and the amount to
 * pay; figures the client sends are display only. Amounts on the wire are yuan.
 */

/** spec §3 Order: orderStatus. 2 (paid) is the spec's; 1 and 3 are ours. */
export const ORDER_STATUS = { unpaid: 1, paid: ORDER_STATUS_PAID, closed: 3 } as const;

/** The order's state as a string (spec §4: the status poll answers TRADE_SUCCESS once paid). */
export const TRADE_STATUSES = ['WAIT_BUYER_PAY', ORDER_TRADE_SUCCESS, 'TRADE_CLOSED'] as const;

export type TradeStatus = (typeof TRADE_STATUSES)[number];

const orderStatusSchema = z.union([
  z.literal(ORDER_STATUS.unpaid),
  z.literal(ORDER_STATUS.paid),
  z.literal(ORDER_STATUS.closed),
]);

/**
 * Purchase areas as the client sends them: a list, or one text with commas ('广东省,湖南省'); none, or '全国'
 * among them, is the whole country (spec §3 Order parameters). Names are province names of the area tree.
 */
export const payAreasSchema = z
  .union(
    [z.string().max(2000, '地区过长'), z.array(z.string().max(50, '地区名称过长')).max(40, '地区过多')],
    {
      error: '购买地区 payAreas 须为省份名称列表，或以逗号分隔的文字；全国为“全国”',
    },
  )
  .optional()
  .transform((value) =>
    (typeof value === 'string' ? value.split(/[,，]/) : (value ?? []))
      .map((area) => area.trim())
      .filter((area) => area !== ''),
  )
  .describe('购买地区：省份名称列表或以逗号分隔的文字，默认“全国”；status 不为 0 的等级只售全国');

const positiveId = (name: string, label: string) =>
  z.coerce
    .number({ error: `请提供${label} ${name}` })
    .int(`${label} ${name} 须为正整数`)
    .positive(`${label} ${name} 须为正整数`);

const actiIdSchema = positiveId('actiId', '活动编号')
  .optional()
  .describe('活动编号（活动详情的 id），可不填');

/** spec §3 Product option (productConfigResponses entry), priced for the areas asked. */
export const productOptionSchema = z.object({
  /** The product id, sent back as the order's productId. */
  id: z.number().int(),
  /** The duration as shown ('1个月', '3个月', '12个月'). */
  productTypeStr: z.string(),
  memberCode: paidMemberCodeSchema,
  memberName: z.string(),
  months: z.number().int(),
  /** The price for the areas, before any coupon (yuan). */
  discountFee: z.number(),
  /** What it is compared with: the one-month price of the same areas × months (yuan); = discountFee if none. */
  originalFee: z.number(),
  /** 1 − discountFee / originalFee, 4 decimals; the modal shows "save N yuan" when above 0. */
  discountRate: z.number(),
  /** The product the modal preselects. */
  isSelect: z.boolean(),
  /** Whether one of the caller's coupons applies (spec §5). */
  isCoupon: z.boolean(),
  /** The coupon the server would use (spec §5: highest face value, then earliest expiry, then highest threshold). */
  couponId: z.number().int().nullable(),
  /** Its face value (yuan); 0 without one. */
  couponFee: z.number(),
  /** What an order of this product would charge now (yuan): discountFee − couponFee. */
  payFee: z.number(),
});

export type ProductOption = z.infer<typeof productOptionSchema>;

/** spec §3 Member info response. */
export const memberInfoSchema = z.object({
  productConfigResponses: z.array(productOptionSchema),
  /** The areas the prices are for after spec §5 (['全国'] for a level whose area cannot be edited). */
  payAreaList: z.array(z.string()),
  /** Whether the level's purchase area can be chosen (member type status 0). */
  areaEditable: z.boolean(),
  /** The caller's usable coupons (spec §3 Coupon), those that fit no product included. */
  couponList: z.array(couponSchema),
});

export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** spec §3 Order, as the order endpoints and My orders answer it. */
export const orderSchema = z.object({
  orderId: z.number().int(),
  /** The merchant order number (what the payment provider knows the order by). */
  orderNo: z.string(),
  /** 1 unpaid, 2 paid, 3 closed (unpaid for 2 hours, or replaced by a newer order). */
  orderStatus: orderStatusSchema,
  tradeStatus: z.enum(TRADE_STATUSES),
  memberCode: paidMemberCodeSchema,
  memberName: z.string(),
  productId: z.number().int().nullable(),
  productTypeStr: z.string(),
  months: z.number().int(),
  /** The areas bought as shown: '全国', or provinces joined with '，'. */
  payArea: z.string(),
  /** The comparison price (yuan), as the product option's originalFee. */
  originalFee: z.number(),
  /** The price for the areas before the coupon (yuan). */
  discountFee: z.number(),
  couponId: z.number().int().nullable(),
  /** The coupon's face value taken off (yuan). */
  couponFee: z.number(),
  /** The amount to pay (yuan). */
  payFee: z.number(),
  payType: z.string(),
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  createTime: z.string(),
  /** When an unpaid order closes. */
  expireTime: z.string(),
  payTime: z.string().nullable(),
});

export type Order = z.infer<typeof orderSchema>;

/** The payment QR code of an order: `codeUrl` is what the QR code encodes (spec §2: drawn at 140 × 140). */
export const paymentQrSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  codeUrl: z.string(),
  payFee: z.number(),
  expireTime: z.string(),
});

/** An order's state for the status poll and the purchase-success dialog (spec §2, §4). */
const orderProgressFields = {
  orderNo: z.string(),
  memberCode: paidMemberCodeSchema,
  /** The level bought (the success dialog's '恭喜您成功购买了{member}'). */
  levelName: z.string(),
  /** Once paid: when the bought level now runs out, China time 'YYYY-MM-DD HH:mm:ss' ('您的会员有效期至{date}'). */
  endTime: z.string().nullable(),
};

/** spec §3 Order parameters. */
const orderParameters = z.object({
  payType: z
    .literal(DEFAULT_PAY_TYPE, { error: `支付方式 payType 目前只支持 ${DEFAULT_PAY_TYPE}` })
    .default(DEFAULT_PAY_TYPE)
    .describe('支付方式（微信扫码）'),
  memberCode: paidMemberCodeSchema.describe('购买的等级：toubiaotong、qiyetong、qiye'),
  productId: positiveId('productId', '产品编号').describe('产品编号（会员产品信息中的 id）'),
  payAreas: payAreasSchema,
  actiId: actiIdSchema,
  couponId: positiveId('couponId', '优惠券编号')
    .optional()
    .describe('客户端选中的优惠券，仅作展示参考：服务端按 spec §5 重新选择'),
});

const orderIdSchema = positiveId('orderId', '订单编号').describe('订单编号（orderId）');
const orderNoSchema = z
  .string({ error: '请提供订单号 orderNo' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{6,32}$/, '订单号 orderNo 格式不正确')
  .describe('订单号（orderNo）');

const unPay = {
  code: 403,
  when: 'data.type = "unPay"：本品牌不支持在线开通会员（allowPay 关闭）；子账号为 data null、message“仅支持主账号购买会员”',
};
const badProduct = {
  code: 400,
  when: '产品不存在、已下架或不属于该等级；地区不是省份名称；活动不存在',
};
const orderNotFound = { code: 404, when: '订单不存在或不是调用者的订单' };

/** spec §2/§5: whether the caller may buy online at all (the modal checks before showing the payment area). */
export const purchaseAuthEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/auth/toOpenMember',
  summary: '开通会员权限：品牌允许在线支付且调用者是主账号时通过；否则 unPay 或“仅支持主账号购买会员”',
  access: 'user',
  request: z.object({}),
  response: z.object({ canBuy: z.literal(true) }),
  errorData: gateRefusalSchema,
  errors: [unPay],
});

/** The modal's member product info (spec §4 step 1, params memberCode, payAreas, actiId; path not shown). */
export const memberProductInfoEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/member/productInfo',
  summary:
    '会员产品信息（会员弹窗）：该等级各时长产品按所选地区计价（多省按 min(单省价 × 省数, 全国价)），带服务端选择的优惠券与应付金额，及可用优惠券列表；status 不为 0 的等级只按全国计价',
  access: 'user',
  request: z.object({
    memberCode: paidMemberCodeSchema.describe('等级：toubiaotong、qiyetong、qiye'),
    payAreas: payAreasSchema,
    actiId: actiIdSchema,
  }),
  response: memberInfoSchema,
  errors: [badProduct],
});

/** spec §7 `submitOrder`: creates an order from the order parameters. */
export const submitOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/submitOrder',
  summary:
    '提交订单：服务端计算价格、选择优惠券（按 spec §5）并预占该券；同一选择（产品、地区、价格、活动）已有未支付订单时返回该订单（一次购买一个订单）；调用者其他未支付的订单随之关闭；未支付订单 2 小时后关闭',
  access: 'user',
  request: orderParameters,
  response: orderSchema,
  errorData: gateRefusalSchema,
  errors: [badProduct, unPay],
});

/** The modal's create order (spec §4 step 2; path not shown): the same as `submitOrder`. */
export const createOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/order/create',
  summary: '创建订单（会员弹窗）：同 submitOrder',
  access: 'user',
  request: orderParameters,
  response: orderSchema,
  errorData: gateRefusalSchema,
  errors: [badProduct, unPay],
});

/** spec §7 `toOpenMember`: creates the order and its payment QR code in one call. */
export const toOpenMemberEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/toOpenMember',
  summary: '开通会员：创建订单（同 submitOrder）并返回支付二维码内容 codeUrl',
  access: 'user',
  request: orderParameters,
  response: orderSchema.extend({ codeUrl: z.string() }),
  errorData: gateRefusalSchema,
  errors: [badProduct, unPay],
});

const qrErrors = [
  orderNotFound,
  { code: 409, when: '订单已支付或已关闭（已关闭的订单请重新下单）' },
  { code: 502, when: '支付渠道暂时不可用，请稍后重试' },
];

/** spec §7 `payPrepay`: the payment QR code of an unpaid order (by orderId or orderNo). */
export const payPrepayEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/payPrepay',
  summary: '获取支付二维码：未支付订单的 codeUrl（二维码内容，2 小时内有效）；orderId 与 orderNo 给一个即可',
  access: 'user',
  request: z
    .object({ orderId: orderIdSchema.optional(), orderNo: orderNoSchema.optional() })
    .refine((input) => input.orderId !== undefined || input.orderNo !== undefined, {
      message: '请提供订单编号 orderId 或订单号 orderNo',
      path: ['orderId'],
    }),
  response: paymentQrSchema,
  errors: qrErrors,
});

/** The modal's get payment QR (spec §4 step 2, orderId → codeUrl; path not shown). */
export const orderQrcodeEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/order/qrcode',
  summary: '获取支付二维码（会员弹窗）：同 payPrepay，按 orderId',
  access: 'user',
  request: z.object({ orderId: orderIdSchema }),
  response: paymentQrSchema,
  errors: qrErrors,
});

/** spec §7 `findOrder`, §4 Pending purchase tracking: by orderNo; orderStatus is the string TRADE_SUCCESS once paid. */
export const findOrderEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/findOrder',
  summary:
    '查询订单（待确认购买跟踪）：orderStatus 为 TRADE_SUCCESS（已支付）、WAIT_BUYER_PAY（待支付）或 TRADE_CLOSED（已关闭）；已支付时带 levelName 与 endTime（购买成功弹窗）',
  access: 'user',
  request: z.object({ orderNo: orderNoSchema }),
  response: z.object({ ...orderProgressFields, orderStatus: z.enum(TRADE_STATUSES) }),
  errors: [orderNotFound],
});

/** The modal's get order status (spec §4 step 3, polled every 3 s; orderId; path not shown). */
export const orderStatusEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/order/status',
  summary:
    '订单状态（会员弹窗每 3 秒轮询）：orderStatus 1 待支付、2 已支付、3 已关闭；已支付时带 levelName 与 endTime',
  access: 'user',
  request: z.object({ orderId: orderIdSchema }),
  response: z.object({
    ...orderProgressFields,
    orderId: z.number().int(),
    orderStatus: orderStatusSchema,
    tradeStatus: z.enum(TRADE_STATUSES),
  }),
  errors: [orderNotFound],
});

/** My orders (spec §2 /myOrder): the caller's orders, newest first. */
export const myOrdersEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/order/myOrders',
  summary:
    '我的订单：调用者的会员订单，新的在前（待支付与已支付；已关闭的未支付订单——过期或被新二维码取代——不列出）',
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
      .max(100, '每页最多 100 条')
      .default(10)
      .describe('每页条数，默认 10'),
  }),
  response: z.object({ records: z.array(orderSchema), total: z.number().int() }),
});

/** spec §7 `data/buyPoint`: the client reports a step of the purchase funnel. */
export const buyPointEndpoint = defineEndpoint({
  method: 'POST',
  path: '/webchat/api/data/buyPoint',
  summary:
    '购买埋点：记录购买流程中的一步（如 openModal、chooseProduct、showQrcode、paySuccess），供运营分析；不影响任何业务规则',
  access: 'user',
  request: z.object({
    event: z
      .string({ error: '请提供埋点事件 event' })
      .trim()
      .min(1, '埋点事件 event 不能为空')
      .max(50, '埋点事件 event 最多 50 个字符')
      .describe('事件名，如 openModal、chooseProduct、showQrcode、paySuccess'),
    memberCode: memberCodeSchema.optional().describe('相关等级'),
    productId: positiveId('productId', '产品编号').optional().describe('相关产品编号'),
    orderNo: orderNoSchema.optional(),
    detail: z
      .record(z.string().max(50), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]), {
        error: '附加信息 detail 须为键值对象',
      })
      .optional()
      .refine((detail) => detail === undefined || Object.keys(detail).length <= 20, '附加信息最多 20 项')
      .describe('附加信息（键值对，最多 20 项）'),
  }),
  response: z.null(),
});

import { messages as domainMessages } from '@tender/domain';

/**
 * Every Chinese user-facing string of @tender/membership (architecture §2: one messages.ts per package). Texts the
 * spec writes in Chinese are copied exactly (spec §1, §2 Membership modal, 服务期明细, 优惠券, purchase-success
 * dialog); the coupon texts are the domain's own. Texts the spec does not give are marked "ours".
 */
export const messages = {
  modal: {
    /** ours: the membership modal's title. */
    title: '开通会员',
    /** ours: the carousel's arrows. */
    previousTypes: '上一组会员类型',
    nextTypes: '下一组会员类型',
    /** ours: the carousel's accessible name. */
    memberTypes: '会员类型',
    /** ours: the section headings. */
    comparison: '会员权益对比',
    duration: '购买时长',
    area: '购买地区',
    coupon: '优惠券',
    /** ours: the button that opens the membership-area chooser. */
    chooseArea: '选择地区',
    /** ours: beside the area when the level sells only the whole country (spec §5). */
    wholeCountryOnly: '该会员类型仅支持全国',
    /** ours: 'save N yuan' (spec §2) beside a duration whose discountRate is above 0. */
    save: (yuan: string) => `立省${yuan}元`,
    /** ours: the price of a product. */
    price: (yuan: string) => `¥${yuan}`,
    /** ours: no coupon applies. */
    noCoupon: '暂无可用优惠券',
    /** ours: the coupon applied (spec §5 selection), with its threshold text. */
    couponApplied: (faceValue: string, threshold: string) => `已抵扣${faceValue}元（${threshold}）`,
    /** ours: the amount the server will charge. */
    payable: '应付金额',
    /** ours: under the QR code. */
    scanToPay: '请使用微信扫码支付',
    /** ours: the QR code's accessible name. */
    qrCode: '支付二维码',
    /** ours: while the order and its QR code are being made. */
    creatingOrder: '正在生成订单…',
    /** ours: the button that makes the order for what is selected and shows its QR code (one order per purchase). */
    requestQr: '获取支付二维码',
    /** ours: under that button. */
    requestQrHint: '确认以上选择后获取二维码，扫码支付',
    /** ours: the price of the selection, beside the areas: '3个月 · ¥1088'. */
    selectionPrice: (duration: string, yuan: string) => `${duration} · ¥${yuan}`,
    /** ours: the product info did not load even with the whole country. */
    loadFailed: '会员信息加载失败，请稍后重试',
    /** spec §1: non-primary accounts, shown for 3 s. */
    primaryAccountOnly: '仅支持主账号购买会员',
  },
  comparison: {
    /** ours: the first column's header. */
    privilege: '会员权益',
  },
  servicePeriod: {
    /** spec §2: the dialog's title. */
    title: '服务期明细',
    /** spec §2: beside the level in use (isActive 0). */
    inUse: '（正在使用中）',
    /** ours: the column headers. */
    level: '会员等级',
    expireDate: '到期时间',
    payArea: '购买地区',
    /** spec §2 (paraphrased): the rules text. */
    rules: [
      '续费同一会员等级，剩余服务期将累加。',
      '同时拥有多个会员等级时，优先使用最高等级，到期后自动切换为较低等级继续使用。',
    ],
    /** ours: no membership. */
    empty: '暂无服务期',
  },
  coupons: {
    /** spec §2: the dialog's title. */
    title: '优惠券',
    /** spec §2: the columns. */
    columns: {
      faceValue: '面额',
      threshold: '使用门槛',
      member: '适用会员',
      status: '状态',
      validUntil: '有效期至',
      action: '操作',
    },
    /** spec §2: the empty state (the statuses, thresholds and 无期限 come from the domain's coupon functions). */
    empty: domainMessages.coupon.empty,
    /** ours: the face value cell. */
    faceValue: (yuan: string) => `¥${yuan}`,
    /** ours: the count under the table. */
    total: (count: number) => `共 ${count} 张`,
  },
  success: {
    /** ours: the dialog's title. */
    title: '购买成功',
    /** spec §2. */
    bought: (member: string) => `恭喜您成功购买了${member}`,
    /** spec §2. */
    validUntil: (date: string) => `您的会员有效期至${date}`,
    /** spec §2. */
    acknowledge: '知道了',
    /** ours: the invoice contact line, when a phone is configured. */
    invoice: (phone: string) => `如需开具发票，请联系客服：${phone}`,
    /** ours: the link to My Orders (spec §4: closing otherwise reloads the page). */
    myOrders: '查看我的订单',
  },
} as const;

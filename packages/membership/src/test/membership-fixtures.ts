import type {
  ActivityDetail,
  Coupon,
  MemberInfo,
  MembershipRow,
  MemberType,
  ProductOption,
} from '@tender/contracts';
import { type PaidMemberCode, pickBestCoupon, WHOLE_COUNTRY } from '@tender/domain';
import type { MembershipApi, PrivilegeTable } from '../membership-api';

/**
 * Data shaped as the server answers it (docs/business-rules.md defaults), for component tests and stories. The
 * real server drives the same components in tooling/client-integration.
 */
const toubiaotongType: MemberType = {
  memberCode: 'toubiaotong',
  memberName: '投标通',
  memberDesc: '适合投标企业，查看招标信息与订阅',
  status: 0,
};
const qiyetongType: MemberType = {
  memberCode: 'qiyetong',
  memberName: '企业通',
  memberDesc: '更多额度，含采购意向与企业通讯录',
  status: 0,
};
const qiyeType: MemberType = {
  memberCode: 'qiye',
  memberName: '企业版',
  memberDesc: '主账号与 5 个子账号共享会员',
  status: 1,
};

export const memberTypes: MemberType[] = [toubiaotongType, qiyetongType, qiyeType];

/** Part of the server's comparison table (`memberPrivilegeList`): two groups, the cells as the server words them. */
export const privilegeTable: PrivilegeTable = {
  levels: [
    { memberCode: 'putong', memberName: '普通用户' },
    { memberCode: 'toubiaotong', memberName: '投标通' },
    { memberCode: 'qiyetong', memberName: '企业通' },
    { memberCode: 'qiye', memberName: '企业版' },
  ],
  rows: [
    {
      group: '每日可查看信息',
      label: '招标信息',
      keys: ['watchZhaobiao'],
      values: cellsOf(['免费试用3条/天', '100条/天', '200条/天', '无限']),
    },
    {
      group: '每日可查看信息',
      label: '采购意向',
      keys: ['purchaseDetail'],
      values: cellsOf(['不支持', '不支持', '50条/天', '无限']),
    },
    {
      group: '订阅',
      label: '招标订阅',
      keys: ['subscribeZhaobiao', 'subscribeZhaobiaoKeyword'],
      values: cellsOf(['1组，每组3个词', '10组，每组10个词', '20组，每组10个词', '50组，每组20个词']),
    },
  ],
};

function cellsOf(texts: readonly string[]) {
  const codes = ['putong', 'toubiaotong', 'qiyetong', 'qiye'] as const;
  return texts.map((text, index) => ({ memberCode: codes[index] ?? 'putong', text }));
}

export const coupons: Coupon[] = [
  {
    couponId: 11,
    useGoodsType: '投标通',
    orderFee: 0,
    faceValue: 200,
    effectiveEndDate: '2026-12-31 23:59:59',
    status: 1,
    activityName: '首次登录礼包',
  },
  {
    couponId: 12,
    useGoodsType: '全品类',
    orderFee: 3000,
    faceValue: 500,
    effectiveEndDate: '2026-12-31 23:59:59',
    status: 1,
    activityName: '首次登录礼包',
  },
  {
    couponId: 13,
    useGoodsType: 'VIP会员',
    orderFee: 100,
    faceValue: 50,
    effectiveEndDate: '2199-12-31 23:59:59',
    status: 3,
    activityName: '',
  },
];

export const activity: ActivityDetail = {
  id: 1,
  name: '首次登录礼包',
  description: '领取优惠券',
  startTime: null,
  endTime: null,
  coupons: [],
  joined: true,
};

export const membershipRows: MembershipRow[] = [
  {
    levelId: 2,
    memberCode: 'qiyetong',
    memberName: '企业通',
    isActive: 0,
    expireDate: '2027-11-23 20:00:00',
    payArea: '广东省,湖南省',
  },
  {
    levelId: 1,
    memberCode: 'toubiaotong',
    memberName: '投标通',
    isActive: 1,
    expireDate: '2028-02-23 20:00:00',
    payArea: '',
  },
];

/** A lookup the fixtures rely on: a miss is a broken fixture, so it throws. */
function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`fixture: no ${what}`);
  return value;
}

/** Prices of the business rules (yuan): whole country by months, and one province for 12 months. */
const PRICES: Record<PaidMemberCode, Record<number, number>> = {
  toubiaotong: { 1: 598, 3: 1580, 12: 5980 },
  qiyetong: { 1: 980, 3: 2680, 12: 9800 },
  qiye: { 12: 19800 },
};

/**
 * The products of a level for the areas, priced as the server prices them: the coupon spec §5 picks among the
 * caller's usable `couponList` for each product, taken off its payFee.
 */
export function productsFor(
  memberCode: PaidMemberCode,
  areas: readonly string[],
  couponList: readonly Coupon[] = [],
): ProductOption[] {
  const type = found(
    memberTypes.find((candidate) => candidate.memberCode === memberCode),
    memberCode,
  );
  const share = areas.includes(WHOLE_COUNTRY) ? 1 : Math.min(1, areas.length / 3);
  const monthly = (PRICES[memberCode][1] ?? found(PRICES[memberCode][12], 'yearly price') / 12) * share;
  return Object.entries(PRICES[memberCode]).map(([months, price], index) => {
    const discountFee = Math.round(price * share);
    const originalFee = Math.round(monthly * Number(months));
    const coupon = pickBestCoupon(
      couponList.filter((candidate) => candidate.status === 1),
      { price: discountFee, memberName: type.memberName },
    );
    return {
      id: 100 * (index + 1) + memberTypes.indexOf(type),
      productTypeStr: `${months}个月`,
      memberCode,
      memberName: type.memberName,
      months: Number(months),
      discountFee,
      originalFee,
      discountRate: originalFee > discountFee ? Number((1 - discountFee / originalFee).toFixed(4)) : 0,
      isSelect: Number(months) === 12,
      isCoupon: coupon !== undefined,
      couponId: coupon?.couponId ?? null,
      couponFee: coupon?.faceValue ?? 0,
      payFee: discountFee - (coupon?.faceValue ?? 0),
    };
  });
}

export interface FakeMembershipServer {
  api: MembershipApi;
  calls: { name: string; input: unknown }[];
  /** The payer pays the newest order: its status becomes 2. */
  payLatestOrder(): void;
  /** The next N product-info calls fail. */
  failProductInfo(times: number): void;
  /** Order creation waits until the returned function is called (an order "being created"). */
  holdOrderCreation(): () => void;
}

/** An in-memory stand-in of the membership endpoints, answering as the server's contracts say. */
export function fakeMembershipServer(
  options: { couponList?: Coupon[]; delayMs?: number } = {},
): FakeMembershipServer {
  const calls: { name: string; input: unknown }[] = [];
  const orders: {
    orderId: number;
    orderNo: string;
    memberCode: PaidMemberCode;
    payFee: number;
    paid: boolean;
  }[] = [];
  let productInfoFailures = 0;
  let orderCreationHeld: Promise<void> = Promise.resolve();
  const couponList = options.couponList ?? coupons;
  const answer = async <T>(name: string, input: unknown, value: () => T): Promise<T> => {
    calls.push({ name, input });
    if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    return value();
  };
  const levelName = (code: PaidMemberCode) =>
    found(
      memberTypes.find((type) => type.memberCode === code),
      code,
    ).memberName;

  const api: MembershipApi = {
    activityDetail: (input) => answer('activityDetail', input, () => activity),
    joinActivity: (input) => answer('joinActivity', input, () => ({ joined: false, coupons: [] })),
    memberTypeList: (input) => answer('memberTypeList', input, () => memberTypes),
    memberPrivilegeList: (input) => answer('memberPrivilegeList', input, () => privilegeTable),
    purchaseAuth: (input) => answer('purchaseAuth', input, () => ({ canBuy: true as const })),
    memberProductInfo: (input) =>
      answer('memberProductInfo', input, (): MemberInfo => {
        if (productInfoFailures > 0) {
          productInfoFailures--;
          throw new Error('服务器出错');
        }
        const editable = memberTypes.find((type) => type.memberCode === input.memberCode)?.status === 0;
        const requested =
          typeof input.payAreas === 'string' ? input.payAreas.split(',') : (input.payAreas ?? []);
        const areas = !editable || requested.length === 0 ? [WHOLE_COUNTRY] : requested;
        return {
          productConfigResponses: productsFor(input.memberCode, areas, couponList),
          payAreaList: areas,
          areaEditable: editable,
          couponList,
        };
      }),
    createOrder: async (input) => {
      await orderCreationHeld;
      return answer('createOrder', input, () => {
        const orderId = orders.length + 1;
        const requested =
          typeof input.payAreas === 'string' ? input.payAreas.split(',') : (input.payAreas ?? []);
        const product = productsFor(
          input.memberCode,
          requested.length === 0 ? [WHOLE_COUNTRY] : requested,
          couponList,
        ).find((p) => p.id === Number(input.productId));
        const order = {
          orderId,
          orderNo: `M20261123${String(orderId).padStart(6, '0')}`,
          memberCode: input.memberCode,
          // The server charges its own coupon choice; a couponId it did not choose takes nothing off.
          payFee:
            input.couponId !== undefined && input.couponId === product?.couponId
              ? product.payFee
              : (product?.discountFee ?? 0),
          paid: false,
        };
        orders.push(order);
        return { ...order, orderStatus: 1 } as never;
      });
    },
    orderQrcode: (input) =>
      answer('orderQrcode', input, () => {
        const order = found(
          orders.find((candidate) => candidate.orderId === Number(input.orderId)),
          'order',
        );
        return {
          orderId: order.orderId,
          orderNo: order.orderNo,
          codeUrl: `http://127.0.0.1/webchat/pay/sandbox/${order.orderNo}?t=token`,
          payFee: order.payFee,
          expireTime: '2026-11-23 22:00:00',
        };
      }),
    orderStatus: (input) =>
      answer('orderStatus', input, () => {
        const order = found(
          orders.find((candidate) => candidate.orderId === Number(input.orderId)),
          'order',
        );
        return {
          orderId: order.orderId,
          orderNo: order.orderNo,
          memberCode: order.memberCode,
          levelName: levelName(order.memberCode),
          orderStatus: order.paid ? 2 : 1,
          tradeStatus: order.paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
          endTime: order.paid ? '2027-11-23 20:00:00' : null,
        };
      }),
    findOrder: (input) =>
      answer('findOrder', input, () => {
        const order = orders.find((candidate) => candidate.orderNo === input.orderNo);
        if (!order) throw new Error('订单不存在');
        return {
          orderNo: order.orderNo,
          memberCode: order.memberCode,
          levelName: levelName(order.memberCode),
          orderStatus: order.paid ? 'TRADE_SUCCESS' : 'WAIT_BUYER_PAY',
          endTime: order.paid ? '2027-11-23 20:00:00' : null,
        };
      }),
    listMemberUpgrade: (input) => answer('listMemberUpgrade', input, () => membershipRows),
    myCouponList: (input) =>
      answer('myCouponList', input, () => {
        const size = Number(input?.pageSize ?? 5);
        const page = Number(input?.pageNumber ?? 1);
        return { records: couponList.slice((page - 1) * size, page * size), total: couponList.length };
      }),
    buyPoint: (input) => answer('buyPoint', input, () => null),
  };

  return {
    api,
    calls,
    payLatestOrder() {
      const latest = orders.at(-1);
      if (latest) latest.paid = true;
    },
    failProductInfo(times) {
      productInfoFailures = times;
    },
    holdOrderCreation() {
      let release = () => {};
      orderCreationHeld = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

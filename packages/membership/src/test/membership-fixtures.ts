import type {
  ActivityDetail,
  Coupon,
  MemberInfo,
  MemberLevel,
  MemberPrivileges,
  MembershipRow,
  MemberType,
  ProductOption,
} from '@tender/contracts';
import { type PaidMemberCode, WHOLE_COUNTRY } from '@tender/domain';
import type { MembershipApi } from '../membership-api';

/**
 * Data shaped as the server answers it (docs/business-rules.md defaults), for component tests and stories. The
 * real server drives the same components in tooling/client-integration.
 */
const privileges = (values: Partial<MemberPrivileges>, base: MemberPrivileges): MemberPrivileges => ({
  ...base,
  ...values,
});

const putong: MemberPrivileges = {
  watchZhaobiao: 3,
  watchDesignedProject: 0,
  shenPiProject: 0,
  purchaseDetail: 0,
  preProjectDetail: 0,
  subscribeZhaobiao: 1,
  subscribeZhaobiaoKeyword: 3,
  subscribeZhongbiao: 0,
  subscribeZhongbiaoKeyword: 0,
  preProjectSubscribe: 0,
  preProjectSubscribeKeyword: 0,
  subscribeDesignedProject: 0,
  companyMonitor: 0,
  projectMonitor: 0,
  downloadExpansion: false,
  detailLink: 0,
  havePcLogin: true,
  downloadAnnouncement: 0,
  watchDesignedProjectConnector: 0,
  downloadProject: 0,
  projectAnalyzer: 0,
  toubiaoPredict: 0,
  watchCompanyDetail: 3,
  bussinessAnalyzer: 0,
  watchCompanyPhoneBook: 0,
};
const toubiaotong = privileges(
  {
    watchZhaobiao: 100,
    watchDesignedProject: 20,
    shenPiProject: 20,
    preProjectDetail: 20,
    subscribeZhaobiao: 10,
    subscribeZhaobiaoKeyword: 10,
    subscribeZhongbiao: 5,
    subscribeZhongbiaoKeyword: 10,
    preProjectSubscribe: 5,
    preProjectSubscribeKeyword: 10,
    subscribeDesignedProject: 3,
    companyMonitor: 10,
    projectMonitor: 20,
    downloadExpansion: true,
    detailLink: 20,
    downloadAnnouncement: 10,
    watchDesignedProjectConnector: 10,
    downloadProject: 500,
    projectAnalyzer: 5,
    toubiaoPredict: 5,
    watchCompanyDetail: 50,
    bussinessAnalyzer: 10,
  },
  putong,
);
const qiyetong = privileges(
  {
    watchZhaobiao: 200,
    watchDesignedProject: 100,
    shenPiProject: 100,
    purchaseDetail: 50,
    preProjectDetail: 50,
    subscribeZhaobiao: 20,
    subscribeZhongbiao: 10,
    preProjectSubscribe: 10,
    subscribeDesignedProject: 10,
    companyMonitor: 50,
    projectMonitor: 100,
    detailLink: 50,
    downloadAnnouncement: 30,
    watchDesignedProjectConnector: 30,
    downloadProject: 2000,
    projectAnalyzer: 20,
    toubiaoPredict: 20,
    watchCompanyDetail: 200,
    bussinessAnalyzer: 50,
    watchCompanyPhoneBook: 20,
  },
  toubiaotong,
);
const qiye = privileges(
  {
    watchZhaobiao: -1,
    watchDesignedProject: -1,
    shenPiProject: -1,
    purchaseDetail: -1,
    preProjectDetail: -1,
    subscribeZhaobiao: 50,
    subscribeZhaobiaoKeyword: 20,
    subscribeZhongbiao: 20,
    subscribeZhongbiaoKeyword: 20,
    preProjectSubscribe: 20,
    preProjectSubscribeKeyword: 20,
    subscribeDesignedProject: 20,
    companyMonitor: 200,
    projectMonitor: 500,
    detailLink: -1,
    downloadAnnouncement: -1,
    watchDesignedProjectConnector: -1,
    downloadProject: 10000,
    projectAnalyzer: -1,
    toubiaoPredict: -1,
    watchCompanyDetail: -1,
    bussinessAnalyzer: -1,
    watchCompanyPhoneBook: -1,
  },
  qiyetong,
);

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

export const memberLevels: MemberLevel[] = [
  {
    memberCode: 'putong',
    memberName: '普通用户',
    memberDesc: '免费试用',
    status: 1,
    onSale: false,
    privileges: putong,
  },
  { ...toubiaotongType, onSale: true, privileges: toubiaotong },
  { ...qiyetongType, onSale: true, privileges: qiyetong },
  { ...qiyeType, onSale: true, privileges: qiye },
];

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

export function productsFor(memberCode: PaidMemberCode, areas: readonly string[]): ProductOption[] {
  const type = found(
    memberTypes.find((candidate) => candidate.memberCode === memberCode),
    memberCode,
  );
  const share = areas.includes(WHOLE_COUNTRY) ? 1 : Math.min(1, areas.length / 3);
  const monthly = (PRICES[memberCode][1] ?? found(PRICES[memberCode][12], 'yearly price') / 12) * share;
  return Object.entries(PRICES[memberCode]).map(([months, price], index) => {
    const discountFee = Math.round(price * share);
    const originalFee = Math.round(monthly * Number(months));
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
      isCoupon: false,
      couponId: null,
      couponFee: 0,
      payFee: discountFee,
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
    memberList: (input) => answer('memberList', input, () => memberLevels),
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
          productConfigResponses: productsFor(input.memberCode, areas),
          payAreaList: areas,
          areaEditable: editable,
          couponList,
        };
      }),
    createOrder: async (input) => {
      await orderCreationHeld;
      return answer('createOrder', input, () => {
        const orderId = orders.length + 1;
        const product = productsFor(input.memberCode, [WHOLE_COUNTRY]).find(
          (p) => p.id === Number(input.productId),
        );
        const order = {
          orderId,
          orderNo: `M20261123${String(orderId).padStart(6, '0')}`,
          memberCode: input.memberCode,
          payFee: (product?.discountFee ?? 0) - 200,
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

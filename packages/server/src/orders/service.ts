import { randomBytes } from 'node:crypto';
import { ORDER_STATUS, type Order, type ProductOption, type TradeStatus } from '@tender/contracts';
import {
  discountRate,
  fenToYuan,
  formatDateTime,
  isPaidMemberCode,
  ORDER_TRADE_SUCCESS,
  type PaidMemberCode,
  paymentAreas,
  purchaseAreaText,
  RESPONSE_CODES,
  WHOLE_COUNTRY,
} from '@tender/domain';
import { areaCatalog } from '../catalog/area-catalog';
import type { Clock } from '../clock';
import { type CouponRecord, couponQueries } from '../coupons/queries';
import { couponWire } from '../coupons/wire';
import { batcher } from '../db/batcher';
import type { Database } from '../db/database';
import { type GateCaller, gateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import { type LevelCatalog, levelCatalog, loadMembership } from '../membership/service';
import { messages } from '../messages';
import {
  type PaymentLog,
  type PaymentProvider,
  ProviderError,
  type ProviderTrade,
} from '../payments/provider';
import { type ConfirmResult, confirmPayment } from './paid-state';
import { chooseCoupon, type PricedProduct, priceProducts } from './pricing';
import { type OrderPoll, type OrderRecord, orderQueries } from './queries';

/** The status poll asks the provider about an unpaid order at most this often (spec §4 polls every 3 s). */
export const ACTIVE_QUERY_GAP_MS = 5000;

/** Provider answers to a close that mean the order cannot be paid any more. */
const ALREADY_UNPAYABLE = new Set(['ORDER_CLOSED', 'ORDER_NOT_EXIST', 'ORDERNOTEXIST']);

export interface OrderServiceDependencies {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  log: PaymentLog;
}

export interface OrderParameters {
  payType: string;
  memberCode: PaidMemberCode;
  productId: number;
  payAreas: string[];
  actiId?: number | undefined;
  couponId?: number | undefined;
}

export interface OrderKey {
  orderId?: number | undefined;
  orderNo?: string | undefined;
}

let provinces: Set<string> | undefined;

/** Purchase areas must be 全国 or province names of the area tree (spec §3 Area tree: the second level). */
function checkedAreas(areas: readonly string[]): string[] {
  provinces ??= new Set(areaCatalog().provinces.map((province) => province.name));
  for (const area of areas) {
    if (area !== WHOLE_COUNTRY && !provinces.has(area)) {
      throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.orders.unknownArea(area));
    }
  }
  return [...areas];
}

/** 'M' + China time to the second + 10 random hex digits: 25 characters, as out_trade_no allows (6–32). */
function newOrderNo(now: Date): string {
  return `M${formatDateTime(now, 'YYYYMMDDHHmmss')}${randomBytes(5).toString('hex').toUpperCase()}`;
}

const TRADE_STATUS: Record<OrderRecord['status'], TradeStatus> = {
  unpaid: 'WAIT_BUYER_PAY',
  paid: ORDER_TRADE_SUCCESS,
  closed: 'TRADE_CLOSED',
};

/** spec §3 Order as the wire carries it (yuan, China time). */
export function orderWire(order: OrderRecord, levels: LevelCatalog): Order {
  return {
    orderId: order.id,
    orderNo: order.orderNo,
    orderStatus: ORDER_STATUS[order.status],
    tradeStatus: TRADE_STATUS[order.status],
    memberCode: order.memberCode,
    memberName: levels.get(order.memberCode)?.memberName ?? order.memberCode,
    productId: order.productId,
    productTypeStr: order.productLabel,
    months: order.months,
    payArea: purchaseAreaText(order.payAreas),
    originalFee: fenToYuan(order.listPriceFen),
    discountFee: fenToYuan(order.priceFen),
    couponId: order.couponId,
    couponFee: fenToYuan(order.couponFen),
    payFee: fenToYuan(order.amountFen),
    payType: order.payType,
    createTime: formatDateTime(order.createdAt),
    expireTime: formatDateTime(order.expiresAt),
    payTime: order.paidAt ? formatDateTime(order.paidAt) : null,
  };
}

/** An open order is reused for a new request only while this much of its payment time is left. */
export const REUSE_MIN_REMAINING_MS = 10 * 60_000;

/**
 * Whether an unpaid order is the one a new request for this choice would make: the same product, areas (in any
 * order), price, activity, pay type and provider, with time left to pay. Its coupon stays the one it holds.
 */
function isSameChoice(
  order: OrderRecord,
  choice: {
    priced: PricedProduct;
    areas: readonly string[];
    actiId: number | null;
    payType: string;
    provider: string;
  },
  now: Date,
): boolean {
  const sorted = (areas: readonly string[]) => [...areas].sort().join('\u0000');
  return (
    order.status === 'unpaid' &&
    order.productId === choice.priced.product.id &&
    order.priceFen === choice.priced.priceFen &&
    order.activityId === choice.actiId &&
    order.payType === choice.payType &&
    order.provider === choice.provider &&
    sorted(order.payAreas) === sorted(choice.areas) &&
    order.expiresAt.getTime() - now.getTime() >= REUSE_MIN_REMAINING_MS
  );
}

/**
 * The order flow (spec §4 Membership order flow; docs/payments.md): product info priced by the server, order
 * creation with the coupon the server picks, the payment QR code, the status poll (which asks the provider when a
 * notification is late) and My orders. A payment becomes a membership only in `confirmPayment`.
 */
export function orderService(dependencies: OrderServiceDependencies) {
  const { db, clock, provider, log } = dependencies;
  const gates = gateService(db);
  // The modal polls every few seconds: the polls that arrive together read their orders and claim the provider
  // queries in one statement (ADR 0027).
  const pollOrder = batcher<OrderPoll, { order: OrderRecord; queryClaimed: boolean } | undefined>((polls) =>
    orderQueries(db).ofUserClaimingQueries(polls, { provider: provider.name, gapMs: ACTIVE_QUERY_GAP_MS }),
  );

  /** A level on sale, the areas it is priced for (spec §5: 全国 only when its area cannot be edited), its products. */
  async function quote(brandId: string, memberCode: PaidMemberCode, requestedAreas: readonly string[]) {
    const levels = await levelCatalog(db, brandId);
    const level = levels.get(memberCode);
    if (!level?.onSale || !isPaidMemberCode(level.memberCode)) {
      throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.orders.levelNotOnSale(memberCode));
    }
    const areas = paymentAreas(level.status, checkedAreas(requestedAreas));
    const products = priceProducts(await orderQueries(db).productsOf(brandId, memberCode), areas);
    return { levels, level, areas, products };
  }

  async function checkActivity(brandId: string, actiId: number | undefined, now: Date): Promise<void> {
    if (actiId === undefined) return;
    const [activity] = await couponQueries(db).activities(brandId, now, actiId);
    if (!activity) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.orders.activityNotFound);
  }

  /**
   * The coupons the caller's next order chooses from: the usable ones and those its own unpaid orders hold, since
   * creating an order closes those first and frees their coupons. Quoting from the usable ones alone told the
   * modal, after its first order, that the coupon was gone while the next order still got it.
   */
  async function couponsForNextOrder(brandId: string, userId: number, now: Date): Promise<CouponRecord[]> {
    const coupons = couponQueries(db);
    const held: CouponRecord[] = [];
    for (const order of await orderQueries(db).unpaidOfUser(brandId, userId)) {
      const coupon =
        order.couponId === null ? undefined : await coupons.find(brandId, userId, order.couponId);
      if (coupon && coupon.usedOrderId === null && coupon.effectiveFrom <= now && coupon.effectiveUntil > now)
        held.push(coupon);
    }
    // Ties of the coupon rule fall back to this order, as they do for `usable`.
    return [...(await coupons.usable(brandId, userId, now)), ...held].sort((a, b) => a.id - b.id);
  }

  /** A provider's "paid" becomes a confirmation through the one paid-state path. */
  async function settle(
    trade: ProviderTrade,
    via: 'query' | 'reconcile',
  ): Promise<ConfirmResult | undefined> {
    if (trade.state !== 'SUCCESS' || trade.transactionId === undefined || trade.amountFen === undefined) {
      return undefined;
    }
    return confirmPayment(
      { db, clock, log },
      {
        orderNo: trade.orderNo,
        provider: provider.name,
        transactionId: trade.transactionId,
        amountFen: trade.amountFen,
        paidAt: trade.successTime ?? clock(),
        via,
      },
    );
  }

  /**
   * Makes an unpaid order unpayable at the provider so it can be closed here. When the provider will not close it
   * because it was paid meanwhile, the payment is confirmed instead. True when the order may be closed.
   */
  async function closeAtProvider(order: OrderRecord, via: 'query' | 'reconcile'): Promise<boolean> {
    if (order.provider !== provider.name) return true;
    try {
      const trade = await provider.query(order.orderNo);
      if (trade.state === 'SUCCESS') {
        await settle(trade, via);
        return false;
      }
      await provider.close(order.orderNo);
      return true;
    } catch (error) {
      if (error instanceof ProviderError && error.code && ALREADY_UNPAYABLE.has(error.code)) return true;
      log.warn({ orderNo: order.orderNo, err: error }, 'could not close the order at the payment provider');
      return false;
    }
  }

  async function ownOrder(caller: GateCaller, key: OrderKey): Promise<OrderRecord> {
    const order = await orderQueries(db).ofUser(caller.tenant.id, caller.userId, key);
    if (!order) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.orders.orderNotFound);
    return order;
  }

  /** When the level an order bought now runs out (the purchase-success dialog's date), once it is paid. */
  async function endTimeOf(caller: GateCaller, order: OrderRecord): Promise<string | null> {
    if (order.status !== 'paid') return null;
    const membership = await loadMembership(db, caller.tenant.id, caller.userId, caller.now);
    const period = membership.periods.find((candidate) => candidate.level === order.memberCode);
    return period ? formatDateTime(period.expiresAt) : null;
  }

  return {
    /** The membership modal's member product info (spec §3 Member info response). */
    async memberInfo(
      caller: GateCaller,
      input: { memberCode: PaidMemberCode; payAreas: string[]; actiId?: number | undefined },
    ) {
      const { level, areas, products } = await quote(caller.tenant.id, input.memberCode, input.payAreas);
      await checkActivity(caller.tenant.id, input.actiId, caller.now);
      const coupons = await couponsForNextOrder(caller.tenant.id, caller.userId, caller.now);
      const preselected =
        products.find((priced) => priced.product.preselected)?.product.id ?? products.at(-1)?.product.id;
      const options: ProductOption[] = products.map(({ product, priceFen, listPriceFen }) => {
        const coupon = chooseCoupon(coupons, priceFen, level.memberName);
        const couponFen = coupon?.faceValueFen ?? 0;
        return {
          id: product.id,
          productTypeStr: product.label,
          memberCode: product.memberCode,
          memberName: level.memberName,
          months: product.months,
          discountFee: fenToYuan(priceFen),
          originalFee: fenToYuan(listPriceFen),
          discountRate: discountRate(priceFen, listPriceFen),
          isSelect: product.id === preselected,
          isCoupon: coupon !== undefined,
          couponId: coupon?.id ?? null,
          couponFee: fenToYuan(couponFen),
          payFee: fenToYuan(priceFen - couponFen),
        };
      });
      return {
        productConfigResponses: options,
        payAreaList: areas,
        areaEditable: level.status === 0,
        couponList: coupons.map((coupon) => couponWire(coupon, caller.now)),
      };
    },

    /**
     * Creates an order at the server's price (spec §5 coupon and area rules), or answers the caller's open order
     * for the same choice (one order per purchase: a second click, a double submit, or two tabs asking at once
     * get the same order and the same QR code). The caller's other unpaid orders are closed first — at the
     * provider, then here — so only the newest QR code can be paid and the coupons they held are free again; one
     * the provider cannot close stays open (and keeps its coupon) until it expires.
     */
    async create(
      caller: GateCaller,
      params: OrderParameters,
    ): Promise<{ order: OrderRecord; levels: LevelCatalog }> {
      await gates.enforcePurchase(caller);
      const brandId = caller.tenant.id;
      const { levels, level, areas, products } = await quote(brandId, params.memberCode, params.payAreas);
      const priced = products.find((candidate) => candidate.product.id === params.productId);
      if (!priced) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.orders.productNotFound);
      await checkActivity(brandId, params.actiId, caller.now);
      const choice = {
        priced,
        areas,
        actiId: params.actiId ?? null,
        payType: params.payType,
        provider: provider.name,
      };

      const retired: number[] = [];
      for (const open of await orderQueries(db).unpaidOfUser(brandId, caller.userId)) {
        if (isSameChoice(open, choice, clock())) continue;
        if (await closeAtProvider(open, 'query')) retired.push(open.id);
      }
      const order = await db.transaction(async (tx) => {
        const queries = orderQueries(tx);
        const coupons = couponQueries(tx);
        const now = clock();
        // Under the buyer's lock: a request for the same choice that came in meanwhile has made its order by now.
        await queries.lockUser(brandId, caller.userId);
        const open = await queries.unpaidOfUser(brandId, caller.userId);
        const reusable = open.find((candidate) => isSameChoice(candidate, choice, now));
        // An order made meanwhile for another choice has no QR code yet: the provider never saw it, close it here.
        const neverPrepaid = open.filter((candidate) => candidate !== reusable && candidate.codeUrl === null);
        await coupons.release(
          await queries.close(
            [...retired, ...neverPrepaid.map((candidate) => candidate.id)],
            'superseded',
            now,
          ),
        );
        if (reusable) return reusable;
        const coupon = chooseCoupon(
          await coupons.usable(brandId, caller.userId, now),
          priced.priceFen,
          level.memberName,
        );
        const couponFen = coupon?.faceValueFen ?? 0;
        const ttlMinutes = await queries.unpaidTtlMinutes(brandId);
        const created = await queries.insert({
          orderNo: newOrderNo(now),
          brandId,
          userId: caller.userId,
          productId: priced.product.id,
          memberCode: priced.product.memberCode,
          months: priced.product.months,
          productLabel: priced.product.label,
          payAreas: areas,
          listPriceFen: priced.listPriceFen,
          priceFen: priced.priceFen,
          couponId: coupon?.id ?? null,
          couponFen,
          amountFen: priced.priceFen - couponFen,
          payType: params.payType,
          provider: provider.name,
          activityId: params.actiId ?? null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + ttlMinutes * 60_000),
        });
        // The buyer's row is locked, so no other order of theirs can take the coupon meanwhile.
        if (coupon && !(await coupons.reserve(coupon.id, caller.userId, created.id))) {
          throw new Error(`coupon ${coupon.id} was taken under the buyer's lock`);
        }
        return created;
      });
      if (params.couponId !== undefined && params.couponId !== order.couponId) {
        log.info(
          { orderNo: order.orderNo, clientCouponId: params.couponId, couponId: order.couponId },
          'the client proposed another coupon; the server rule decided',
        );
      }
      return { order, levels };
    },

    /** The QR code of an unpaid order: made once at the provider, then answered again until the order closes. */
    async paymentQr(caller: GateCaller, key: OrderKey, baseUrl: string) {
      let order = await ownOrder(caller, key);
      const refuse = (current: OrderRecord) => {
        if (current.status === 'paid') throw new BusinessError(409, messages.orders.orderPaid);
        if (
          current.status === 'closed' ||
          current.expiresAt.getTime() <= clock().getTime() ||
          current.provider !== provider.name
        ) {
          throw new BusinessError(409, messages.orders.orderClosed);
        }
      };
      refuse(order);
      if (!order.codeUrl) {
        const levels = await levelCatalog(db, caller.tenant.id);
        let codeUrl: string;
        try {
          ({ codeUrl } = await provider.prepay({
            orderNo: order.orderNo,
            description: messages.orders.paymentDescription(
              caller.tenant.name,
              levels.get(order.memberCode)?.memberName ?? order.memberCode,
              order.productLabel,
            ),
            amountFen: order.amountFen,
            expiresAt: order.expiresAt,
            baseUrl,
          }));
        } catch (error) {
          log.error({ orderNo: order.orderNo, err: error }, 'prepay failed');
          await orderQueries(db).insertPaymentEvent({
            orderNo: order.orderNo,
            provider: provider.name,
            source: 'prepay',
            outcome: 'failed',
            detail: { message: error instanceof Error ? error.message : String(error) },
            createdAt: clock(),
          });
          throw new BusinessError(502, messages.orders.providerUnavailable);
        }
        await orderQueries(db).setCodeUrl(order.id, codeUrl);
        order = await ownOrder(caller, key);
        if (order.status !== 'unpaid' || !order.codeUrl) {
          // Closed while the code was being made: make sure the fresh code cannot be paid either.
          await closeAtProvider(order, 'query');
          refuse({ ...order, status: order.status === 'unpaid' ? 'closed' : order.status });
        }
      }
      return {
        orderId: order.id,
        orderNo: order.orderNo,
        codeUrl: order.codeUrl as string,
        payFee: fenToYuan(order.amountFen),
        expireTime: formatDateTime(order.expiresAt),
      };
    },

    /**
     * An order's state for the status poll and the success dialog. While it is unpaid the provider is asked (at
     * most every {@link ACTIVE_QUERY_GAP_MS}), so a late or lost notification does not keep the buyer waiting.
     */
    async progress(caller: GateCaller, key: OrderKey) {
      const polled = await pollOrder({
        brandId: caller.tenant.id,
        userId: caller.userId,
        orderId: key.orderId,
        orderNo: key.orderNo,
        now: clock(),
      });
      if (!polled) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.orders.orderNotFound);
      let order = polled.order;
      if (polled.queryClaimed) {
        try {
          if (await settle(await provider.query(order.orderNo), 'query')) order = await ownOrder(caller, key);
        } catch (error) {
          log.warn({ orderNo: order.orderNo, err: error }, 'order query at the payment provider failed');
        }
      }
      const levels = await levelCatalog(db, caller.tenant.id);
      return {
        order,
        levelName: levels.get(order.memberCode)?.memberName ?? order.memberCode,
        endTime: await endTimeOf(caller, order),
      };
    },

    async myOrders(caller: GateCaller, page: { pageNumber: number; pageSize: number }) {
      const [{ records, total }, levels] = await Promise.all([
        orderQueries(db).page(caller.tenant.id, caller.userId, {
          limit: page.pageSize,
          offset: (page.pageNumber - 1) * page.pageSize,
        }),
        levelCatalog(db, caller.tenant.id),
      ]);
      return { records: records.map((order) => orderWire(order, levels)), total };
    },

    /** Closes unpaid orders past their expiry (asking the provider first whether one was paid in time). */
    async closeExpired(limit = 100): Promise<{ closed: number; credited: number }> {
      let closed = 0;
      let credited = 0;
      for (const order of await orderQueries(db).expiredUnpaid(clock(), limit)) {
        if (!(await closeAtProvider(order, 'reconcile'))) {
          const latest = await orderQueries(db).byOrderNo(order.orderNo);
          if (latest?.status === 'paid') credited += 1;
          continue;
        }
        const done = await db.transaction(async (tx) => {
          const ids = await orderQueries(tx).close([order.id], 'expired', clock());
          await couponQueries(tx).release(ids);
          return ids.length;
        });
        if (done) {
          closed += 1;
          await orderQueries(db).insertPaymentEvent({
            orderNo: order.orderNo,
            provider: order.provider,
            source: 'close',
            outcome: 'expired',
            detail: { expiresAt: order.expiresAt.toISOString() },
            createdAt: clock(),
          });
        }
      }
      if (closed) log.info({ closed }, 'expired orders closed');
      return { closed, credited };
    },

    /** Asks the provider about unpaid orders whose notification may have been lost (reconciliation). */
    async reconcile(limit = 100): Promise<{ credited: number }> {
      let credited = 0;
      const due = await orderQueries(db).dueForReconcile(clock(), 60_000, 5 * 60_000, limit);
      for (const order of due) {
        if (order.provider !== provider.name) continue;
        if (!(await orderQueries(db).claimQuery(order.id, clock(), ACTIVE_QUERY_GAP_MS))) continue;
        try {
          const result = await settle(await provider.query(order.orderNo), 'reconcile');
          if (result?.outcome === 'credited') credited += 1;
        } catch (error) {
          log.warn({ orderNo: order.orderNo, err: error }, 'reconciliation query failed');
        }
      }
      return { credited };
    },
  };
}

export type OrderService = ReturnType<typeof orderService>;

import type { ActivityDetail, Coupon, MemberInfo, MemberType, Order, ProductOption } from '@tender/contracts';
import {
  DEFAULT_PAY_TYPE,
  MEMBER_INFO_RETRY_LIMIT,
  ORDER_POLL_INTERVAL_MS,
  ORDER_STATUS_PAID,
  type PaidMemberCode,
  WHOLE_COUNTRY,
} from '@tender/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { MembershipApi, PrivilegeTable } from '../membership-api';
import type { PurchaseResult } from '../pending-purchase';

/** The order being paid: what the QR code encodes and what the server will charge. */
export interface PaymentOrder {
  orderId: number;
  orderNo: string;
  codeUrl: string;
  /** The server's amount (yuan): the payable amount shown. */
  payFee: number;
}

export interface MembershipOrderState {
  phase: 'loading' | 'ready' | 'failed';
  /** The member types on sale (the carousel). */
  types: MemberType[];
  /** The comparison table, worded by the server for the brand (`memberPrivilegeList`). */
  comparison: PrivilegeTable | undefined;
  activity: ActivityDetail | null;
  memberCode: PaidMemberCode | undefined;
  /** The areas chosen for the current type (restored per type, spec §4). */
  areas: string[];
  info: MemberInfo | undefined;
  product: ProductOption | undefined;
  /** The coupon the server chose for the product (its couponId), shown with the product's couponFee. */
  coupon: Coupon | undefined;
  order: PaymentOrder | undefined;
  creatingOrder: boolean;
  loadingProducts: boolean;
}

export interface UseMembershipOrderOptions {
  api: MembershipApi;
  opened: boolean;
  /** The level to show first (a refusal's upgradeMemberCode, or the caller's choice). */
  initialMemberCode?: PaidMemberCode | null;
  /** Whether the initial level is forced (spec §2: from the purchase-intent gate): other types are blocked. */
  forced?: boolean;
  /**
   * 去支付 on 我的订单: open on this unpaid order — its level, areas and duration chosen and its own QR code shown —
   * instead of making another.
   */
  resumeOrder?: Order | null;
  /** An order was made: remember it for pending purchase tracking. */
  onOrderCreated?(orderNo: string): void;
  /** The poll saw status 2 (spec §4 step 3). */
  onPaid(result: PurchaseResult): void;
  pollIntervalMs?: number;
}

const INITIAL: MembershipOrderState = {
  phase: 'loading',
  types: [],
  comparison: undefined,
  activity: null,
  memberCode: undefined,
  areas: [WHOLE_COUNTRY],
  info: undefined,
  product: undefined,
  coupon: undefined,
  order: undefined,
  creatingOrder: false,
  loadingProducts: false,
};

/** What the member chose for one type: restored when they come back to it (spec §4 step 5). */
interface TypeChoice {
  areas: string[];
  months: number | undefined;
}

/**
 * The coupon the server chose for a product (its `couponId`, spec §5's rule applied there), as the caller holds it;
 * the client picks none of its own, so the coupon shown is the one the product's payFee already takes off.
 */
function couponFor(product: ProductOption, info: MemberInfo): Coupon | undefined {
  if (product.couponId === null) return undefined;
  return info.couponList.find((candidate) => candidate.couponId === product.couponId);
}

/** The areas of an order as the chooser holds them: '全国', or the provinces of its '，'-joined payArea. */
function areasOfOrder(order: Order): string[] {
  return order.payArea
    .split(/[，,]/)
    .map((area) => area.trim())
    .filter((area) => area !== '');
}

/**
 * spec §4 Membership order flow, as state for the modal: loads activity, types, privileges and product info
 * (retrying with 全国 up to 5 times on failure); choosing a product picks the coupon. One order per purchase (issue
 * 33): the order is made only when the member asks for the QR code (`requestPayment`), for exactly what is
 * selected, and any change of type, duration or areas takes the QR code away. A change of areas or type keeps the
 * chosen duration; a type seen before gets back its own last areas and duration. The order's status is polled every
 * 3 s until 2; changing type is blocked while an order is being created.
 */
export function useMembershipOrder(options: UseMembershipOrderOptions) {
  const { api, opened, initialMemberCode, forced = false, pollIntervalMs = ORDER_POLL_INTERVAL_MS } = options;
  const [state, setState] = useState<MembershipOrderState>(INITIAL);
  const stateRef = useRef(state);
  stateRef.current = state;
  const callbacks = useRef(options);
  callbacks.current = options;
  // The app may pass a new api object on each render; the flow must not restart because of it.
  const apiRef = useRef(api);
  apiRef.current = api;
  const choiceByType = useRef(new Map<PaidMemberCode, TypeChoice>());
  /** Each product load or order creation takes a ticket; answers of an older ticket are dropped. */
  const ticket = useRef(0);

  const track = useCallback(
    (
      event: string,
      detail: Parameters<MembershipApi['buyPoint']>[0] extends infer I
        ? Omit<NonNullable<I>, 'event'>
        : never = {},
    ) => {
      apiRef.current.buyPoint({ event, ...detail }, { silent: true }).catch(() => {});
    },
    [],
  );

  /** Makes (or, on the server, reuses) the order for what is selected now and fetches its QR code. */
  const requestPayment = useCallback(async () => {
    const { info, product, areas, activity, coupon, creatingOrder, order } = stateRef.current;
    if (!info || !product || creatingOrder || order) return;
    const mine = ++ticket.current;
    setState((previous) => ({ ...previous, creatingOrder: true }));
    try {
      const created = await apiRef.current.createOrder(
        {
          payType: DEFAULT_PAY_TYPE,
          memberCode: product.memberCode,
          productId: product.id,
          payAreas: areas,
          ...(activity ? { actiId: activity.id } : {}),
          ...(coupon ? { couponId: coupon.couponId } : {}),
        },
        { silent: true },
      );
      const qr = await apiRef.current.orderQrcode({ orderId: created.orderId }, { silent: true });
      if (mine !== ticket.current) return;
      callbacks.current.onOrderCreated?.(created.orderNo);
      track('showQrcode', { memberCode: product.memberCode, orderNo: created.orderNo });
      setState((previous) => ({
        ...previous,
        creatingOrder: false,
        order: { orderId: created.orderId, orderNo: created.orderNo, codeUrl: qr.codeUrl, payFee: qr.payFee },
      }));
    } catch {
      // spec §8: order creation failure is silently ignored; only the loading state resets.
      if (mine === ticket.current) setState((previous) => ({ ...previous, creatingOrder: false }));
    }
  }, [track]);

  /** Chooses a product: its coupon and price show, the QR code of another choice goes away. */
  const choose = useCallback(
    (product: ProductOption, info: MemberInfo) => {
      ticket.current++;
      const previous = choiceByType.current.get(product.memberCode);
      choiceByType.current.set(product.memberCode, {
        areas: previous?.areas ?? stateRef.current.areas,
        months: product.months,
      });
      setState((current) => ({
        ...current,
        product,
        coupon: couponFor(product, info),
        order: undefined,
        creatingOrder: false,
      }));
      track('chooseProduct', { memberCode: product.memberCode, productId: product.id });
    },
    [track],
  );

  const loadProducts = useCallback(
    async (
      memberCode: PaidMemberCode,
      areas: string[],
      months: number | undefined,
      activity: ActivityDetail | null,
    ): Promise<ProductOption | undefined> => {
      const mine = ++ticket.current;
      setState((previous) => ({
        ...previous,
        memberCode,
        areas,
        info: undefined,
        product: undefined,
        coupon: undefined,
        order: undefined,
        creatingOrder: false,
        loadingProducts: true,
      }));
      const actiId = activity ? { actiId: activity.id } : {};
      let info: MemberInfo | undefined;
      let paidAreas = areas;
      // spec §4 step 6: a failed load retries with the whole country, up to 5 times.
      for (let attempt = 0; attempt <= MEMBER_INFO_RETRY_LIMIT && info === undefined; attempt++) {
        if (attempt > 0) paidAreas = [WHOLE_COUNTRY];
        info = await apiRef.current
          .memberProductInfo(
            { memberCode, payAreas: paidAreas, ...actiId },
            { silent: attempt < MEMBER_INFO_RETRY_LIMIT },
          )
          .catch(() => undefined);
        if (mine !== ticket.current) return undefined;
      }
      if (info === undefined) {
        setState((previous) => ({ ...previous, phase: 'failed', loadingProducts: false }));
        return undefined;
      }
      const loaded = info;
      const options = loaded.productConfigResponses;
      // The duration the member chose stays chosen; without one (or one this type does not sell) the server's pick.
      const product =
        options.find((option) => option.months === months) ??
        options.find((option) => option.isSelect) ??
        options[0];
      choiceByType.current.set(memberCode, { areas: loaded.payAreaList, months: product?.months ?? months });
      setState((previous) => ({
        ...previous,
        phase: 'ready',
        areas: loaded.payAreaList,
        info: loaded,
        product,
        coupon: product ? couponFor(product, loaded) : undefined,
        loadingProducts: false,
      }));
      return product;
    },
    [],
  );

  /** 去支付: the order's own choices, then its own QR code (the server answers the code it made before). */
  const resume = useCallback(
    async (order: Order, activity: ActivityDetail | null) => {
      const product = await loadProducts(order.memberCode, areasOfOrder(order), order.months, activity);
      if (!product || product.id !== order.productId) return;
      const mine = ticket.current;
      setState((previous) => ({ ...previous, creatingOrder: true }));
      try {
        const qr = await apiRef.current.orderQrcode({ orderId: order.orderId }, { silent: true });
        if (mine !== ticket.current) return;
        setState((previous) => ({
          ...previous,
          creatingOrder: false,
          order: { orderId: order.orderId, orderNo: order.orderNo, codeUrl: qr.codeUrl, payFee: qr.payFee },
        }));
      } catch {
        // Closed or paid meanwhile: the same choices stay selected for a new QR code.
        if (mine === ticket.current) setState((previous) => ({ ...previous, creatingOrder: false }));
      }
    },
    [loadProducts],
  );

  // spec §4 step 1: on opening, load activity, member types, privileges and the first type's products.
  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    choiceByType.current.clear();
    setState(INITIAL);
    const loadActivity = async () => {
      const activity = await apiRef.current.activityDetail({}, { silent: true }).catch(() => null);
      // Joining grants the activity's coupons once per account (spec §7 joinActivity: coupon activation).
      if (activity && !activity.joined)
        await apiRef.current.joinActivity({ actiId: activity.id }, { silent: true }).catch(() => {});
      return activity;
    };
    Promise.all([loadActivity(), apiRef.current.memberTypeList(), apiRef.current.memberPrivilegeList()]).then(
      ([activity, types, comparison]) => {
        if (cancelled) return;
        const onSale = types.filter(
          (type): type is MemberType & { memberCode: PaidMemberCode } => type.memberCode !== 'putong',
        );
        setState((previous) => ({ ...previous, activity, types: onSale, comparison }));
        const resumed = callbacks.current.resumeOrder;
        const firstCode = resumed?.memberCode ?? initialMemberCode;
        const first = onSale.find((type) => type.memberCode === firstCode) ?? onSale[0];
        track('openModal', first ? { memberCode: first.memberCode } : {});
        if (first && resumed?.memberCode === first.memberCode) void resume(resumed, activity);
        else if (first) void loadProducts(first.memberCode, [WHOLE_COUNTRY], undefined, activity);
        else setState((previous) => ({ ...previous, phase: 'failed' }));
      },
      () => {
        if (!cancelled) setState((previous) => ({ ...previous, phase: 'failed' }));
      },
    );
    return () => {
      cancelled = true;
      ticket.current++;
    };
  }, [opened, initialMemberCode, loadProducts, resume, track]);

  // spec §4 step 3: poll every 3 s while the status is not 2.
  const orderId = state.order?.orderId;
  useEffect(() => {
    if (!opened || orderId === undefined) return;
    let stopped = false;
    const timer = setInterval(() => {
      apiRef.current.orderStatus({ orderId }, { silent: true }).then(
        (status) => {
          if (stopped || status.orderStatus !== ORDER_STATUS_PAID) return;
          stopped = true;
          clearInterval(timer);
          track('paySuccess', { memberCode: status.memberCode, orderNo: status.orderNo });
          callbacks.current.onPaid({
            memberName: status.levelName,
            endTime: status.endTime,
            orderNo: status.orderNo,
          });
        },
        () => {},
      );
    }, pollIntervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [opened, orderId, pollIntervalMs, track]);

  const selectType = useCallback(
    (memberCode: PaidMemberCode) => {
      const current = stateRef.current;
      // spec §4 step 5: blocked while an order is being created; a forced level stays.
      if (
        current.creatingOrder ||
        (forced && memberCode !== current.memberCode) ||
        memberCode === current.memberCode
      ) {
        return;
      }
      // A type seen before gets back its own areas and duration; a new one keeps what is chosen now.
      const restored = choiceByType.current.get(memberCode);
      void loadProducts(
        memberCode,
        restored?.areas ?? current.areas,
        restored?.months ?? current.product?.months,
        current.activity,
      );
    },
    [forced, loadProducts],
  );

  const selectProduct = useCallback(
    (productId: number) => {
      const { info, product, creatingOrder } = stateRef.current;
      const next = info?.productConfigResponses.find((option) => option.id === productId);
      if (!info || !next || creatingOrder || next.id === product?.id) return;
      choose(next, info);
    },
    [choose],
  );

  const changeAreas = useCallback(
    (areas: string[]) => {
      const { memberCode, activity, product } = stateRef.current;
      if (!memberCode) return;
      void loadProducts(memberCode, areas, product?.months, activity);
    },
    [loadProducts],
  );

  return { state, selectType, selectProduct, changeAreas, requestPayment };
}

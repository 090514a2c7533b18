import type { ActivityDetail, Coupon, MemberInfo, MemberType, ProductOption } from '@tender/contracts';
import {
  DEFAULT_PAY_TYPE,
  MEMBER_INFO_RETRY_LIMIT,
  ORDER_POLL_INTERVAL_MS,
  ORDER_STATUS_PAID,
  type PaidMemberCode,
  pickBestCoupon,
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
  /** The coupon spec §5's rule picks among the caller's coupons for the product (display; the server decides). */
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

/**
 * spec §4 Membership order flow, as state for the modal: loads activity, types, privileges and product info
 * (retrying with 全国 up to 5 times on failure); choosing a product picks the coupon, creates the order and fetches
 * its QR code; the order's status is polled every 3 s until 2; changing type is blocked while an order is being
 * created and restores that type's last areas.
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
  const areasByType = useRef(new Map<PaidMemberCode, string[]>());
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

  const createOrder = useCallback(
    async (product: ProductOption, info: MemberInfo, areas: string[], activity: ActivityDetail | null) => {
      const mine = ++ticket.current;
      const coupon = pickBestCoupon(
        info.couponList.filter((candidate) => candidate.status === 1),
        { price: product.discountFee, memberName: product.memberName },
      );
      setState((previous) => ({ ...previous, product, coupon, order: undefined, creatingOrder: true }));
      track('chooseProduct', { memberCode: product.memberCode, productId: product.id });
      try {
        const order = await apiRef.current.createOrder(
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
        const qr = await apiRef.current.orderQrcode({ orderId: order.orderId }, { silent: true });
        if (mine !== ticket.current) return;
        callbacks.current.onOrderCreated?.(order.orderNo);
        track('showQrcode', { memberCode: product.memberCode, orderNo: order.orderNo });
        setState((previous) => ({
          ...previous,
          creatingOrder: false,
          order: { orderId: order.orderId, orderNo: order.orderNo, codeUrl: qr.codeUrl, payFee: qr.payFee },
        }));
      } catch {
        // spec §8: order creation failure is silently ignored; only the loading state resets.
        if (mine === ticket.current) setState((previous) => ({ ...previous, creatingOrder: false }));
      }
    },
    [track],
  );

  const loadProducts = useCallback(
    async (memberCode: PaidMemberCode, areas: string[], activity: ActivityDetail | null) => {
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
        if (mine !== ticket.current) return;
      }
      if (info === undefined) {
        setState((previous) => ({ ...previous, phase: 'failed', loadingProducts: false }));
        return;
      }
      const loaded = info;
      areasByType.current.set(memberCode, loaded.payAreaList);
      setState((previous) => ({
        ...previous,
        phase: 'ready',
        areas: loaded.payAreaList,
        info: loaded,
        loadingProducts: false,
      }));
      const product =
        loaded.productConfigResponses.find((option) => option.isSelect) ?? loaded.productConfigResponses[0];
      if (product) await createOrder(product, loaded, loaded.payAreaList, activity);
    },
    [createOrder],
  );

  // spec §4 step 1: on opening, load activity, member types, privileges and the first type's products.
  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    areasByType.current.clear();
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
        const first = onSale.find((type) => type.memberCode === initialMemberCode) ?? onSale[0];
        track('openModal', first ? { memberCode: first.memberCode } : {});
        if (first) void loadProducts(first.memberCode, [WHOLE_COUNTRY], activity);
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
  }, [opened, initialMemberCode, loadProducts, track]);

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
      void loadProducts(memberCode, areasByType.current.get(memberCode) ?? [WHOLE_COUNTRY], current.activity);
    },
    [forced, loadProducts],
  );

  const selectProduct = useCallback(
    (productId: number) => {
      const { info, areas, activity, product, creatingOrder } = stateRef.current;
      const next = info?.productConfigResponses.find((option) => option.id === productId);
      if (!info || !next || creatingOrder || next.id === product?.id) return;
      void createOrder(next, info, areas, activity);
    },
    [createOrder],
  );

  const changeAreas = useCallback(
    (areas: string[]) => {
      const { memberCode, activity } = stateRef.current;
      if (!memberCode) return;
      areasByType.current.set(memberCode, areas);
      void loadProducts(memberCode, areas, activity);
    },
    [loadProducts],
  );

  return { state, selectType, selectProduct, changeAreas };
}

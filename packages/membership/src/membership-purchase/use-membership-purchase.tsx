import { isApiError } from '@tender/api-client';
import type { Order } from '@tender/contracts';
import { type AreaNode, type PaidMemberCode, TIP_DURATION_MS } from '@tender/domain';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { CouponDialog } from '../coupon-dialog';
import type { MembershipApi } from '../membership-api';
import { MembershipModal } from '../membership-modal';
import { messages } from '../messages';
import {
  checkPendingPurchase,
  clearPendingPurchase,
  markPendingPurchase,
  type PurchaseResult,
} from '../pending-purchase';
import { PurchaseSuccessDialog } from '../purchase-success-dialog';
import { ServicePeriodDialog } from '../service-period-dialog';

export interface OpenMembershipOptions {
  /** The level to preselect (a refusal's upgradeMemberCode). */
  memberCode?: PaidMemberCode | null;
  /** spec §2: opened from the purchase-intent gate — the level is forced. */
  forced?: boolean;
  /** 去支付 on 我的订单: the unpaid order to resume (its choices and its own QR code, no new order). */
  order?: Order;
}

export interface UseMembershipPurchaseOptions {
  api: MembershipApi;
  /** The signed-in user: only the primary account may buy (spec §1, §5). */
  user: { primaryUser: boolean } | undefined;
  /** The brand allows paying (`brand.flags.payment`; the server decides too). */
  allowPay: boolean;
  /** `loadAreaTree(client)` of @tender/api-client. */
  areaTree: readonly AreaNode[];
  /** The phone of the success dialog's invoice line (server configuration). */
  invoicePhone?: string;
  /** The app's one-at-a-time message (`@tender/ui-kit` `showMessage`): '仅支持主账号购买会员' for 3 s. */
  showMessage(text: string, durationMs: number): void;
  /** The brand does not allow paying: open the unPay permission dialog. */
  onUnPay(): void;
  /** A purchase was confirmed (modal poll or pending tracking): refresh the user (the top-bar badge). */
  onPurchased?(result: PurchaseResult): void;
  /** 知道了 on the success dialog: spec §4 step 4 — reload the page. */
  onSuccessClosed(): void;
  /** The success dialog's link to My Orders (no reload). */
  onViewOrders?(): void;
  /** Where pending purchases are remembered; default localStorage. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Order poll interval; default 3000 ms. */
  pollIntervalMs?: number;
}

export interface MembershipPurchaseState {
  /** 开通会员 / 续费升级 / a permission dialog's upgrade button. */
  openMembership(options?: OpenMembershipOptions): Promise<void>;
  /**
   * Closes the modal (the member navigated away from the page that opened it); an order already made stays
   * tracked as a pending purchase.
   */
  closeMembership(): void;
  /** Call on every route change (spec §4 Pending purchase tracking). */
  checkPendingPurchase(): Promise<void>;
  /** The user popover's 服务期明细 link. */
  openServicePeriod(): void;
  /** The user popover's coupon entry (only when the company allows paying). */
  openCoupons(): void;
  /** Render once in the layout: the modal, the success, service-period and coupon dialogs. */
  element: ReactNode;
}

/**
 * The layout's membership pieces (spec §2 Global layout: "a member-upgrade modal, a payment-success modal"): who may
 * open the modal (primary account, brand allows paying — else 仅支持主账号购买会员 for 3 s, or the unPay popup),
 * the modal, the success dialog, pending purchase tracking, the service-period and coupon dialogs.
 */
export function useMembershipPurchase(options: UseMembershipPurchaseOptions): MembershipPurchaseState {
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [modal, setModal] = useState<OpenMembershipOptions & { opened: boolean }>({ opened: false });
  const [success, setSuccess] = useState<PurchaseResult>();
  const [servicePeriodOpened, setServicePeriodOpened] = useState(false);
  const [couponsOpened, setCouponsOpened] = useState(false);
  const store = () => optionsRef.current.storage ?? window.localStorage;

  const openMembership = useCallback(async (open: OpenMembershipOptions = {}) => {
    const { user, allowPay, api, showMessage, onUnPay } = optionsRef.current;
    if (user && !user.primaryUser) {
      showMessage(messages.modal.primaryAccountOnly, TIP_DURATION_MS);
      return;
    }
    if (!allowPay) {
      onUnPay();
      return;
    }
    // The server is the authority (brand allowPay, primary account): ask before showing prices.
    try {
      await api.purchaseAuth({}, { handleCodes: [403] });
    } catch (error) {
      if (!isApiError(error) || error.code !== 403) return;
      const refusal = error.data as { type?: string } | null;
      if (refusal?.type === 'unPay') onUnPay();
      else showMessage(error.message || messages.modal.primaryAccountOnly, TIP_DURATION_MS);
      return;
    }
    setModal({
      opened: true,
      memberCode: open.order?.memberCode ?? open.memberCode,
      forced: open.forced,
      order: open.order,
    });
  }, []);

  const showSuccess = useCallback((result: PurchaseResult) => {
    setSuccess(result);
    optionsRef.current.onPurchased?.(result);
  }, []);

  const checkPending = useCallback(async () => {
    const result = await checkPendingPurchase(store(), optionsRef.current.api.findOrder);
    if (result) showSuccess(result);
  }, [showSuccess]);

  const onPaid = (result: PurchaseResult) => {
    setModal({ opened: false });
    // The modal saw it: pending tracking must not announce it a second time.
    clearPendingPurchase(store());
    showSuccess(result);
  };

  const closeSuccess = () => {
    setSuccess(undefined);
    clearPendingPurchase(store());
    optionsRef.current.onSuccessClosed();
  };

  const { api, areaTree, invoicePhone, onViewOrders, pollIntervalMs } = options;
  const element = (
    <>
      <MembershipModal
        opened={modal.opened}
        onClose={() => setModal({ opened: false })}
        api={api}
        areaTree={areaTree}
        initialMemberCode={modal.memberCode}
        forced={modal.forced}
        resumeOrder={modal.order}
        onOrderCreated={(orderNo) => markPendingPurchase(store(), orderNo)}
        onPaid={onPaid}
        pollIntervalMs={pollIntervalMs}
      />
      <PurchaseSuccessDialog
        result={success}
        invoicePhone={invoicePhone}
        onClose={closeSuccess}
        onViewOrders={
          onViewOrders &&
          (() => {
            setSuccess(undefined);
            clearPendingPurchase(store());
            onViewOrders();
          })
        }
      />
      <ServicePeriodDialog
        opened={servicePeriodOpened}
        onClose={() => setServicePeriodOpened(false)}
        api={api}
      />
      <CouponDialog
        opened={couponsOpened}
        onClose={() => setCouponsOpened(false)}
        api={api}
        onUseCoupon={() => {
          // The modal applies the best coupon itself (spec §5); 去使用 only leads there.
          setCouponsOpened(false);
          void openMembership();
        }}
      />
    </>
  );

  const closeMembership = useCallback(
    () => setModal((current) => (current.opened ? { opened: false } : current)),
    [],
  );

  return {
    openMembership,
    closeMembership,
    checkPendingPurchase: checkPending,
    openServicePeriod: () => setServicePeriodOpened(true),
    openCoupons: () => setCouponsOpened(true),
    element,
  };
}

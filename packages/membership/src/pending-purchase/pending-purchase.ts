import { ORDER_TRADE_SUCCESS } from '@tender/domain';
import type { MembershipApi } from '../membership-api';

/** localStorage keys of spec §4 Pending purchase tracking. */
export const PENDING_PURCHASE_KEYS = {
  flag: 'buyFlag',
  orderNo: 'buyOrderNo',
  memberName: 'buyMemberName',
  endTime: 'buyEndTime',
} as const;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** What the purchase-success dialog shows. */
export interface PurchaseResult {
  /** The level bought ('恭喜您成功购买了{member}'). */
  memberName: string;
  /** When it now runs out, 'YYYY-MM-DD HH:mm:ss' ('您的会员有效期至{date}'). */
  endTime: string | null;
  orderNo: string;
}

/** An order was made and may be paid after the modal closed: remember it (spec §4). */
export function markPendingPurchase(store: KeyValueStore, orderNo: string): void {
  store.setItem(PENDING_PURCHASE_KEYS.flag, '1');
  store.setItem(PENDING_PURCHASE_KEYS.orderNo, orderNo);
}

/** Forget the pending purchase (spec §4: no order number, or the success dialog closed). */
export function clearPendingPurchase(store: KeyValueStore): void {
  for (const key of Object.values(PENDING_PURCHASE_KEYS)) store.removeItem(key);
}

/**
 * spec §4 Pending purchase tracking, run on each route change: with the flag and an order number, ask findOrder;
 * TRADE_SUCCESS stores the member name and end time and answers them (open the success dialog). With the flag but
 * no order number the flags are cleared. A failed query keeps the flags for the next route change.
 */
export async function checkPendingPurchase(
  store: KeyValueStore,
  findOrder: MembershipApi['findOrder'],
): Promise<PurchaseResult | undefined> {
  if (store.getItem(PENDING_PURCHASE_KEYS.flag) === null) return undefined;
  const orderNo = store.getItem(PENDING_PURCHASE_KEYS.orderNo);
  if (!orderNo) {
    clearPendingPurchase(store);
    return undefined;
  }
  const order = await findOrder({ orderNo }, { silent: true }).catch(() => undefined);
  if (order?.orderStatus !== ORDER_TRADE_SUCCESS) return undefined;
  store.setItem(PENDING_PURCHASE_KEYS.memberName, order.levelName);
  store.setItem(PENDING_PURCHASE_KEYS.endTime, order.endTime ?? '');
  return { memberName: order.levelName, endTime: order.endTime, orderNo };
}

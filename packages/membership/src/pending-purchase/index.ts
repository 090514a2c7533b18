export {
  checkPendingPurchase,
  clearPendingPurchase,
  markPendingPurchase,
  PENDING_PURCHASE_KEYS,
  type PurchaseResult,
} from './pending-purchase';

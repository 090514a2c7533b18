// Public API of @tender/membership (spec §2 Membership modal, 服务期明细, 优惠券, purchase-success dialog; §4; §5).
// Curated; no `export *`.
export { PrivilegeComparisonTable, type PrivilegeComparisonTableProps } from './comparison-table';
export { CouponDialog, type CouponDialogProps } from './coupon-dialog';
export {
  type CarouselBounds,
  carouselOffset,
  MemberTypeCarousel,
  type MemberTypeCarouselProps,
  maxCarouselOffset,
} from './member-type-carousel';
export type { MembershipApi, PrivilegeTable } from './membership-api';
export {
  MembershipModal,
  type MembershipModalProps,
  type MembershipOrderState,
  type PaymentOrder,
  type UseMembershipOrderOptions,
  useMembershipOrder,
} from './membership-modal';
export {
  type MembershipPurchaseState,
  type OpenMembershipOptions,
  type UseMembershipPurchaseOptions,
  useMembershipPurchase,
} from './membership-purchase';
export { messages } from './messages';
export {
  checkPendingPurchase,
  clearPendingPurchase,
  markPendingPurchase,
  PENDING_PURCHASE_KEYS,
  type PurchaseResult,
} from './pending-purchase';
export { PurchaseSuccessDialog, type PurchaseSuccessDialogProps } from './purchase-success-dialog';
export { ServicePeriodDialog, type ServicePeriodDialogProps } from './service-period-dialog';

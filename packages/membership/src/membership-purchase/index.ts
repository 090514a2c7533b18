export {
  type MembershipPurchaseState,
  type OpenMembershipOptions,
  type UseMembershipPurchaseOptions,
  useMembershipPurchase,
} from './use-membership-purchase';

export { MembershipModal, type MembershipModalProps } from './membership-modal';
export {
  type MembershipOrderState,
  type PaymentOrder,
  type UseMembershipOrderOptions,
  useMembershipOrder,
} from './use-membership-order';

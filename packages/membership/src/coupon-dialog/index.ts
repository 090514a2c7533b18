export { CouponDialog, type CouponDialogProps } from './coupon-dialog';

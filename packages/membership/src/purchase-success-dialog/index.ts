export { PurchaseSuccessDialog, type PurchaseSuccessDialogProps } from './purchase-success-dialog';

export {
  ConfirmDialog,
  type ConfirmDialogKind,
  type ConfirmDialogOptions,
  type ConfirmDialogProps,
  type ConfirmDialogState,
  confirmDialogTitle,
  useConfirmDialog,
} from './confirm-dialog';

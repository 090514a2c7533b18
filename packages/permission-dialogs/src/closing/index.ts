export {
  type ClosingView,
  type PermissionDialogCloseContext,
  type PermissionDialogClosePlan,
  type PermissionDialogClosingHandlers,
  type PermissionDialogNavigation,
  type ProjectQueryAnswer,
  permissionDialogClosePlan,
  runPermissionDialogClose,
} from './permission-dialog-closing';

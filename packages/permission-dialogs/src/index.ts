// Public API of @tender/permission-dialogs (spec §2 Permission dialog types, §4 closing, §8). Curated; no `export *`.
export {
  type ClosingView,
  type PermissionDialogCloseContext,
  type PermissionDialogClosePlan,
  type PermissionDialogClosingHandlers,
  type PermissionDialogNavigation,
  type ProjectQueryAnswer,
  permissionDialogClosePlan,
  runPermissionDialogClose,
} from './closing';
export { type LoggedInElsewhereDialogState, useLoggedInElsewhereDialog } from './logged-in-elsewhere';
export { messages } from './messages';
export {
  CUSTOM_LOGIN_STORAGE_KEY,
  PermissionDialog,
  type PermissionDialogAction,
  type PermissionDialogButton,
  type PermissionDialogContent,
  type PermissionDialogProps,
  permissionDialogButton,
  permissionDialogFromRefusal,
  permissionDialogText,
  type UpgradeOptions,
  upgradeOptions,
} from './permission-dialog';
export {
  loadPermissionDialogServerConfig,
  type OpenPermissionDialogOptions,
  PAY_CONTENT_DICTIONARY,
  type PermissionDialogServerConfig,
  type PermissionDialogsState,
  type UsePermissionDialogsOptions,
  usePermissionDialogServerConfig,
  usePermissionDialogs,
} from './permission-dialogs-host';

export { CUSTOM_LOGIN_STORAGE_KEY, PermissionDialog, type PermissionDialogProps } from './permission-dialog';
export {
  type PermissionDialogAction,
  type PermissionDialogButton,
  type PermissionDialogContent,
  permissionDialogButton,
  permissionDialogFromRefusal,
  permissionDialogText,
  type UpgradeOptions,
  upgradeOptions,
} from './permission-dialog-content';

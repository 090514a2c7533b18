export {
  loadPermissionDialogServerConfig,
  PAY_CONTENT_DICTIONARY,
  type PermissionDialogServerConfig,
  usePermissionDialogServerConfig,
} from './use-permission-dialog-server-config';
export {
  type OpenPermissionDialogOptions,
  type PermissionDialogsState,
  type UsePermissionDialogsOptions,
  usePermissionDialogs,
} from './use-permission-dialogs';

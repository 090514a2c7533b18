// Public API of @tender/ui-kit: the shared screen parts (spec §2). Curated; no `export *`.
export {
  ConfirmDialog,
  type ConfirmDialogKind,
  type ConfirmDialogOptions,
  type ConfirmDialogProps,
  type ConfirmDialogState,
  confirmDialogTitle,
  useConfirmDialog,
} from './confirm-dialog';
export { DateField, type DateFieldProps } from './date-field';
export { DisplayModeToggle, type DisplayModeToggleProps } from './display-mode-toggle';
export { ExportButton, type ExportButtonProps } from './export-button';
export { HelpTooltip, type HelpTooltipProps } from './help-tooltip';
export { ListPagination, type ListPaginationProps, pageWindow } from './list-pagination';
export {
  FullScreenLoading,
  type FullScreenLoadingProps,
  LoadingWrapper,
  type LoadingWrapperProps,
  type LoadingWrapperState,
  useLoadingWrapper,
} from './loading-wrapper';
export { MembershipAreaChooser, type MembershipAreaChooserProps } from './membership-area-chooser';
export { MessageHost, type MessageTone, type ShowMessage, showMessage } from './message';
export { messages } from './messages';
export {
  isEmptyCellValue,
  PageTable,
  type PageTableColumn,
  type PageTableProps,
  type PageTableSort,
  type SortValue,
  sortRows,
} from './page-table';
export { UI_LOCALE, UiKitProvider, type UiKitProviderProps } from './provider';
export { Toast, type ToastProps, type ToastState, useToast } from './toast';

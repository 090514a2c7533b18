import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DIALOG_DEFAULT_WIDTH_PX } from '@tender/domain';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { messages } from '../messages';

/** Which default title: 温馨提示 (a notice) or 操作提示 (before an operation). */
export type ConfirmDialogKind = 'notice' | 'operation';

export interface ConfirmDialogOptions {
  /** The question or notice. */
  message: ReactNode;
  /** Overrides the default title of `kind`. */
  title?: ReactNode;
  /** 'notice' → 温馨提示 (default), 'operation' → 操作提示. */
  kind?: ConfirmDialogKind;
  /** Default 确 定. */
  confirmLabel?: string;
  /** Default 取 消. */
  cancelLabel?: string;
  /** Hide the cancel button (a notice to acknowledge, e.g. the 4011 dialog). */
  withCancel?: boolean;
  /** Width in px; default 480 (spec §9). */
  width?: number;
}

export interface ConfirmDialogProps extends ConfirmDialogOptions {
  opened: boolean;
  onConfirm(): void;
  /** Cancel, the close button, Escape and a click outside. */
  onCancel(): void;
  /** The confirm button shows a spinner (the operation is running). */
  confirmLoading?: boolean;
}

/** The title a kind shows by default (spec §2). */
export function confirmDialogTitle(kind: ConfirmDialogKind = 'notice'): string {
  return kind === 'operation' ? messages.confirmDialog.operationTitle : messages.confirmDialog.noticeTitle;
}

/**
 * spec §2 Shared screen parts: the confirm dialog — default titles 温馨提示 / 操作提示, buttons 取 消 and 确 定.
 * The confirm button has focus when it opens, so Enter confirms and Escape cancels.
 */
export function ConfirmDialog({
  opened,
  message,
  title,
  kind = 'notice',
  confirmLabel = messages.confirmDialog.confirm,
  cancelLabel = messages.confirmDialog.cancel,
  withCancel = true,
  width = DIALOG_DEFAULT_WIDTH_PX,
  confirmLoading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title ?? confirmDialogTitle(kind)}
      size={width}
      centered
      closeOnClickOutside={!confirmLoading}
      closeOnEscape={!confirmLoading}
    >
      <Stack gap="lg">
        {typeof message === 'string' ? <Text size="sm">{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          {withCancel && (
            <Button variant="default" onClick={onCancel} disabled={confirmLoading}>
              {cancelLabel}
            </Button>
          )}
          <Button onClick={onConfirm} loading={confirmLoading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export interface ConfirmDialogState {
  /** Opens the dialog; resolves true on 确 定, false on 取 消 / close / Escape. */
  confirm(options: ConfirmDialogOptions): Promise<boolean>;
  /** Render this once where the hook is used. */
  dialog: ReactNode;
}

/**
 * The dialog as a promise: `if (await confirm({ message: '确定退出账号吗？' })) logout()`. A second call while one
 * is open answers the first with false.
 */
export function useConfirmDialog(): ConfirmDialogState {
  const [options, setOptions] = useState<ConfirmDialogOptions | undefined>();
  const resolveRef = useRef<((confirmed: boolean) => void) | undefined>(undefined);

  const settle = useCallback((confirmed: boolean) => {
    resolveRef.current?.(confirmed);
    resolveRef.current = undefined;
    setOptions(undefined);
  }, []);

  const confirm = useCallback((next: ConfirmDialogOptions) => {
    resolveRef.current?.(false);
    setOptions(next);
    return new Promise<boolean>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const dialog = (
    <ConfirmDialog
      message=""
      {...options}
      opened={options !== undefined}
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, dialog };
}

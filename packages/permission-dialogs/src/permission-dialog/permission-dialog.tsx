import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import {
  DIALOG_DEFAULT_HEIGHT_PX,
  DIALOG_DEFAULT_WIDTH_PX,
  type PaidMemberCode,
  PC_USE_DIALOG_HEIGHT_PX,
  PC_USE_DIALOG_WIDTH_PX,
  PERMISSION_QR_SIZE_PX,
} from '@tender/domain';
import { useConfirmDialog } from '@tender/ui-kit';
import { messages } from '../messages';
import {
  type PermissionDialogContent,
  permissionDialogButton,
  permissionDialogLimitText,
  permissionDialogText,
  type UpgradeOptions,
  upgradeOptions,
} from './permission-dialog-content';

/** The sessionStorage key of the custom-login flag the route guard reads (spec §2 Route guard step 2, §4). */
export const CUSTOM_LOGIN_STORAGE_KEY = 'customLogin';

export interface PermissionDialogProps {
  /** The dialog to show; undefined: closed. */
  dialog: PermissionDialogContent | undefined;
  /** The support phone from server configuration, shown when the refusal carried none (spec §1). */
  supportPhone?: string;
  /** unPay: the text of dictionary shenjims_pay_content; without it 'contact the local business manager'. */
  payContent?: string;
  /** pcUse and unPay: the brand's WeChat QR code image (its `qrcode` contact: official account / 客服). */
  officialAccountQr?: string;
  /** pcUse: the QR code's size in px (spec §9: 160). */
  qrSize?: number;
  /**
   * The upgrade buttons: open the membership modal, preselecting the level when the refusal names one, forced for a
   * purchase-intent refusal (`useMembershipPurchase().openMembership({ memberCode, ...options })`).
   */
  onUpgrade(memberCode: PaidMemberCode | null, options: UpgradeOptions): void;
  /**
   * pcUse logout, after the user confirmed and the custom-login flag is set: dispatch logout, then reload
   * (spec §4 Session and login).
   */
  onLogout(): void;
  /** The close button, Escape, 'know': the app applies the closing rules (`usePermissionDialogClosing`). */
  onClose(): void;
  /** Where the custom-login flag goes; default sessionStorage. */
  sessionStore?: Pick<Storage, 'setItem'>;
}

function sizeOf(dialog: PermissionDialogContent | undefined) {
  return dialog?.type === 'pcUse'
    ? { width: PC_USE_DIALOG_WIDTH_PX, height: PC_USE_DIALOG_HEIGHT_PX }
    : { width: DIALOG_DEFAULT_WIDTH_PX, height: DIALOG_DEFAULT_HEIGHT_PX };
}

/**
 * spec §2 Permission dialog types: one dialog for the seven types, 480 × 318 (pcUse 600 × 500, spec §9), with
 * the type's text (spec §8), the support phone and the type's buttons.
 */
export function PermissionDialog({
  dialog,
  supportPhone = '',
  payContent,
  officialAccountQr,
  qrSize = PERMISSION_QR_SIZE_PX,
  onUpgrade,
  onLogout,
  onClose,
  sessionStore,
}: PermissionDialogProps) {
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const { width, height } = sizeOf(dialog);
  const phone = dialog?.phone || supportPhone;
  const button = dialog ? permissionDialogButton(dialog) : undefined;
  const limitText = dialog ? permissionDialogLimitText(dialog) : undefined;
  const text = dialog ? permissionDialogText(dialog, payContent) : '';

  const logout = async () => {
    if (!(await confirm({ message: messages.pcUse.logoutConfirm }))) return;
    (sessionStore ?? window.sessionStorage).setItem(CUSTOM_LOGIN_STORAGE_KEY, '1');
    onLogout();
  };

  return (
    <>
      <Modal
        opened={dialog !== undefined}
        onClose={onClose}
        title={messages.title}
        size={width}
        centered
        styles={{ content: { minHeight: height, display: 'flex', flexDirection: 'column' } }}
        data-dialog-type={dialog?.type}
      >
        {dialog && button && (
          <Stack gap="md" align="center" ta="center" py="md">
            <Text fw={600} size="lg">
              {text}
            </Text>
            {limitText && (
              <Text size="sm" data-testid="used-up-limit">
                {limitText}
              </Text>
            )}
            {dialog.type === 'exportPermission' && (
              <Text size="sm">{messages.upgradeHint.exportPermission}</Text>
            )}
            {dialog.type === 'singleProvice' && (
              <Stack gap={2}>
                <Text size="sm">
                  {messages.singleProvice.memberProvince}：{dialog.memberProvince}
                </Text>
                <Text size="sm">
                  {messages.singleProvice.province}：{dialog.province}
                </Text>
              </Stack>
            )}
            {(dialog.type === 'pcUse' || dialog.type === 'unPay') && officialAccountQr && (
              <Stack gap={4} align="center">
                <Image
                  src={officialAccountQr}
                  alt={dialog.type === 'pcUse' ? messages.pcUse.qrAlt : messages.unPay.qrAlt}
                  width={qrSize}
                  height={qrSize}
                  fit="contain"
                />
                <Text size="xs" c="dimmed">
                  {dialog.type === 'pcUse' ? messages.pcUse.qrCaption : messages.unPay.qrCaption}
                </Text>
              </Stack>
            )}
            {/* The unPay text of shenjims_pay_content may carry the phone already. */}
            {phone && !text.includes(phone) && (
              <Text size="sm" c="dimmed">
                {messages.supportPhone(phone)}
              </Text>
            )}
            <Group justify="center" gap="sm" mt="sm">
              {dialog.type === 'pcUse' && (
                <Button variant="default" onClick={logout}>
                  {messages.buttons.logout}
                </Button>
              )}
              <Button
                data-autofocus
                onClick={() =>
                  button.action === 'upgrade'
                    ? onUpgrade(dialog.upgradeMemberCode ?? null, upgradeOptions(dialog))
                    : onClose()
                }
              >
                {button.label}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      {confirmDialog}
    </>
  );
}

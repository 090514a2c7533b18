import { Anchor, Button, Modal, Stack, Text } from '@mantine/core';
import { DIALOG_DEFAULT_WIDTH_PX, formatDateTime } from '@tender/domain';
import { messages } from '../messages';
import type { PurchaseResult } from '../pending-purchase';

export interface PurchaseSuccessDialogProps {
  /** The purchase to congratulate on; undefined: closed. */
  result: Pick<PurchaseResult, 'memberName' | 'endTime'> | undefined;
  /** The contact phone for invoices (server configuration); no line without one. */
  invoicePhone?: string;
  /** 知道了 and the close button: the app reloads the page (spec §4 step 4). */
  onClose(): void;
  /** The link to My Orders, offered when given (the one way out that does not reload). */
  onViewOrders?(): void;
}

/** spec §2 Purchase-success dialog: 恭喜您成功购买了{member}, 您的会员有效期至{date}, 知道了, the invoice line. */
export function PurchaseSuccessDialog({
  result,
  invoicePhone,
  onClose,
  onViewOrders,
}: PurchaseSuccessDialogProps) {
  const t = messages.success;
  const endDate = result?.endTime ? formatDateTime(result.endTime, 'YYYY-MM-DD') || result.endTime : '';
  return (
    <Modal
      opened={result !== undefined}
      onClose={onClose}
      title={t.title}
      size={DIALOG_DEFAULT_WIDTH_PX}
      centered
    >
      {result && (
        <Stack gap="sm" align="center" ta="center">
          <Text fw={600} size="lg">
            {t.bought(result.memberName)}
          </Text>
          {endDate && <Text>{t.validUntil(endDate)}</Text>}
          {invoicePhone && (
            <Text size="sm" c="dimmed">
              {t.invoice(invoicePhone)}
            </Text>
          )}
          <Button onClick={onClose} data-autofocus mt="sm">
            {t.acknowledge}
          </Button>
          {onViewOrders && (
            <Anchor component="button" type="button" size="sm" onClick={onViewOrders}>
              {t.myOrders}
            </Anchor>
          )}
        </Stack>
      )}
    </Modal>
  );
}

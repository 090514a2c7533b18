import { Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { MembershipRow } from '@tender/contracts';
import { DIALOG_DEFAULT_WIDTH_PX, MEMBERSHIP_ROW_ACTIVE_FLAG, purchaseAreaText } from '@tender/domain';
import { useEffect, useState } from 'react';
import type { MembershipApi } from '../membership-api';
import { messages } from '../messages';

export interface ServicePeriodDialogProps {
  opened: boolean;
  onClose(): void;
  /** Loads `listMemberUpgrade` on each opening. */
  api: Pick<MembershipApi, 'listMemberUpgrade'>;
}

/**
 * spec §2 服务期明细: one row per membership — level (with （正在使用中） when isActive is 0), expiry, purchase area
 * (default 全国, commas full-width) — and the rules text.
 */
export function ServicePeriodDialog({ opened, onClose, api }: ServicePeriodDialogProps) {
  const [rows, setRows] = useState<MembershipRow[]>();
  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    setRows(undefined);
    api.listMemberUpgrade().then(
      (answer) => !cancelled && setRows(answer),
      () => !cancelled && setRows([]),
    );
    return () => {
      cancelled = true;
    };
  }, [opened, api]);

  const t = messages.servicePeriod;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.title}
      size={Math.max(DIALOG_DEFAULT_WIDTH_PX, 600)}
      centered
    >
      <Stack gap="md">
        {rows === undefined ? (
          <Loader size="sm" mx="auto" />
        ) : (
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.level}</Table.Th>
                <Table.Th>{t.expireDate}</Table.Th>
                <Table.Th>{t.payArea}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3} ta="center" c="dimmed">
                    {t.empty}
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <Table.Tr key={`${row.levelId}-${row.memberCode}`}>
                    <Table.Td>
                      {row.memberName}
                      {row.isActive === MEMBERSHIP_ROW_ACTIVE_FLAG && t.inUse}
                    </Table.Td>
                    <Table.Td>{row.expireDate}</Table.Td>
                    <Table.Td>{purchaseAreaText(row.payArea)}</Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        )}
        <Stack gap={2}>
          {t.rules.map((rule) => (
            <Text key={rule} size="xs" c="dimmed">
              {rule}
            </Text>
          ))}
        </Stack>
      </Stack>
    </Modal>
  );
}

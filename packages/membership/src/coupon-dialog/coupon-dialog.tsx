import { Button, Group, Loader, Modal, Pagination, Stack, Table, Text } from '@mantine/core';
import type { Coupon } from '@tender/contracts';
import {
  COUPON_PAGE_SIZE,
  couponStatusDisplay,
  couponThresholdText,
  couponValidUntilText,
  DIALOG_DEFAULT_WIDTH_PX,
  displayedCouponTotal,
  formatYuan,
} from '@tender/domain';
import { useEffect, useState } from 'react';
import type { MembershipApi } from '../membership-api';
import { messages } from '../messages';

export interface CouponDialogProps {
  opened: boolean;
  onClose(): void;
  /** Loads `myCouponList` page by page (5 a page, spec §7). */
  api: Pick<MembershipApi, 'myCouponList'>;
  /** 去使用: open the membership modal (the app closes this dialog first). */
  onUseCoupon(coupon: Coupon): void;
}

/**
 * spec §2 优惠券: face value, threshold (无门槛 / 满{orderFee}元减{faceValue}), applicable member, status (1 待使用 with
 * 去使用, else 已过期), valid-until (无期限 after 2100) and action; 暂无优惠券 when empty; 5 a page, total capped at 250.
 */
export function CouponDialog({ opened, onClose, api, onUseCoupon }: CouponDialogProps) {
  const [page, setPage] = useState(1);
  const [answer, setAnswer] = useState<{ records: Coupon[]; total: number }>();

  useEffect(() => {
    if (opened) setPage(1);
  }, [opened]);

  useEffect(() => {
    if (!opened) return;
    let cancelled = false;
    setAnswer(undefined);
    api.myCouponList({ pageNumber: page, pageSize: COUPON_PAGE_SIZE }).then(
      (loaded) => !cancelled && setAnswer(loaded),
      () => !cancelled && setAnswer({ records: [], total: 0 }),
    );
    return () => {
      cancelled = true;
    };
  }, [opened, page, api]);

  const t = messages.coupons;
  const total = displayedCouponTotal(answer?.total ?? 0);
  const pages = Math.max(1, Math.ceil(total / COUPON_PAGE_SIZE));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t.title}
      size={Math.max(DIALOG_DEFAULT_WIDTH_PX, 760)}
      centered
    >
      <Stack gap="md">
        {answer === undefined ? (
          <Loader size="sm" mx="auto" />
        ) : (
          <Table withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t.columns.faceValue}</Table.Th>
                <Table.Th>{t.columns.threshold}</Table.Th>
                <Table.Th>{t.columns.member}</Table.Th>
                <Table.Th>{t.columns.status}</Table.Th>
                <Table.Th>{t.columns.validUntil}</Table.Th>
                <Table.Th>{t.columns.action}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.records.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6} ta="center" c="dimmed">
                    {t.empty}
                  </Table.Td>
                </Table.Tr>
              ) : (
                answer.records.map((coupon) => {
                  const status = couponStatusDisplay(coupon.status);
                  return (
                    <Table.Tr key={coupon.couponId}>
                      <Table.Td>{t.faceValue(formatYuan(coupon.faceValue))}</Table.Td>
                      <Table.Td>{couponThresholdText(coupon)}</Table.Td>
                      <Table.Td>{coupon.useGoodsType}</Table.Td>
                      <Table.Td>{status.label}</Table.Td>
                      <Table.Td>{couponValidUntilText(coupon.effectiveEndDate)}</Table.Td>
                      <Table.Td>
                        {status.usable && (
                          <Button size="compact-xs" onClick={() => onUseCoupon(coupon)}>
                            {status.actionLabel}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        )}
        {total > 0 && (
          <Group justify="space-between">
            <Text size="xs" c="dimmed">
              {t.total(total)}
            </Text>
            <Pagination
              total={pages}
              value={page}
              onChange={setPage}
              size="sm"
              // The arrows are icons: named for screen readers (axe button-name).
              getControlProps={(control) => ({ 'aria-label': control === 'previous' ? '上一页' : '下一页' })}
            />
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

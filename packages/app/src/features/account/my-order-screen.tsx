import { Alert, Badge, Box, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { EndpointFunctions } from '@tender/api-client';
import { ORDER_STATUS, type Order } from '@tender/contracts';
import { formatYuan } from '@tender/domain';
import { ListPagination, PageTable, type PageTableColumn } from '@tender/ui-kit';
import type { ReactNode } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { usePagedRecords } from '../../shell/use-paged-records';
import { messages } from './messages';

/** Orders a page of 我的订单 shows. */
export const ORDER_PAGE_SIZE = 10;

const STATUS_COLOURS = { 1: 'orange', 2: 'green', 3: 'gray' } as const;

/** Below Mantine's `sm` breakpoint the orders are cards, not a table. */
const PHONE_WIDTH_QUERY = '(max-width: 48em)';

export interface OrderListProps {
  api: Pick<EndpointFunctions, 'myOrders'>;
  /**
   * The membership modal: on the unpaid order when one is given (去支付 resumes that order and its QR code), else
   * empty for a new purchase.
   */
  onPay(order?: Order): void;
}

/**
 * The caller's orders, newest first: what was bought, the amount paid, the status and the times. The server leaves
 * closed unpaid orders out (expired, or replaced by a newer QR code), so one purchase is one row.
 */
export function OrderList({ api, onPay }: OrderListProps) {
  const t = messages.myOrder;
  const { state, retry, table } = usePagedRecords(api.myOrders, ORDER_PAGE_SIZE);
  const narrow = useMediaQuery(PHONE_WIDTH_QUERY);

  if (state.status === 'error') {
    return (
      <Alert color="red" title={t.loadFailed}>
        <Button size="xs" variant="light" onClick={retry}>
          {t.retry}
        </Button>
      </Alert>
    );
  }

  if (state.status === 'ready' && state.total === 0) {
    return (
      <Group justify="space-between">
        <Text c="dimmed">{t.empty}</Text>
        <Button size="xs" onClick={() => onPay()}>
          {t.openMembership}
        </Button>
      </Group>
    );
  }

  const columns: PageTableColumn<Order>[] = [
    { key: 'orderNo', title: t.columns.orderNo, minWidth: 200 },
    {
      key: 'product',
      title: t.columns.product,
      minWidth: 140,
      render: (order) => t.product(order.memberName, order.productTypeStr),
    },
    { key: 'payArea', title: t.columns.area, minWidth: 100 },
    {
      key: 'payFee',
      title: t.columns.amount,
      minWidth: 110,
      render: (order) => (
        <Stack gap={0}>
          <Text size="sm">{t.amount(formatYuan(order.payFee))}</Text>
          {order.couponFee > 0 && (
            <Text size="xs" c="dimmed">
              {t.coupon(formatYuan(order.couponFee))}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'orderStatus',
      title: t.columns.status,
      minWidth: 120,
      render: (order) => (
        <Stack gap={2}>
          <Badge color={STATUS_COLOURS[order.orderStatus]} variant="dot">
            {t.status[order.orderStatus]}
          </Badge>
          {order.orderStatus === ORDER_STATUS.unpaid && (
            <Text size="xs" c="dimmed">
              {t.payUntil(order.expireTime)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: 'createTime', title: t.columns.createTime, minWidth: 160 },
    { key: 'payTime', title: t.columns.payTime, minWidth: 160 },
    {
      key: 'action',
      title: t.columns.action,
      render: (order) =>
        order.orderStatus === ORDER_STATUS.unpaid && (
          <Button
            size="compact-sm"
            title={t.payHint}
            aria-label={`${t.pay} ${order.orderNo}`}
            onClick={() => onPay(order)}
          >
            {t.pay}
          </Button>
        ),
    },
  ];

  if (narrow) {
    // A phone: one card per order, every column's label beside its value, instead of a table to scroll sideways.
    return (
      <Stack gap="sm" role="list" aria-label={t.tableLabel}>
        {table.rows.map((order, index) => (
          <Paper key={order.orderId} withBorder p="sm" role="listitem">
            <Stack gap={6}>
              {columns.map((column) => {
                const value = column.render
                  ? column.render(order, index)
                  : (order[column.key as keyof Order] as ReactNode);
                if (value === null || value === undefined || value === false || value === '') return null;
                return (
                  <Group key={column.key} justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                    <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      {column.title}
                    </Text>
                    <Box ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                      {typeof value === 'string' ? <Text size="sm">{value}</Text> : value}
                    </Box>
                  </Group>
                );
              })}
            </Stack>
          </Paper>
        ))}
        <ListPagination {...table.pagination} />
      </Stack>
    );
  }

  return <PageTable ariaLabel={t.tableLabel} columns={columns} rowKey="orderId" {...table} />;
}

/** 我的订单 (/myOrder; the server shows the menu only when the brand allows paying, spec §2). */
export function MyOrderScreen() {
  const { api } = useAppServices();
  const { openMembership } = useLayoutDialogs();
  return (
    <Paper withBorder p="lg" component="section" aria-label={messages.myOrder.title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {messages.myOrder.title}
        </Title>
        <OrderList api={api} onPay={(order) => openMembership(order && { order })} />
      </Stack>
    </Paper>
  );
}

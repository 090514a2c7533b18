import { Button, Group, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, useState } from 'react';
import { areaTree } from '../test/area-tree';
import { fakeMembershipServer } from '../test/membership-fixtures';
import { useMembershipPurchase } from './use-membership-purchase';

interface LayoutProps {
  primaryUser: boolean;
  allowPay: boolean;
}

/** The layout's membership pieces against an in-memory stand-in of the server; 模拟支付 plays the payer's phone. */
function Layout({ primaryUser, allowPay }: LayoutProps) {
  const server = useMemo(() => fakeMembershipServer({ delayMs: 200 }), []);
  const [note, setNote] = useState('');
  const purchase = useMembershipPurchase({
    api: server.api,
    user: { primaryUser },
    allowPay,
    areaTree,
    invoicePhone: '400-012-3456',
    showMessage: (text) => setNote(text),
    onUnPay: () => setNote('打开 unPay 权限弹窗'),
    onSuccessClosed: () => setNote('刷新页面'),
    storage: window.sessionStorage,
  });
  return (
    <>
      <Group>
        <Button onClick={() => void purchase.openMembership()}>开通会员</Button>
        <Button variant="light" onClick={() => server.payLatestOrder()}>
          模拟支付
        </Button>
        <Button variant="default" onClick={purchase.openServicePeriod}>
          服务期明细
        </Button>
        <Button variant="default" onClick={purchase.openCoupons}>
          优惠券
        </Button>
      </Group>
      <Text mt="sm">{note}</Text>
      {purchase.element}
    </>
  );
}

const meta = {
  title: 'membership/MembershipPurchase',
  component: Layout,
  args: { primaryUser: true, allowPay: true },
} satisfies Meta<typeof Layout>;

export default meta;
type Story = StoryObj<typeof meta>;

export const PrimaryAccount: Story = {};
export const SubAccount: Story = { args: { primaryUser: false } };
export const BrandWithoutPayment: Story = { args: { allowPay: false } };

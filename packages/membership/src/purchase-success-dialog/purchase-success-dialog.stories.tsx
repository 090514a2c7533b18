import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { PurchaseSuccessDialog } from './purchase-success-dialog';

const meta = {
  title: 'membership/PurchaseSuccessDialog',
  component: PurchaseSuccessDialog,
  args: { result: { memberName: '企业通', endTime: '2027-11-23 20:15:00' }, onClose: fn() },
} satisfies Meta<typeof PurchaseSuccessDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithInvoiceContact: Story = { args: { invoicePhone: '400-012-3456', onViewOrders: fn() } };
export const WithoutPhone: Story = {};

import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Coupon } from '@tender/contracts';
import { fn } from 'storybook/test';
import { coupons, fakeMembershipServer } from '../test/membership-fixtures';
import { CouponDialog } from './coupon-dialog';

const many: Coupon[] = Array.from({ length: 23 }, (_, index) => ({
  ...(coupons[index % coupons.length] as Coupon),
  couponId: 500 + index,
}));

const meta = {
  title: 'membership/CouponDialog',
  component: CouponDialog,
  args: { opened: true, onClose: fn(), onUseCoupon: fn(), api: fakeMembershipServer().api },
} satisfies Meta<typeof CouponDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const UsableAndExpired: Story = {};
export const Empty: Story = { args: { api: fakeMembershipServer({ couponList: [] }).api } };
export const Paginated: Story = { args: { api: fakeMembershipServer({ couponList: many }).api } };

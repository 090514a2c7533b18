import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { fakeMembershipServer } from '../test/membership-fixtures';
import { ServicePeriodDialog } from './service-period-dialog';

const meta = {
  title: 'membership/ServicePeriodDialog',
  component: ServicePeriodDialog,
  args: { opened: true, onClose: fn(), api: fakeMembershipServer().api },
} satisfies Meta<typeof ServicePeriodDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TwoLevels: Story = {};
export const NoMembership: Story = { args: { api: { listMemberUpgrade: async () => [] } } };

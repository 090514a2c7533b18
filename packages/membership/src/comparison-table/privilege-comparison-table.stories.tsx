import type { Meta, StoryObj } from '@storybook/react-vite';
import { privilegeTable } from '../test/membership-fixtures';
import { PrivilegeComparisonTable } from './privilege-comparison-table';

const meta = {
  title: 'membership/PrivilegeComparisonTable',
  component: PrivilegeComparisonTable,
  args: { table: privilegeTable, selectedMemberCode: 'qiyetong' },
} satisfies Meta<typeof PrivilegeComparisonTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ServerTable: Story = {};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { memberLevels } from '../test/membership-fixtures';
import { PrivilegeComparisonTable } from './privilege-comparison-table';

const meta = {
  title: 'membership/PrivilegeComparisonTable',
  component: PrivilegeComparisonTable,
  args: { levels: memberLevels, features: { export: true, analysis: true }, selectedMemberCode: 'qiyetong' },
} satisfies Meta<typeof PrivilegeComparisonTable>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllRows: Story = {};
export const BrandWithoutExportOrAnalysis: Story = { args: { features: { export: false, analysis: false } } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { memberTypes } from '../test/membership-fixtures';
import { MemberTypeCarousel } from './member-type-carousel';

const meta = {
  title: 'membership/MemberTypeCarousel',
  component: MemberTypeCarousel,
  args: { types: memberTypes, selectedMemberCode: 'toubiaotong', onSelect: fn() },
} satisfies Meta<typeof MemberTypeCarousel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AllFit: Story = {};
export const ScrollsByOneCard: Story = { args: { visibleCount: 2 } };
export const BlockedWhileCreatingOrder: Story = { args: { disabled: true } };

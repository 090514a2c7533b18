import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ExportButton } from './export-button';

const meta = {
  title: 'ui-kit/ExportButton',
  component: ExportButton,
  args: { onClick: fn() },
} satisfies Meta<typeof ExportButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Loading: Story = { args: { loading: true } };

export const Disabled: Story = { args: { disabled: true } };

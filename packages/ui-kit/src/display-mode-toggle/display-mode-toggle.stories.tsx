import type { Meta, StoryObj } from '@storybook/react-vite';
import type { DisplayMode } from '@tender/domain';
import { useState } from 'react';
import { DisplayModeToggle } from './display-mode-toggle';

const meta = {
  title: 'ui-kit/DisplayModeToggle',
  component: DisplayModeToggle,
  args: { value: 10 },
} satisfies Meta<typeof DisplayModeToggle>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {};

export const Table: Story = { args: { value: 20 } };

export const Interactive: Story = {
  render: function Render() {
    const [mode, setMode] = useState<DisplayMode>(10);
    return <DisplayModeToggle value={mode} onChange={setMode} />;
  },
};

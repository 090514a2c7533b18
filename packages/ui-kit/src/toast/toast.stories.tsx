import { Button, Group } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Toast, useToast } from './toast';

const meta = {
  title: 'ui-kit/Toast',
  component: Toast,
  args: { opened: true, onClose: fn() },
} satisfies Meta<typeof Toast>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Stays open here because `opened` is fixed; in the product it closes after 1500 ms. */
export const Default: Story = {};

export const WithMessage: Story = { args: { message: '最多只能查看前50页数据' } };

export const OnDemand: Story = {
  render: function Render() {
    const { showToast, toast } = useToast();
    return (
      <Group>
        <Button onClick={() => showToast()}>默认弹窗</Button>
        <Button variant="light" onClick={() => showToast('收藏成功')}>
          收藏
        </Button>
        {toast}
      </Group>
    );
  },
};

import { Button } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { ConfirmDialog, useConfirmDialog } from './confirm-dialog';

const meta = {
  title: 'ui-kit/ConfirmDialog',
  component: ConfirmDialog,
  args: { opened: true, message: '确定退出账号吗？', onConfirm: fn(), onCancel: fn() },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Notice: Story = {};

export const Operation: Story = {
  args: { kind: 'operation', message: '确定移除该子账号吗？移除后该账号将无法使用企业会员权益。' },
};

export const AcknowledgeOnly: Story = {
  args: { withCancel: false, message: '您的账号已在其他设备登录，请重新登录' },
};

export const ConfirmRunning: Story = { args: { confirmLoading: true } };

export const AsPromise: Story = {
  render: function Render() {
    const { confirm, dialog } = useConfirmDialog();
    const [answer, setAnswer] = useState('');
    return (
      <>
        <Button onClick={async () => setAnswer(String(await confirm({ message: '确定退出账号吗？' })))}>
          退出登录
        </Button>
        <p>{answer && `结果：${answer}`}</p>
        {dialog}
      </>
    );
  },
};

import { Button, Group } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MessageHost, showMessage } from './message';

const meta = {
  title: 'ui-kit/Message',
  component: MessageHost,
} satisfies Meta<typeof MessageHost>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The provider draws the host; each button shows one message, replacing the one showing (spec §8). */
export const Tones: Story = {
  render: () => (
    <Group>
      <Button variant="default" onClick={() => showMessage('个人资料已保存', 'success')}>
        成功
      </Button>
      <Button variant="default" onClick={() => showMessage('网络异常，请检查网络连接是否正常！')}>
        错误
      </Button>
      <Button variant="default" onClick={() => showMessage('网络请求超时', 'warning', 5000)}>
        提醒
      </Button>
    </Group>
  ),
};

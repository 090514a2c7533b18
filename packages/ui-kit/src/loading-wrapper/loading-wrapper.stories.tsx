import { Button, Stack, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { FullScreenLoading, useLoadingWrapper } from './loading-wrapper';

const meta = {
  title: 'ui-kit/LoadingWrapper',
  component: FullScreenLoading,
  args: { visible: true, text: '正在导出，请稍候…' },
} satisfies Meta<typeof FullScreenLoading>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithText: Story = {};

export const WithoutText: Story = { args: { text: undefined } };

const wait = (ms: number, fail = false) =>
  new Promise<string>((resolve, reject) =>
    setTimeout(() => (fail ? reject(new Error('x')) : resolve('完成')), ms),
  );

/** The wrapper around a 2-second call; the failing one shows how errors are swallowed. */
export const AroundACall: Story = {
  render: function Render() {
    const { wrap, overlay } = useLoadingWrapper();
    const [result, setResult] = useState('');
    return (
      <Stack align="flex-start">
        <Button onClick={async () => setResult(String(await wrap(wait(2000), '正在导出，请稍候…')))}>
          导出（2 秒）
        </Button>
        <Button
          variant="light"
          color="red"
          onClick={async () => setResult(String(await wrap(wait(1500, true))))}
        >
          失败的请求（1.5 秒）
        </Button>
        <Text size="sm">结果：{result}</Text>
        {overlay}
      </Stack>
    );
  },
};

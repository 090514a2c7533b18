import { Group, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { HelpTooltip } from './help-tooltip';

const meta = {
  title: 'ui-kit/HelpTooltip',
  component: HelpTooltip,
  args: { label: '每日导出条数按会员等级计算，次日零点重置' },
} satisfies Meta<typeof HelpTooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const BesideALabel: Story = {
  render: (args) => (
    <Group gap={4}>
      <Text size="sm">今日剩余导出条数：200</Text>
      <HelpTooltip {...args} />
    </Group>
  ),
};

export const Long: Story = {
  args: {
    label:
      '潜在投标人预测根据该项目所在地区、行业与采购单位的历史中标记录，按相似项目的中标次数排序，仅供参考。',
    position: 'bottom',
  },
};

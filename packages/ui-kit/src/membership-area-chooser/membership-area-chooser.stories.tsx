import { Button, Stack, Text } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { purchaseAreaText } from '@tender/domain';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { areaTreeFixture } from './area-tree.fixture';
import { MembershipAreaChooser } from './membership-area-chooser';

const meta = {
  title: 'ui-kit/MembershipAreaChooser',
  component: MembershipAreaChooser,
  args: { opened: true, tree: areaTreeFixture, value: ['广东省', '湖南省'], onConfirm: fn(), onClose: fn() },
} satisfies Meta<typeof MembershipAreaChooser>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SomeProvinces: Story = {};

export const WholeCountry: Story = { args: { value: ['全国'] } };

/** A member type whose area cannot be edited (status not 0): whole country only. */
export const NotEditable: Story = { args: { editable: false } };

export const InAPurchaseForm: Story = {
  render: function Render(args) {
    const [opened, setOpened] = useState(false);
    const [areas, setAreas] = useState<string[]>(['全国']);
    return (
      <Stack align="flex-start">
        <Text size="sm">购买地区：{purchaseAreaText(areas)}</Text>
        <Button onClick={() => setOpened(true)}>选择地区</Button>
        <MembershipAreaChooser
          {...args}
          opened={opened}
          value={areas}
          onClose={() => setOpened(false)}
          onConfirm={(next) => {
            setAreas(next);
            setOpened(false);
          }}
        />
      </Stack>
    );
  },
};

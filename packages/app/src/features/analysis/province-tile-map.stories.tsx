import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { demoProvinces } from '../../test/story-fixtures';
import { messages } from './messages';
import { ProvinceTileMap } from './province-tile-map';

/** The province map of market analysis: tiles shaded in the brand's primary colour by their items. */
const meta = {
  title: 'app/Charts/ProvinceTileMap',
  component: ProvinceTileMap,
  args: { title: messages.market.provinceMap, byProvince: demoProvinces, selectedCode: null, onSelect: fn() },
} satisfies Meta<typeof ProvinceTileMap>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
/** 江苏 chosen as the filter: its tile is outlined. */
export const ProvinceSelected: Story = { args: { selectedCode: '320000' } };

import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { StoryApp, storyBrand } from '../test/story-app';
import { demoUsers } from '../test/story-fixtures';
import { SettingsPanel } from './settings-panel';

/** spec §2: the settings panel — the brand's theme colours, tags bar, fixed header, logo, unique-opened menu. */
const meta = {
  title: 'app/Layout/SettingsPanel',
  args: { onClose: fn() },
  parameters: { layout: 'fullscreen' },
  render: ({ onClose }, context) => (
    <StoryApp args={context.args} brand={storyBrand(context)} user={demoUsers.member} path="/dashboard">
      <SettingsPanel opened onClose={onClose} />
    </StoryApp>
  ),
} satisfies Meta<{ onClose(): void }>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Opened: Story = {};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryApp, storyBrand } from '../../test/story-app';
import { demoUsers } from '../../test/story-fixtures';
import { PerfectScreen } from './perfect-screen';

/** spec §2 /perfect: a new member completes the profile (real name, company) before anything else. */
const meta = {
  title: 'app/Pages/Perfect',
  parameters: { layout: 'fullscreen' },
  render: (_args, context) => (
    <StoryApp
      args={context.args}
      brand={storyBrand(context)}
      user={{ ...demoUsers.freeUser, isPerfect: false }}
      path="/perfect"
    >
      <PerfectScreen />
    </StoryApp>
  ),
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

export const NewMember: Story = {};

import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { messages } from '../messages';
import { useTagsViewStore } from '../stores/tags-view-store';
import { StoryApp, storyBrand } from '../test/story-app';
import { type DemoUserState, demoPages, demoUsers, shellAnswers } from '../test/story-fixtures';
import { MainLayout } from './main-layout';

interface ShellArgs {
  user: Exclude<DemoUserState, 'signedOut'>;
}

/** Tabs a member has opened before the page shown: the tags bar as it looks after a while. */
function openEarlierTabs() {
  for (const path of ['/dashboard', '/informationQuery/bid', '/subscribe/bidding']) {
    const page = demoPages.find((candidate) => candidate.path === path);
    if (page)
      useTagsViewStore.getState().addView({
        path,
        fullPath: path,
        title: page.title,
        name: path,
        ...(path === '/dashboard' ? { affix: true } : {}),
      });
  }
}

/**
 * spec §2 Global layout: the sidebar with the brand's logo and the member's menus, the top bar with the level
 * badge and the user popover, the tags bar and the footer, on 招标订阅.
 */
const meta = {
  title: 'app/Layout/MainLayout',
  args: { user: 'member' },
  argTypes: {
    user: { control: 'inline-radio', options: ['freeUser', 'member', 'enterpriseOwner'] },
  },
  parameters: { layout: 'fullscreen' },
  render: (args, context) => (
    <StoryApp
      args={context.args}
      brand={storyBrand(context)}
      user={demoUsers[args.user]}
      answers={shellAnswers}
      path="/subscribe/bidding"
      pages={demoPages}
      prepare={openEarlierTabs}
    >
      <MainLayout />
    </StoryApp>
  ),
} satisfies Meta<ShellArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Below 1400 px wide the sidebar starts closed (spec §4): the member's menus as icons. */
export const Member: Story = {};
export const FreeUser: Story = { args: { user: 'freeUser' } };
/** The main account of a qiye enterprise, with 企业数据统计 under 个人中心. */
export const EnterpriseOwner: Story = { args: { user: 'enterpriseOwner' } };
/** The sidebar opened with the top bar's toggle: the brand's logo and name, the menus with their groups. */
export const SidebarOpened: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(
      await within(canvasElement).findByRole('button', { name: messages.layout.toggleSidebar }),
    );
  },
};

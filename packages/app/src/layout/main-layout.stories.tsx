import type { Meta, StoryObj } from '@storybook/react-vite';
import { useAppStore } from '../stores/app-store';
import { useTagsViewStore } from '../stores/tags-view-store';
import { StoryApp, storyBrand } from '../test/story-app';
import { type DemoUserState, demoPages, demoUsers, shellAnswers } from '../test/story-fixtures';
import { MainLayout } from './main-layout';

interface ShellArgs {
  user: Exclude<DemoUserState, 'signedOut'>;
  sidebarOpened: boolean;
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
  args: { user: 'member', sidebarOpened: true },
  argTypes: { user: { control: 'inline-radio', options: ['freeUser', 'member', 'enterpriseOwner'] } },
  parameters: { layout: 'fullscreen' },
  render: (args, context) => (
    <StoryApp
      brand={storyBrand(context)}
      user={demoUsers[args.user]}
      answers={shellAnswers}
      path="/subscribe/bidding"
      pages={demoPages}
      prepare={() => {
        openEarlierTabs();
        useAppStore.setState({ sidebar: { opened: args.sidebarOpened } });
      }}
    >
      <MainLayout />
    </StoryApp>
  ),
} satisfies Meta<ShellArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Member: Story = {};
export const FreeUser: Story = { args: { user: 'freeUser' } };
export const SidebarClosed: Story = { args: { sidebarOpened: false } };

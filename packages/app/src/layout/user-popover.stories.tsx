import type { Meta, StoryObj } from '@storybook/react-vite';
import { userDisplayName } from '@tender/domain';
import { fn, userEvent, within } from 'storybook/test';
import { StoryApp, storyBrand } from '../test/story-app';
import { type DemoUserState, demoUsers } from '../test/story-fixtures';
import { TopBar } from './top-bar';
import { UserPopover } from './user-popover';

interface PopoverArgs {
  state: DemoUserState;
  allowPay: boolean;
  onUpgrade(): void;
  onServicePeriod(): void;
  onCoupons(): void;
  onLogout(): void;
}

/**
 * spec §2: the top bar's level badge and the user popover, opened, in each member state the app tells apart —
 * 未登录 (no badge, no user), 普通用户 (开通会员), 会员 (续费升级 and the expiry), and an enterprise's main account.
 */
const meta = {
  title: 'app/Layout/UserPopover',
  args: {
    state: 'member',
    allowPay: true,
    onUpgrade: fn(),
    onServicePeriod: fn(),
    onCoupons: fn(),
    onLogout: fn(),
  },
  argTypes: {
    state: { control: 'inline-radio', options: ['signedOut', 'freeUser', 'member', 'enterpriseOwner'] },
  },
  render: ({ state, allowPay, ...handlers }, context) => {
    const user = state === 'signedOut' ? undefined : demoUsers[state];
    return (
      <StoryApp args={context.args} brand={storyBrand(context)} user={user} path="/dashboard">
        <div style={{ height: 360 }}>
          <TopBar
            title="数据看板"
            onOpenSettings={fn()}
            userMenu={user && <UserPopover user={user} allowPay={allowPay} {...handlers} />}
          />
        </div>
      </StoryApp>
    );
  },
  play: async ({ args, canvasElement }) => {
    if (args.state === 'signedOut') return;
    const name = userDisplayName(demoUsers[args.state]);
    await userEvent.click(await within(canvasElement).findByRole('button', { name }));
  },
} satisfies Meta<PopoverArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedOut: Story = { args: { state: 'signedOut' } };
export const FreeUser: Story = { args: { state: 'freeUser' } };
export const Member: Story = {};
export const EnterpriseOwner: Story = { args: { state: 'enterpriseOwner' } };

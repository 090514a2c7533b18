import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo } from 'react';
import { fn } from 'storybook/test';
import { areaTree } from '../test/area-tree';
import { fakeMembershipServer } from '../test/membership-fixtures';
import { MembershipModal, type MembershipModalProps } from './membership-modal';

type StoryProps = Omit<MembershipModalProps, 'api'> & { failProductInfo?: number; delayMs?: number };

/** The modal against an in-memory stand-in of the server (the real one drives it in tooling/client-integration). */
function WithServer({ failProductInfo = 0, delayMs = 300, ...props }: StoryProps) {
  const server = useMemo(() => {
    const created = fakeMembershipServer({ delayMs });
    created.failProductInfo(failProductInfo);
    return created;
  }, [failProductInfo, delayMs]);
  return <MembershipModal {...props} api={server.api} />;
}

const meta = {
  title: 'membership/MembershipModal',
  component: WithServer,
  args: {
    opened: true,
    onClose: fn(),
    onPaid: fn(),
    onOrderCreated: fn(),
    areaTree,
  },
} satisfies Meta<typeof WithServer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const ForcedEnterpriseLevel: Story = { args: { initialMemberCode: 'qiyetong', forced: true } };
// Long enough that the picture is always the waiting state, whenever it is taken.
export const CreatingOrderSlowly: Story = { args: { delayMs: 60_000 } };
export const RetriedWithWholeCountry: Story = { args: { failProductInfo: 2 } };
export const LoadFailed: Story = { args: { failProductInfo: 100, delayMs: 50 } };

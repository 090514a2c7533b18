import type { User } from '@tender/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../test/render';
import { demoUsers } from '../test/story-fixtures';
import { UserPopover } from './user-popover';

const user: User = demoUsers.freeUser;

const member: User = {
  ...user,
  realUserName: '王经理',
  memberCode: 'toubiaotong',
  memberName: '投标通',
  isOpenMember: true,
  upgradeList: [
    { memberCode: 'toubiaotong', memberName: '投标通', expireDate: '2027-05-31' },
    { memberCode: 'qiyetong', memberName: '企业通', expireDate: '2028-01-31' },
  ],
};

async function open(shown: User, allowPay: boolean) {
  const handlers = { onUpgrade: vi.fn(), onServicePeriod: vi.fn(), onCoupons: vi.fn(), onLogout: vi.fn() };
  const rendered = await renderWithRouter(<UserPopover user={shown} allowPay={allowPay} {...handlers} />, {
    path: '/dashboard',
    paths: ['/dashboard', '/myCoupon'],
  });
  await rendered.user.click(screen.getByRole('button', { name: shown.realUserName || '138****5678' }));
  return { ...rendered, handlers };
}

describe('UserPopover (spec §2 user popover)', () => {
  it('shows the masked phone and 开通会员 to a user without membership', async () => {
    await open(user, true);
    expect(screen.getByTestId('popover-user-name')).toHaveTextContent('138****5678');
    expect(screen.queryByTestId('popover-user-phone')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '开通会员' })).toBeInTheDocument();
    expect(screen.queryByText(/到期时间/)).not.toBeInTheDocument();
  });

  it('shows the real name, 续费升级 and the first expiry date of the upgrade list to a member', async () => {
    await open(member, true);
    expect(screen.getByTestId('popover-user-name')).toHaveTextContent('王经理');
    expect(screen.getByTestId('popover-user-phone')).toHaveTextContent('138****5678');
    expect(screen.getByText('投标通', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '续费升级' })).toBeInTheDocument();
    expect(screen.getByText('到期时间：2027-05-31')).toBeInTheDocument();
  });

  it('offers coupons only when the company allows paying, and opens them', async () => {
    const { user: pointer, handlers } = await open(member, true);
    await pointer.click(screen.getByRole('button', { name: '优惠券' }));
    expect(handlers.onCoupons).toHaveBeenCalledOnce();
  });

  it('has no coupon entry when paying is not allowed', async () => {
    await open(member, false);
    expect(screen.queryByRole('button', { name: '优惠券' })).not.toBeInTheDocument();
  });

  it('hands 续费升级 and 服务期明细 to the layout (membership modal, service-period dialog), closing itself first', async () => {
    const { user: pointer, handlers } = await open(member, true);
    await pointer.click(screen.getByRole('button', { name: '续费升级' }));
    // Left open, the popover would be drawn over the membership modal (issue 33, seen at 390 px).
    await waitFor(() => expect(screen.queryByRole('button', { name: '服务期明细' })).not.toBeInTheDocument());
    await pointer.click(screen.getByRole('button', { name: '王经理' }));
    await pointer.click(screen.getByRole('button', { name: '服务期明细' }));
    expect(handlers.onUpgrade).toHaveBeenCalledOnce();
    expect(handlers.onServicePeriod).toHaveBeenCalledOnce();
  });

  it('hands 退出登录 to the layout, which asks for confirmation', async () => {
    const { user: pointer, handlers } = await open(member, true);
    await pointer.click(screen.getByRole('button', { name: '退出登录' }));
    expect(handlers.onLogout).toHaveBeenCalledOnce();
  });
});

import { ApiError } from '@tender/api-client';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PENDING_PURCHASE_KEYS } from '../pending-purchase';
import { fakeMembershipServer } from '../test/membership-fixtures';
import { renderWithKit } from '../test/render';
import { type UseMembershipPurchaseOptions, useMembershipPurchase } from './use-membership-purchase';

function memoryStore() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

function Layout(props: { options: UseMembershipPurchaseOptions }) {
  const purchase = useMembershipPurchase(props.options);
  return (
    <>
      <button type="button" onClick={() => void purchase.openMembership()}>
        开通会员
      </button>
      <button type="button" onClick={() => void purchase.checkPendingPurchase()}>
        切换页面
      </button>
      {purchase.element}
    </>
  );
}

function setUp(overrides: Partial<UseMembershipPurchaseOptions> = {}) {
  const server = fakeMembershipServer();
  const store = memoryStore();
  const options = {
    api: server.api,
    user: { primaryUser: true },
    allowPay: true,
    areaTree: [],
    showMessage: vi.fn(),
    onUnPay: vi.fn(),
    onPurchased: vi.fn(),
    onSuccessClosed: vi.fn(),
    storage: store,
    pollIntervalMs: 40,
    ...overrides,
  };
  const view = renderWithKit(<Layout options={options} />);
  return { ...view, server, store, options };
}

describe('useMembershipPurchase', () => {
  it('shows 仅支持主账号购买会员 for 3 s to a sub-account, without opening the modal', async () => {
    const { user, options, server } = setUp({ user: { primaryUser: false } });
    await user.click(screen.getByRole('button', { name: '开通会员' }));
    expect(options.showMessage).toHaveBeenCalledWith('仅支持主账号购买会员', 3000);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('opens the unPay popup when the brand does not allow paying', async () => {
    const { user, options } = setUp({ allowPay: false });
    await user.click(screen.getByRole('button', { name: '开通会员' }));
    expect(options.onUnPay).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("follows the server's refusal", async () => {
    const server = fakeMembershipServer();
    server.api.purchaseAuth = async () => {
      throw new ApiError('暂不支持在线开通会员', {
        kind: 'business',
        path: '/webchat/api/auth/toOpenMember',
        code: 403,
        data: { type: 'unPay' },
        handled: false,
      });
    };
    const { user, options } = setUp({ api: server.api });
    await user.click(screen.getByRole('button', { name: '开通会员' }));
    expect(options.onUnPay).toHaveBeenCalledTimes(1);
  });

  it('closes the modal when paid, shows the success dialog and clears the pending purchase', async () => {
    const { user, server, store, options } = setUp();
    await user.click(screen.getByRole('button', { name: '开通会员' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '获取支付二维码' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: '获取支付二维码' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '支付二维码' })).toHaveAttribute('data-code-url'),
    );
    expect(store.getItem(PENDING_PURCHASE_KEYS.flag)).toBe('1');
    server.payLatestOrder();
    expect(await screen.findByText('恭喜您成功购买了投标通')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: '开通会员' })).not.toBeInTheDocument();
    expect(options.onPurchased).toHaveBeenCalledWith(expect.objectContaining({ memberName: '投标通' }));
    expect(store.values.size).toBe(0);
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(options.onSuccessClosed).toHaveBeenCalledTimes(1);
  });

  it('announces a purchase paid after the modal closed on the next route change', async () => {
    const { user, server, store, options } = setUp();
    await user.click(screen.getByRole('button', { name: '开通会员' }));
    await waitFor(() => expect(screen.getByRole('button', { name: '获取支付二维码' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: '获取支付二维码' }));
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '支付二维码' })).toHaveAttribute('data-code-url'),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    server.payLatestOrder();
    await user.click(screen.getByRole('button', { name: '切换页面' }));
    expect(await screen.findByText('恭喜您成功购买了投标通')).toBeInTheDocument();
    expect(store.getItem(PENDING_PURCHASE_KEYS.memberName)).toBe('投标通');
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(store.values.size).toBe(0);
    expect(options.onSuccessClosed).toHaveBeenCalledTimes(1);
  });
});

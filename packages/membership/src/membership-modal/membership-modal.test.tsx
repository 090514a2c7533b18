import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeMembershipServer } from '../test/membership-fixtures';
import { renderWithKit } from '../test/render';
import { MembershipModal, type MembershipModalProps } from './membership-modal';

function openModal(server = fakeMembershipServer(), props: Partial<MembershipModalProps> = {}) {
  const onPaid = vi.fn();
  const onOrderCreated = vi.fn();
  const view = renderWithKit(
    <MembershipModal
      opened
      onClose={() => {}}
      api={server.api}
      areaTree={[]}
      onPaid={onPaid}
      onOrderCreated={onOrderCreated}
      pollIntervalMs={40}
      {...props}
    />,
  );
  return { ...view, server, onPaid, onOrderCreated };
}

const qr = () => screen.getByRole('img', { name: '支付二维码' });

describe('MembershipModal order flow', () => {
  it('preselects the 12-month product, applies the best coupon, shows the QR code and the server amount', async () => {
    const { server, onOrderCreated } = openModal();
    await waitFor(() =>
      expect(qr()).toHaveAttribute('data-code-url', expect.stringContaining('/pay/sandbox/')),
    );
    expect(screen.getByRole('radio', { name: /12个月/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: /12个月/ })).toHaveTextContent('立省1196元');
    expect(screen.getByRole('radio', { name: /1个月/ })).not.toHaveTextContent('立省');
    // spec §5: 满3000减500 (face value 500) beats the ¥200 no-threshold coupon on ¥5980.
    expect(screen.getByTestId('applied-coupon')).toHaveTextContent('已抵扣500元（满3000元减500）');
    const order = server.calls.find((call) => call.name === 'createOrder')?.input;
    expect(order).toMatchObject({ memberCode: 'toubiaotong', payAreas: ['全国'], couponId: 12, actiId: 1 });
    // The payable amount is the server's (the fixture's order takes off 200), not the client's arithmetic.
    expect(screen.getByTestId('payable-amount')).toHaveTextContent('¥5780');
    expect(qr().querySelector('svg')).toHaveAttribute('width', '140');
    expect(onOrderCreated).toHaveBeenCalledWith(expect.stringMatching(/^M2026/));
  });

  it('polls the status until 2, then reports the purchase', async () => {
    const { server, onPaid } = openModal();
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    await waitFor(() =>
      expect(server.calls.filter((call) => call.name === 'orderStatus').length).toBeGreaterThanOrEqual(2),
    );
    expect(onPaid).not.toHaveBeenCalled();
    server.payLatestOrder();
    await waitFor(() =>
      expect(onPaid).toHaveBeenCalledWith({
        memberName: '投标通',
        endTime: '2027-11-23 20:00:00',
        orderNo: expect.stringMatching(/^M2026/),
      }),
    );
    expect(onPaid).toHaveBeenCalledTimes(1);
  });

  it('makes a new order when another duration is chosen', async () => {
    const { server, user } = openModal();
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    await user.click(screen.getByRole('radio', { name: /3个月/ }));
    await waitFor(() => expect(server.calls.filter((call) => call.name === 'createOrder')).toHaveLength(2));
    expect(screen.getByRole('radio', { name: /3个月/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('blocks changing the member type while an order is being created', async () => {
    const server = fakeMembershipServer();
    const release = server.holdOrderCreation();
    const { user } = openModal(server);
    await waitFor(() => expect(screen.getByText('正在生成订单…')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: /企业通/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /企业通/ }));
    expect(screen.getByRole('button', { name: /投标通/ })).toHaveAttribute('aria-pressed', 'true');
    release();
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    expect(server.calls.filter((call) => call.name === 'memberProductInfo')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /企业通/ }));
    await waitFor(() =>
      expect(server.calls.filter((call) => call.name === 'memberProductInfo').at(-1)?.input).toMatchObject({
        memberCode: 'qiyetong',
      }),
    );
  });

  it('retries the product info with 全国 after a failure', async () => {
    const server = fakeMembershipServer();
    server.failProductInfo(2);
    openModal(server);
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    const loads = server.calls.filter((call) => call.name === 'memberProductInfo').map((call) => call.input);
    expect(loads).toHaveLength(3);
    expect(loads.slice(1)).toEqual([
      expect.objectContaining({ payAreas: ['全国'] }),
      expect.objectContaining({ payAreas: ['全国'] }),
    ]);
  });

  it('gives up after 5 retries', async () => {
    const server = fakeMembershipServer();
    server.failProductInfo(100);
    openModal(server);
    expect(await screen.findByText('会员信息加载失败，请稍后重试')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.name === 'memberProductInfo')).toHaveLength(6);
  });

  it('forces the level it was opened with (the purchase-intent gate)', async () => {
    const server = fakeMembershipServer();
    openModal(server, { initialMemberCode: 'qiyetong', forced: true });
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    expect(screen.getByRole('button', { name: /企业通/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /投标通/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /企业版/ })).toBeDisabled();
  });

  it('sells a type whose area cannot be edited for the whole country only', async () => {
    const server = fakeMembershipServer();
    const { user } = openModal(server);
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    await user.click(screen.getByRole('button', { name: /企业版/ }));
    expect(await screen.findByText('该会员类型仅支持全国')).toBeInTheDocument();
    expect(screen.getByTestId('purchase-areas')).toHaveTextContent('全国');
    expect(screen.queryByRole('button', { name: '选择地区' })).not.toBeInTheDocument();
  });

  it("restores each type's last chosen areas", async () => {
    const server = fakeMembershipServer();
    const tree = [
      {
        name: '全国',
        code: '100000',
        parentCode: '0',
        classify: 'all' as const,
        selected: false,
        children: ['广东省', '湖南省', '广西壮族自治区'].map((name, index) => ({
          name,
          code: String(440000 + index),
          parentCode: '100000',
          classify: 'one' as const,
          selected: false,
        })),
      },
    ];
    const { user } = openModal(server, { areaTree: tree });
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    await user.click(screen.getByRole('button', { name: '选择地区' }));
    const chooser = screen.getByRole('dialog', { name: '选择会员地区' });
    await user.click(within(chooser).getByRole('checkbox', { name: '全国' }));
    await user.click(within(chooser).getByRole('checkbox', { name: '广东省' }));
    await user.click(within(chooser).getByRole('button', { name: '确 定' }));
    await waitFor(() => expect(screen.getByTestId('purchase-areas')).toHaveTextContent('广东省'));
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    await user.click(screen.getByRole('button', { name: /企业通/ }));
    await waitFor(() => expect(screen.getByTestId('purchase-areas')).toHaveTextContent('全国'));
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    await user.click(screen.getByRole('button', { name: /投标通/ }));
    await waitFor(() => expect(screen.getByTestId('purchase-areas')).toHaveTextContent('广东省'));
    expect(server.calls.filter((call) => call.name === 'memberProductInfo').at(-1)?.input).toMatchObject({
      memberCode: 'toubiaotong',
      payAreas: ['广东省'],
    });
  });
});

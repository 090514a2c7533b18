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
const qrButton = () => screen.getByRole('button', { name: '获取支付二维码' });
const calls = (server: ReturnType<typeof fakeMembershipServer>, name: string) =>
  server.calls.filter((call) => call.name === name);

/** The member asks for the QR code of what is selected, once the products are there. */
async function askForQr(user: { click(element: Element): Promise<void> }) {
  await waitFor(() => expect(qrButton()).toBeEnabled());
  await user.click(qrButton());
  await waitFor(() =>
    expect(qr()).toHaveAttribute('data-code-url', expect.stringContaining('/pay/sandbox/')),
  );
}

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

/** Chooses 指定省份 with these provinces in the region chooser. */
async function chooseProvinces(user: { click(element: Element): Promise<void> }, provinces: string[]) {
  await user.click(screen.getByRole('button', { name: '选择地区' }));
  const chooser = screen.getByRole('dialog', { name: '选择会员地区' });
  await user.click(within(chooser).getByRole('radio', { name: '指定省份' }));
  for (const province of provinces) {
    await user.click(await within(chooser).findByRole('checkbox', { name: province }));
  }
  await user.click(within(chooser).getByRole('button', { name: '确 定' }));
  await waitFor(() => expect(screen.getByTestId('purchase-areas')).toHaveTextContent(provinces.join('，')));
}

describe('MembershipModal order flow', () => {
  it('preselects the 12-month product and applies the best coupon; no order until the QR code is asked for', async () => {
    const { server, user, onOrderCreated } = openModal();
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /12个月/ })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(screen.getByRole('radio', { name: /12个月/ })).toHaveTextContent('立省1196元');
    expect(screen.getByRole('radio', { name: /1个月/ })).not.toHaveTextContent('立省');
    // spec §5: 满3000减500 (face value 500) beats the ¥200 no-threshold coupon on ¥5980.
    expect(screen.getByTestId('applied-coupon')).toHaveTextContent('已抵扣500元（满3000元减500）');
    expect(screen.getByTestId('selection-price')).toHaveTextContent('12个月 · ¥5980');
    // Before any order, the coupon and the payable amount are the product's as the server priced it.
    expect(screen.getByTestId('payable-amount')).toHaveTextContent('¥5480');
    // One order per purchase (issue 33): choosing is free, the order waits for 获取支付二维码.
    await user.click(screen.getByRole('radio', { name: /3个月/ }));
    await user.click(screen.getByRole('radio', { name: /12个月/ }));
    expect(calls(server, 'createOrder')).toHaveLength(0);
    await askForQr(user);
    expect(calls(server, 'createOrder')).toHaveLength(1);
    expect(calls(server, 'createOrder')[0]?.input).toMatchObject({
      memberCode: 'toubiaotong',
      payAreas: ['全国'],
      couponId: 12,
      actiId: 1,
    });
    // The payable amount is then the order's, as the server charges it.
    expect(screen.getByTestId('payable-amount')).toHaveTextContent('¥5480');
    expect(qr().querySelector('svg')).toHaveAttribute('width', '140');
    expect(onOrderCreated).toHaveBeenCalledWith(expect.stringMatching(/^M2026/));
  });

  it('polls the status until 2, then reports the purchase', async () => {
    const { server, user, onPaid } = openModal();
    await askForQr(user);
    await waitFor(() => expect(calls(server, 'orderStatus').length).toBeGreaterThanOrEqual(2));
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

  it('takes the QR code away when another duration is chosen; a new one is for that duration', async () => {
    const { server, user } = openModal();
    await askForQr(user);
    await user.click(screen.getByRole('radio', { name: /3个月/ }));
    expect(screen.queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
    // ¥1580 is under 满3000's threshold: the server takes the ¥200 投标通 coupon off.
    expect(screen.getByTestId('applied-coupon')).toHaveTextContent('已抵扣200元');
    expect(screen.getByTestId('payable-amount')).toHaveTextContent('¥1380');
    await askForQr(user);
    const three = calls(server, 'createOrder').at(-1)?.input as { productId: number };
    expect(three.productId).toBe(
      (await server.api.memberProductInfo({ memberCode: 'toubiaotong' })).productConfigResponses.find(
        (option) => option.months === 3,
      )?.id,
    );
  });

  it('keeps the chosen duration when the level or the region changes (issue 33)', async () => {
    const { server, user } = openModal(fakeMembershipServer(), { areaTree: tree });
    await waitFor(() => expect(qrButton()).toBeEnabled());
    await user.click(screen.getByRole('radio', { name: /3个月/ }));
    // A level not chosen before keeps the duration (and the region).
    await user.click(screen.getByRole('button', { name: /企业通/ }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: /企业通/ })).toHaveAttribute('aria-pressed', 'true'),
    );
    await waitFor(() => expect(screen.getByTestId('selection-price')).toHaveTextContent('3个月 · ¥2680'));
    expect(screen.getByRole('radio', { name: /3个月/ })).toHaveAttribute('aria-checked', 'true');
    await chooseProvinces(user, ['湖南省']);
    expect(screen.getByRole('radio', { name: /3个月/ })).toHaveAttribute('aria-checked', 'true');
    // The price beside the region is the server's for 3 months of one province (a third in the fixture).
    expect(screen.getByTestId('selection-price')).toHaveTextContent('3个月 · ¥893');
    await askForQr(user);
    expect(calls(server, 'createOrder').at(-1)?.input).toMatchObject({
      memberCode: 'qiyetong',
      payAreas: ['湖南省'],
      productId: 201,
    });
    // Back on 投标通: its own last choice, 3 months of 全国; the QR code of 企业通 is gone.
    await user.click(screen.getByRole('button', { name: /投标通/ }));
    await waitFor(() => expect(screen.getByTestId('selection-price')).toHaveTextContent('3个月 · ¥1580'));
    expect(screen.getByTestId('purchase-areas')).toHaveTextContent('全国');
    expect(screen.queryByRole('img', { name: '支付二维码' })).not.toBeInTheDocument();
  });

  it("restores each type's last chosen areas and duration", async () => {
    const server = fakeMembershipServer();
    const { user } = openModal(server, { areaTree: tree });
    await waitFor(() => expect(qrButton()).toBeEnabled());
    await chooseProvinces(user, ['广东省']);
    await user.click(screen.getByRole('radio', { name: /1个月/ }));
    await user.click(screen.getByRole('button', { name: /企业版/ }));
    await waitFor(() => expect(screen.getByTestId('purchase-areas')).toHaveTextContent('全国'));
    await user.click(screen.getByRole('button', { name: /投标通/ }));
    await waitFor(() => expect(screen.getByTestId('purchase-areas')).toHaveTextContent('广东省'));
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: /1个月/ })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(calls(server, 'memberProductInfo').at(-1)?.input).toMatchObject({
      memberCode: 'toubiaotong',
      payAreas: ['广东省'],
    });
  });

  it('resumes an unpaid order (去支付): its choices and its own QR code, no new order', async () => {
    const server = fakeMembershipServer();
    const first = openModal(server, { areaTree: tree });
    await askForQr(first.user);
    const made = calls(server, 'createOrder')[0]?.input as { productId: number };
    first.unmount();
    const { orderNo } = await server.api.orderQrcode({ orderId: 1 });
    openModal(server, {
      areaTree: tree,
      resumeOrder: {
        orderId: 1,
        orderNo,
        orderStatus: 1,
        tradeStatus: 'WAIT_BUYER_PAY',
        memberCode: 'toubiaotong',
        memberName: '投标通',
        productId: made.productId,
        productTypeStr: '12个月',
        months: 12,
        payArea: '全国',
        originalFee: 7176,
        discountFee: 5980,
        couponId: 12,
        couponFee: 200,
        payFee: 5780,
        payType: 'PC-微信',
        createTime: '2026-11-23 20:00:00',
        expireTime: '2026-11-23 22:00:00',
        payTime: null,
      },
    });
    await waitFor(() => expect(qr()).toHaveAttribute('data-order-no', orderNo));
    expect(screen.getByRole('radio', { name: /12个月/ })).toHaveAttribute('aria-checked', 'true');
    expect(calls(server, 'createOrder')).toHaveLength(1);
  });

  it('blocks changing the member type and a second order while an order is being created', async () => {
    const server = fakeMembershipServer();
    const release = server.holdOrderCreation();
    const { user } = openModal(server);
    await waitFor(() => expect(qrButton()).toBeEnabled());
    await user.click(qrButton());
    await waitFor(() => expect(screen.getByText('正在生成订单…')).toBeInTheDocument());
    await user.click(qrButton());
    expect(screen.getByRole('button', { name: /企业通/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /企业通/ }));
    expect(screen.getByRole('button', { name: /投标通/ })).toHaveAttribute('aria-pressed', 'true');
    release();
    await waitFor(() => expect(qr()).toHaveAttribute('data-code-url'));
    expect(calls(server, 'createOrder')).toHaveLength(1);
    expect(calls(server, 'memberProductInfo')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /企业通/ }));
    await waitFor(() =>
      expect(calls(server, 'memberProductInfo').at(-1)?.input).toMatchObject({ memberCode: 'qiyetong' }),
    );
  });

  it('retries the product info with 全国 after a failure', async () => {
    const server = fakeMembershipServer();
    server.failProductInfo(2);
    openModal(server);
    await waitFor(() => expect(qrButton()).toBeEnabled());
    const loads = calls(server, 'memberProductInfo').map((call) => call.input);
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
    expect(calls(server, 'memberProductInfo')).toHaveLength(6);
  });

  it('forces the level it was opened with (the purchase-intent gate)', async () => {
    const server = fakeMembershipServer();
    openModal(server, { initialMemberCode: 'qiyetong', forced: true });
    await waitFor(() => expect(qrButton()).toBeEnabled());
    expect(screen.getByRole('button', { name: /企业通/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /投标通/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /企业版/ })).toBeDisabled();
  });

  it('sells a type whose area cannot be edited for the whole country only', async () => {
    const server = fakeMembershipServer();
    const { user } = openModal(server);
    await waitFor(() => expect(qrButton()).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /企业版/ }));
    expect(await screen.findByText('该会员类型仅支持全国')).toBeInTheDocument();
    expect(screen.getByTestId('purchase-areas')).toHaveTextContent('全国');
    expect(screen.queryByRole('button', { name: '选择地区' })).not.toBeInTheDocument();
  });
});

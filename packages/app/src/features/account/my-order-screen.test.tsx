import type { Order } from '@tender/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../test/render';
import { OrderList, type OrderListProps } from './my-order-screen';

const paid: Order = {
  orderId: 1,
  orderNo: 'M20261124103000abcdef0123',
  orderStatus: 2,
  tradeStatus: 'TRADE_SUCCESS',
  memberCode: 'toubiaotong',
  memberName: '投标通',
  productId: 1,
  productTypeStr: '12个月',
  months: 12,
  payArea: '全国',
  originalFee: 7176,
  discountFee: 5980,
  couponId: 9,
  couponFee: 200,
  payFee: 5780,
  payType: 'PC-微信',
  createTime: '2026-11-24 10:30:00',
  expireTime: '2026-11-24 12:30:00',
  payTime: '2026-11-24 10:31:05',
};
const open: Order = {
  ...paid,
  orderId: 2,
  orderNo: 'M20261124110000abcdef0456',
  orderStatus: 1,
  tradeStatus: 'WAIT_BUYER_PAY',
  couponId: null,
  couponFee: 0,
  payFee: 980,
  memberName: '企业通',
  productTypeStr: '1个月',
  payArea: '广东省，湖南省',
  createTime: '2026-11-24 11:00:00',
  expireTime: '2026-11-24 13:00:00',
  payTime: null,
};

function ordersApi(records: Order[]): OrderListProps['api'] {
  return {
    myOrders: vi.fn(async () => ({ records, total: records.length })),
  } as unknown as OrderListProps['api'];
}

describe('OrderList (我的订单)', () => {
  it('shows each order with what was bought, the amount paid, the status and the times', async () => {
    await renderWithRouter(<OrderList api={ordersApi([open, paid])} onPay={vi.fn()} />, {
      path: '/myOrder',
      paths: ['/myOrder'],
    });
    const table = await screen.findByRole('table', { name: '订单列表' });
    const [, openRow, paidRow] = within(table).getAllByRole('row');
    expect(openRow).toHaveTextContent('企业通（1个月）');
    expect(openRow).toHaveTextContent('广东省，湖南省');
    expect(openRow).toHaveTextContent('¥980');
    expect(openRow).toHaveTextContent('待支付');
    expect(openRow).toHaveTextContent('请在 2026-11-24 13:00:00 前支付');
    expect(paidRow).toHaveTextContent('投标通（12个月）');
    expect(paidRow).toHaveTextContent('¥5780');
    expect(paidRow).toHaveTextContent('已用券减 ¥200');
    expect(paidRow).toHaveTextContent('已支付');
    expect(paidRow).toHaveTextContent('2026-11-24 10:31:05');
  });

  it('pays an open order through the membership modal; a paid one has nothing to pay', async () => {
    const onPay = vi.fn();
    const { user } = await renderWithRouter(<OrderList api={ordersApi([open, paid])} onPay={onPay} />, {
      path: '/myOrder',
      paths: ['/myOrder'],
    });
    await user.click(await screen.findByRole('button', { name: `去支付 ${open.orderNo}` }));
    expect(onPay).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ orderNo: open.orderNo }));
    expect(screen.queryByRole('button', { name: `去支付 ${paid.orderNo}` })).not.toBeInTheDocument();
  });

  it('shows a card per order on a phone, with 去支付 for the open one', async () => {
    const usual = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      ...usual(query),
      matches: query.includes('max-width'),
    })) as never;
    try {
      const onPay = vi.fn();
      const { user } = await renderWithRouter(<OrderList api={ordersApi([open, paid])} onPay={onPay} />, {
        path: '/myOrder',
        paths: ['/myOrder'],
      });
      const list = await screen.findByRole('list', { name: '订单列表' });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const [openCard, paidCard] = within(list).getAllByRole('listitem');
      expect(openCard).toHaveTextContent('实付金额¥980');
      expect(openCard).toHaveTextContent('待支付');
      expect(paidCard).toHaveTextContent('已支付');
      await user.click(
        within(openCard as HTMLElement).getByRole('button', { name: `去支付 ${open.orderNo}` }),
      );
      expect(onPay).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ orderNo: open.orderNo }));
    } finally {
      window.matchMedia = usual;
    }
  });

  it('says there are no orders yet and offers 开通会员', async () => {
    const onPay = vi.fn();
    const { user } = await renderWithRouter(<OrderList api={ordersApi([])} onPay={onPay} />, {
      path: '/myOrder',
      paths: ['/myOrder'],
    });
    expect(await screen.findByText('暂无订单，开通会员后可在此查看')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '开通会员' }));
    expect(onPay).toHaveBeenCalledExactlyOnceWith();
  });
});

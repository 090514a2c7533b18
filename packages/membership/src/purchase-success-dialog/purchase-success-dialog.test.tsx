import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { PurchaseSuccessDialog } from './purchase-success-dialog';

describe('PurchaseSuccessDialog', () => {
  it('congratulates with the level and the end date, and closes on 知道了', async () => {
    const onClose = vi.fn();
    const { user } = renderWithKit(
      <PurchaseSuccessDialog
        result={{ memberName: '企业通', endTime: '2027-11-23 20:15:00' }}
        invoicePhone="400-012-3456"
        onClose={onClose}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: '购买成功' });
    expect(dialog).toHaveTextContent('恭喜您成功购买了企业通');
    expect(dialog).toHaveTextContent('您的会员有效期至2027-11-23');
    expect(dialog).toHaveTextContent('如需开具发票，请联系客服：400-012-3456');
    await user.click(screen.getByRole('button', { name: '知道了' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no invoice line without a phone, and offers My Orders when asked', async () => {
    const onViewOrders = vi.fn();
    const { user } = renderWithKit(
      <PurchaseSuccessDialog
        result={{ memberName: '投标通', endTime: '2027-01-01 00:00:00' }}
        onClose={() => {}}
        onViewOrders={onViewOrders}
      />,
    );
    expect(screen.getByRole('dialog')).not.toHaveTextContent('发票');
    await user.click(screen.getByRole('button', { name: '查看我的订单' }));
    expect(onViewOrders).toHaveBeenCalledTimes(1);
  });
});

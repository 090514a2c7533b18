import type { Coupon } from '@tender/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { coupons, fakeMembershipServer } from '../test/membership-fixtures';
import { renderWithKit } from '../test/render';
import { CouponDialog } from './coupon-dialog';

function rows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('CouponDialog', () => {
  it('shows the columns, thresholds, statuses and valid-until dates', async () => {
    const onUseCoupon = vi.fn();
    const { user } = renderWithKit(
      <CouponDialog opened onClose={() => {}} api={fakeMembershipServer().api} onUseCoupon={onUseCoupon} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '优惠券' });
    await waitFor(() => expect(within(dialog).getByRole('table')).toBeInTheDocument());
    expect([...dialog.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual([
      '面额',
      '使用门槛',
      '适用会员',
      '状态',
      '有效期至',
      '操作',
    ]);
    expect(rows()).toEqual([
      ['¥200', '无门槛', '投标通', '待使用', '2026-12-31', '去使用'],
      ['¥500', '满3000元减500', '全品类', '待使用', '2026-12-31', '去使用'],
      ['¥50', '满100元减50', 'VIP会员', '已过期', '无期限', ''],
    ]);
    await user.click(within(dialog).getAllByRole('button', { name: '去使用' })[1] as HTMLElement);
    expect(onUseCoupon).toHaveBeenCalledWith(expect.objectContaining({ couponId: 12 }));
  });

  it('says 暂无优惠券 without coupons', async () => {
    renderWithKit(
      <CouponDialog
        opened
        onClose={() => {}}
        api={fakeMembershipServer({ couponList: [] }).api}
        onUseCoupon={() => {}}
      />,
    );
    expect(await screen.findByText('暂无优惠券')).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('pages 5 at a time and caps the total at 250', async () => {
    const many: Coupon[] = Array.from({ length: 300 }, (_, index) => ({
      ...(coupons[0] as Coupon),
      couponId: 1000 + index,
      faceValue: index + 1,
    }));
    const server = fakeMembershipServer({ couponList: many });
    const { user } = renderWithKit(
      <CouponDialog opened onClose={() => {}} api={server.api} onUseCoupon={() => {}} />,
    );
    expect(await screen.findByText('共 250 张')).toBeInTheDocument();
    expect(rows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: '50' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '51' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(rows()[0]?.[0]).toBe('¥6'));
    expect(server.calls.at(-1)?.input).toEqual({ pageNumber: 2, pageSize: 5 });
  });
});

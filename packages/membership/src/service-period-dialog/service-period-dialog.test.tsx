import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeMembershipServer } from '../test/membership-fixtures';
import { renderWithKit } from '../test/render';
import { ServicePeriodDialog } from './service-period-dialog';

describe('ServicePeriodDialog', () => {
  it('lists each membership with the in-use marker, expiry and area, and the rules', async () => {
    renderWithKit(<ServicePeriodDialog opened onClose={() => {}} api={fakeMembershipServer().api} />);
    const dialog = screen.getByRole('dialog', { name: '服务期明细' });
    const table = await within(dialog).findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['企业通（正在使用中）', '2027-11-23 20:00:00', '广东省，湖南省'],
      ['投标通', '2028-02-23 20:00:00', '全国'],
    ]);
    expect(dialog).toHaveTextContent('续费同一会员等级，剩余服务期将累加。');
    expect(dialog).toHaveTextContent('优先使用最高等级');
  });
});

import { createRenderWithBrand } from '@tender/test-utils';
import { UiKitProvider } from '@tender/ui-kit';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { monthlyTrendChart } from './chart-options';
import { EChart } from './echart';

const renderWithKit = createRenderWithBrand(UiKitProvider);

describe('EChart', () => {
  const spec = monthlyTrendChart([
    { code: '2026-11', name: '2026-11', items: 4, budgetFen: 1_000_000, awardFen: 0 },
  ]);

  it('is a named region whose figures are one click away as a table', async () => {
    const { user } = renderWithKit(<EChart title="逐月走势" spec={spec} />);
    const region = screen.getByRole('region', { name: '逐月走势' });
    expect(within(region).queryByRole('table')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: '查看数据表' }));
    const table = within(region).getByRole('table', { name: '逐月走势' });
    expect(within(table).getByRole('row', { name: '2026-11 4 1万元 0万元' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '收起数据表' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it('says there is nothing to draw instead of an empty chart', () => {
    renderWithKit(<EChart title="逐月走势" spec={monthlyTrendChart([])} />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '查看数据表' })).not.toBeInTheDocument();
  });
});

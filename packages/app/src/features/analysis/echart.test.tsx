import { defineBrand } from '@tender/brand';
import { createRenderWithBrand, testBrand } from '@tender/test-utils';
import { UiKitProvider } from '@tender/ui-kit';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { monthlyTrendChart } from './chart-options';
import type { ChartOption } from './chart-spec';
import { EChart } from './echart';

/** What the chart was asked to draw: ECharts itself needs a canvas, which jsdom has not. */
const drawnOptions = vi.hoisted(() => [] as ChartOption[]);
vi.mock('./echarts-setup', () => ({
  initChart: () => ({
    setOption: (option: ChartOption) => drawnOptions.push(option),
    resize() {},
    dispose() {},
    on() {},
  }),
}));

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

  it.each([
    ['the test brand', testBrand],
    [
      'a brand of other colours',
      defineBrand({
        ...testBrand,
        id: 'teal',
        colors: { primary: '#0e7480', themeChoices: ['#0e7480', '#be185d'] },
      }),
    ],
  ])("draws its series in the brand's colours, not ECharts' own (%s)", async (_name, brand) => {
    drawnOptions.length = 0;
    createRenderWithBrand(UiKitProvider, brand)(<EChart title="逐月走势" spec={spec} />);
    await waitFor(() => expect(drawnOptions).not.toHaveLength(0));
    const colors = drawnOptions.at(-1)?.color as string[];
    // The primary colour for the first series (the line of items), the brand's other theme colours next.
    expect(colors.slice(0, brand.colors.themeChoices.length)).toEqual(brand.colors.themeChoices);
    expect(colors).not.toContain('#5070dd');
  });
});

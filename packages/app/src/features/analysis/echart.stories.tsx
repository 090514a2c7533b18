import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import {
  demoAccountUsage,
  demoIndustries,
  demoMethods,
  demoMonths,
  demoPurchasers,
} from '../../test/story-fixtures';
import { amountDistributionChart, monthlyTrendChart, rankingChart, shareChart } from './chart-options';
import type { ChartSpec } from './chart-spec';
import { EChart } from './echart';
import { messages } from './messages';
import { dailyUsageChart } from './usage-chart';

/**
 * A still picture of the chart: ECharts' entry animation runs a second, and a designer (and the visual check)
 * compares the drawn chart, not a frame of it.
 */
function still(spec: ChartSpec): ChartSpec {
  return { ...spec, option: { ...spec.option, animation: false } };
}

/** Each chart of market analysis, the data board and 企业数据统计, with demo data, as the screens title them. */
const meta = {
  title: 'app/Charts/EChart',
  component: EChart,
  args: { title: messages.market.trend, spec: still(monthlyTrendChart(demoMonths)), onClick: fn() },
} satisfies Meta<typeof EChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MonthlyTrend: Story = {};
export const PurchaserRanking: Story = {
  args: { title: messages.market.topPurchasers, spec: still(rankingChart(demoPurchasers)), height: 360 },
};
export const IndustryAmounts: Story = {
  args: {
    title: messages.market.byIndustry,
    spec: still(amountDistributionChart(demoIndustries)),
    height: 340,
  },
};
export const MethodShare: Story = {
  args: { title: messages.market.byMethod, spec: still(shareChart(demoMethods)), height: 340 },
};
export const DailyUsage: Story = {
  args: { title: messages.statistics.daily, spec: still(dailyUsageChart(demoAccountUsage)) },
};
/** The chart's text alternative opened (查看数据表). */
export const WithDataTable: Story = { args: { tableOpened: true } };
/** No figures for the filter: the empty note instead of a chart. */
export const Empty: Story = { args: { spec: monthlyTrendChart([]) } };

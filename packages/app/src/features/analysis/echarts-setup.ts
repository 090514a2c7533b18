import { BarChart, GraphChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

/**
 * ECharts with only what the analysis and company screens draw. This module is imported lazily by `EChart`, so
 * ECharts stays out of the login route's bundle (tooling/e2e bundle-budget). The registration runs inside the
 * exported function: @tender/app is `sideEffects: false`, so a top-level `use()` would be tree-shaken away.
 */
export function initChart(element: HTMLElement) {
  echarts.use([
    BarChart,
    GraphChart,
    LineChart,
    PieChart,
    GridComponent,
    LegendComponent,
    TooltipComponent,
    CanvasRenderer,
  ]);
  return echarts.init(element);
}

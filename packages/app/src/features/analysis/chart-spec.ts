import type { BarSeriesOption, GraphSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** An ECharts option made only of the charts and components `echarts-setup.ts` registers. */
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | GraphSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | LegendComponentOption
  | TooltipComponentOption
>;

/** The same figures as a table: the chart's text alternative. */
export interface ChartTable {
  columns: string[];
  rows: (string | number)[][];
}

/** What a chart draws and its table alternative, made from the server's data by one function. */
export interface ChartSpec {
  option: ChartOption;
  table: ChartTable;
}

/** Fen as 万元 with two decimals (the contracts' amounts are fen). */
export function fenToWanYuan(fen: number): number {
  return Math.round(fen / 10_000) / 100;
}

import { formatWanYuan, groupedNumber, YI_IN_WAN } from '@tender/domain';
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

/**
 * The option with the brand's series colours (`theme.other.chartPalette`, @tender/brand/theme): without them ECharts
 * draws in its own palette. A colour the option sets itself still wins.
 */
export function withBrandPalette(option: ChartOption, palette: readonly string[] | undefined): ChartOption {
  return palette?.length ? { color: [...palette], ...option } : option;
}

/** Fen as 万元 with two decimals (the contracts' amounts are fen). */
export function fenToWanYuan(fen: number): number {
  return Math.round(fen / 10_000) / 100;
}

/** An amount series' tooltip: the shared 万元/亿元 text of the value (the series carry 万元 numbers). */
export const amountTooltip = {
  valueFormatter: (value: unknown) =>
    typeof value === 'number' ? formatWanYuan(value) : String(value ?? ''),
};

/** An amount axis' labels: grouped 万 below 1 亿, then 亿 (the axis is in 万元). */
export const amountAxisLabel = {
  formatter: (value: number) =>
    Math.abs(value) >= YI_IN_WAN ? `${groupedNumber(value / YI_IN_WAN)}亿` : `${groupedNumber(value)}万`,
};

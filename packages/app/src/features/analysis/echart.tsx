import { Alert, Box, Button, Loader, Paper, Table, Text, Title, useMantineTheme } from '@mantine/core';
import type { BrandThemeOther } from '@tender/brand/theme';
import { useEffect, useRef, useState } from 'react';
import { type ChartOption, type ChartSpec, withBrandPalette } from './chart-spec';
import { messages } from './messages';

/** What ECharts hands a click handler: the series' type and the clicked datum. */
export interface ChartClick {
  seriesType?: string;
  dataType?: string;
  data?: unknown;
  name?: string;
}

export interface EChartProps {
  /** The area's heading and accessible name. */
  title: string;
  spec: ChartSpec;
  height?: number;
  onClick?(event: ChartClick): void;
  /** Show the data table from the start (the chart's text alternative is always one click away). */
  tableOpened?: boolean;
}

type ChartInstance = {
  setOption(option: ChartOption, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
  on(event: 'click', handler: (event: ChartClick) => void): void;
  on(event: 'finished', handler: () => void): void;
};

/**
 * One chart in its own region: ECharts is loaded on first use (its own chunk), the figures are also a table for
 * screen readers and keyboards (查看数据表), and a chart that cannot be drawn falls back to that table.
 */
export function EChart({ title, spec, height = 300, onClick, tableOpened = false }: EChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<ChartInstance | null>(null);
  const clickHandler = useRef(onClick);
  clickHandler.current = onClick;
  const [status, setStatus] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const [finished, setFinished] = useState(false);
  const [showTable, setShowTable] = useState(tableOpened);
  // The brand's series colours (the settings panel's theme colour first), as the rest of the app is themed.
  const palette = (useMantineTheme().other as Partial<BrandThemeOther>).chartPalette;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | undefined;
    import('./echarts-setup')
      .then(({ initChart }) => {
        const element = container.current;
        if (disposed || !element) return;
        const instance = initChart(element) as unknown as ChartInstance;
        instance.on('click', (event) => clickHandler.current?.(event));
        // ECharts reports the end of drawing and animating: the chart is complete (what screenshots wait for).
        instance.on('finished', () => setFinished(true));
        chart.current = instance;
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => instance.resize());
          observer.observe(element);
        }
        setStatus('drawn');
      })
      .catch(() => {
        if (!disposed) setStatus('failed');
      });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (status !== 'drawn' || !chart.current) return;
    setFinished(false);
    try {
      chart.current.setOption(withBrandPalette(spec.option, palette), true);
    } catch {
      setStatus('failed');
    }
  }, [spec, status, palette]);

  const tableVisible = showTable || status === 'failed';
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={title}
      data-chart={status === 'drawn' && finished ? 'finished' : status}
    >
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      {status === 'failed' && (
        <Alert color="yellow" mb="xs">
          {messages.chart.failed}
        </Alert>
      )}
      {spec.table.rows.length === 0 ? (
        <Text c="dimmed">{messages.chart.empty}</Text>
      ) : (
        <>
          <Box pos="relative" display={status === 'failed' ? 'none' : undefined}>
            {status === 'loading' && (
              <Loader size="sm" pos="absolute" top={8} left={8} aria-label={messages.chart.loading} />
            )}
            <div ref={container} style={{ height, width: '100%' }} aria-hidden="true" />
          </Box>
          {status !== 'failed' && (
            <Button
              variant="subtle"
              size="compact-sm"
              mt="xs"
              onClick={() => setShowTable((value) => !value)}
              aria-expanded={showTable}
            >
              {showTable ? messages.chart.hideTable : messages.chart.showTable}
            </Button>
          )}
          {tableVisible && <ChartDataTable title={title} spec={spec} />}
        </>
      )}
    </Paper>
  );
}

function ChartDataTable({ title, spec }: { title: string; spec: ChartSpec }) {
  return (
    <Table.ScrollContainer minWidth={320} mah={320} mt="xs">
      <Table striped aria-label={title} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            {spec.table.columns.map((column) => (
              <Table.Th key={column}>{column}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {spec.table.rows.map((row, index) => (
            <Table.Tr key={index}>
              {row.map((cell, cellIndex) => (
                <Table.Td key={cellIndex}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

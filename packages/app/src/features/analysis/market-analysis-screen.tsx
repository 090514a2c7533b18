import { Alert, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { MarketAnalysis } from '@tender/contracts';
import { useMemo, useRef, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { amountDistributionChart, monthlyTrendChart, rankingChart, shareChart } from './chart-options';
import { EChart } from './echart';
import { DEFAULT_MARKET_FILTER, type MarketFilter, marketRequest } from './market-filter';
import { MarketFilters } from './market-filters';
import { messages } from './messages';
import { ProvinceTileMap } from './province-tile-map';

/**
 * spec §2 /enterpriseAnalysis/informationQuery/marketAnalysis (招投标市场分析): filters, totals, the monthly
 * trend, the province map, top purchasers and winners, amounts by industry and the procurement methods.
 */
export function MarketAnalysisScreen() {
  const { api } = useAppServices();
  const [filter, setFilter] = useState<MarketFilter>(DEFAULT_MARKET_FILTER);
  const [request, setRequest] = useState(() => marketRequest(DEFAULT_MARKET_FILTER, null));
  // The server's "this month", from its first answer: every period chosen later ends there.
  const endMonth = useRef<string | null>(null);
  const apply = (next: MarketFilter) => {
    setFilter(next);
    setRequest(marketRequest(next, endMonth.current));
  };
  const analysis = useGatedData(
    (signal) =>
      api.marketAnalysis(request, gatedCallOptions(signal)).then((answer) => {
        endMonth.current ??= answer.endMonth;
        return answer;
      }),
    [api, request],
  );
  return (
    <Stack gap="md">
      <MarketFilters value={filter} onApply={apply} />
      <DataState state={analysis}>
        {(data) => (
          <MarketFigures
            data={data}
            province={filter.province}
            onProvince={(province) =>
              apply({ ...filter, province: filter.province === province ? null : province })
            }
          />
        )}
      </DataState>
    </Stack>
  );
}

function Total({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

function MarketFigures({
  data,
  province,
  onProvince,
}: {
  data: MarketAnalysis;
  province: string | null;
  onProvince(province: string): void;
}) {
  const charts = useMemo(
    () => ({
      trend: monthlyTrendChart(data.byMonth),
      purchasers: rankingChart(data.topPurchasers),
      winners: rankingChart(data.topWinners),
      industries: amountDistributionChart(data.byIndustry),
      methods: shareChart(data.byMethod),
    }),
    [data],
  );
  const { totals } = data;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={messages.market.totals}>
        <Title order={3} size="h5" mb="xs">
          {messages.market.totals}
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {messages.market.range(data.startMonth, data.endMonth)}
        </Text>
        <SimpleGrid cols={{ base: 2, md: 5 }}>
          <Total label={messages.market.totalItems} value={totals.items} />
          <Total label={messages.market.tenders} value={totals.tenders} />
          <Total label={messages.market.results} value={totals.results} />
          <Total label={messages.market.budget} value={totals.budgetWanYuanText} />
          <Total label={messages.market.award} value={totals.awardWanYuanText} />
        </SimpleGrid>
        {data.sampled && (
          <Alert color="blue" mt="sm">
            {messages.market.sampled(data.sampleCap)}
          </Alert>
        )}
      </Paper>
      {totals.items === 0 ? (
        <Alert color="gray" role="status">
          {messages.market.empty}
        </Alert>
      ) : (
        <>
          <EChart title={messages.market.trend} spec={charts.trend} />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <ProvinceTileMap
              title={messages.market.provinceMap}
              byProvince={data.byProvince}
              selectedCode={province}
              onSelect={(tile) => onProvince(tile.code)}
            />
            <EChart title={messages.market.byMethod} spec={charts.methods} height={340} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <EChart title={messages.market.topPurchasers} spec={charts.purchasers} height={360} />
            <EChart title={messages.market.topWinners} spec={charts.winners} height={360} />
          </SimpleGrid>
          <EChart title={messages.market.byIndustry} spec={charts.industries} height={340} />
        </>
      )}
    </Stack>
  );
}

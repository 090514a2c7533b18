import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { dashboardEndpoint, EndpointResponse } from '@tender/contracts';
import { useMemo } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { itemLink } from '../companies/company-route';
import { monthlyTrendChart, shareChart } from './chart-options';
import { monthOverMonth, wanYuanText } from './dashboard-figures';
import { EChart } from './echart';
import { messages } from './messages';

type Dashboard = EndpointResponse<typeof dashboardEndpoint>;

/** How many of the newest items the board lists. */
const RECENT_ITEMS = 8;
const BID_SEARCH_PATH = '/informationQuery/bid';

/** spec §2 /dashboard (数据看板, the guided tour's skip target): the member's regions at a glance. */
export function DashboardScreen() {
  const { api } = useAppServices();
  const board = useGatedData((signal) => api.dashboard({}, gatedCallOptions(signal)), [api]);
  return (
    <Stack gap="md">
      <DataState state={board}>{(data) => <Board data={data} />}</DataState>
      <RecentItems />
    </Stack>
  );
}

function Headline({ label, value, change }: { label: string; value: string; change?: string | null }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="xl">
        {value}
      </Text>
      {change && (
        <Text size="xs" c={change.startsWith('-') ? 'red.9' : 'teal.9'}>
          {messages.dashboard.change(change)}
        </Text>
      )}
    </Paper>
  );
}

function Board({ data }: { data: Dashboard }) {
  const charts = useMemo(
    () => ({
      trend: monthlyTrendChart(data.byMonth),
      types: shareChart(data.byType),
      industries: shareChart(data.byIndustry),
    }),
    [data],
  );
  const { thisMonth, lastMonth } = data;
  return (
    <>
      <Paper withBorder p="md" component="section" aria-label={messages.dashboard.headline}>
        <Group justify="space-between" mb="xs">
          <Title order={2} size="h4">
            {messages.dashboard.title}
          </Title>
          <Text size="sm" c="dimmed">
            {messages.dashboard.regions(data.regions.join('、'))}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, md: 4 }}>
          <Headline
            label={messages.dashboard.thisMonth}
            value={String(thisMonth.items)}
            change={monthOverMonth(thisMonth.items, lastMonth.items)}
          />
          <Headline label={messages.dashboard.lastMonth} value={String(lastMonth.items)} />
          <Headline
            label={messages.dashboard.budget}
            value={wanYuanText(thisMonth.budgetFen)}
            change={monthOverMonth(thisMonth.budgetFen, lastMonth.budgetFen)}
          />
          <Headline
            label={messages.dashboard.award}
            value={wanYuanText(thisMonth.awardFen)}
            change={monthOverMonth(thisMonth.awardFen, lastMonth.awardFen)}
          />
        </SimpleGrid>
      </Paper>
      <EChart title={messages.dashboard.trend} spec={charts.trend} />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <EChart title={messages.dashboard.byType} spec={charts.types} height={320} />
        <EChart title={messages.dashboard.byIndustry} spec={charts.industries} height={320} />
      </SimpleGrid>
    </>
  );
}

/** The newest items of the whole country (the search's first page), each opening its detail. */
function RecentItems() {
  const { api } = useAppServices();
  const recent = useGatedData(
    (signal) => api.searchList({ pageSize: RECENT_ITEMS }, gatedCallOptions(signal)),
    [api],
  );
  return (
    <Paper withBorder p="md" component="section" aria-label={messages.dashboard.recent}>
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {messages.dashboard.recent}
        </Title>
        <Anchor component={Link} to={BID_SEARCH_PATH} size="sm">
          {messages.dashboard.more}
        </Anchor>
      </Group>
      <DataState state={recent}>
        {(page) =>
          page.records.length === 0 ? (
            <Text c="dimmed">{messages.dashboard.recentEmpty}</Text>
          ) : (
            <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {page.records.map((item) => (
                <Group component="li" key={item.id} justify="space-between" wrap="nowrap" gap="sm">
                  <Anchor
                    component={Link}
                    size="sm"
                    lineClamp={1}
                    {...itemLink({ id: item.id, type: item.docType })}
                  >
                    {item.title}
                  </Anchor>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {item.typeLabel} · {item.regionText} · {item.publishDate}
                  </Text>
                </Group>
              ))}
            </Stack>
          )
        }
      </DataState>
    </Paper>
  );
}

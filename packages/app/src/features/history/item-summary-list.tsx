import { Anchor, Badge, Button, Group, LoadingOverlay, Paper, Stack, Tabs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ItemType } from '@tender/contracts';
import { ListPagination } from '@tender/ui-kit';
import type { ReactNode } from 'react';
import { DataState } from '../../shell/data-state';
import { detailLink } from '../details/detail-routes';
import { useKeptAnswer } from '../search/use-kept-answer';
import { messages } from './messages';
import type { ItemList } from './use-item-list';

/** A line of 我的浏览历史 or 我的关注 (`itemSummarySchema` of the history contracts). */
export interface ItemSummary {
  id: number;
  type: ItemType;
  typeName: string;
  title: string;
  regionText: string;
  publishDate: string;
  amount: { wanYuanText: string } | null;
  purchaserName: string | null;
}

export interface TypeCount {
  type: ItemType;
  typeName: string;
  count: number;
}

/** The type tabs: 全部 and each type the list has, with its count (spec §3 Info-type counts). */
function TypeTabs({
  value,
  onChange,
  counts,
}: {
  value: ItemType | 'all';
  onChange(type: ItemType | 'all'): void;
  counts: readonly TypeCount[];
}) {
  const total = counts.reduce((sum, entry) => sum + entry.count, 0);
  return (
    <Tabs value={value} onChange={(next) => next && onChange(next as ItemType | 'all')}>
      <Tabs.List aria-label={messages.types.label}>
        <Tabs.Tab value="all">{messages.types.count(messages.types.all, total)}</Tabs.Tab>
        {counts.map((entry) => (
          <Tabs.Tab key={entry.type} value={entry.type}>
            {messages.types.count(entry.typeName, entry.count)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

/** One item: its type, title opening its detail screen, facts, when, and the row's action. */
function ItemSummaryRow({ item, when, action }: { item: ItemSummary; when: string; action: ReactNode }) {
  const t = messages.item;
  return (
    <Paper component="article" withBorder p="sm" aria-label={item.title}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            <Badge variant="light" style={{ flexShrink: 0 }}>
              {item.typeName}
            </Badge>
            <Anchor component={Link} {...detailLink(item)} fw={500} c="inherit">
              {item.title}
            </Anchor>
          </Group>
          <Group gap="lg" c="dimmed" wrap="wrap">
            {item.regionText && <Text size="xs">{`${t.region}：${item.regionText}`}</Text>}
            {item.amount && <Text size="xs">{`${t.amount}：${item.amount.wanYuanText}`}</Text>}
            {item.purchaserName && <Text size="xs">{`${t.purchaser}：${item.purchaserName}`}</Text>}
            <Text size="xs">{`${t.publishDate}：${item.publishDate}`}</Text>
            <Text size="xs">{when}</Text>
          </Group>
        </Stack>
        {action}
      </Group>
    </Paper>
  );
}

/** The empty list: what it is and how to fill it. */
function EmptyList({ title, hint }: { title: string; hint: string }) {
  return (
    <Stack align="center" gap={6} py="xl" role="status">
      <Text fw={500}>{title}</Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
      <Button component={Link} to="/informationQuery/bid" variant="light" size="xs">
        {messages.toSearch}
      </Button>
    </Stack>
  );
}

/** The section of a list screen: the type tabs, then the rows and the pager, or its empty, loading or failed state. */
export function ItemListSection<Row extends ItemSummary>({
  label,
  list,
  empty,
  rowKey,
  when,
  action,
}: {
  label: string;
  list: ItemList<Row>;
  empty: { title: string; hint: string };
  rowKey(row: Row): string | number;
  when(row: Row): string;
  /** The row's button; `lastOfPage` says removing it empties the page. */
  action(row: Row, lastOfPage: boolean): ReactNode;
}) {
  const answer = useKeptAnswer(list.state);
  const loading = list.state.status === 'loading';
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      {list.typeCounts.length > 0 && (
        <TypeTabs value={list.type} onChange={list.chooseType} counts={list.typeCounts} />
      )}
      <Stack mt="sm">
        {!answer ? (
          <DataState state={list.state}>{() => null}</DataState>
        ) : answer.records.length === 0 ? (
          <EmptyList title={empty.title} hint={empty.hint} />
        ) : (
          // While the next answer loads, the rows stay, dimmed (spec §9: 20 a page).
          <Stack gap="sm" pos="relative" aria-busy={loading}>
            <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
            <Stack component="ul" gap="xs" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
              {answer.records.map((row) => (
                <li key={rowKey(row)}>
                  <ItemSummaryRow
                    item={row}
                    when={when(row)}
                    action={action(row, answer.records.length === 1)}
                  />
                </li>
              ))}
            </Stack>
            <ListPagination
              total={answer.total}
              page={list.page}
              onChange={list.setPage}
              disabled={loading}
            />
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

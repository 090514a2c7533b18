import { Anchor, Badge, Button, Group, LoadingOverlay, Paper, Stack, Tabs, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ItemType } from '@tender/contracts';
import { ListPagination } from '@tender/ui-kit';
import type { ReactNode } from 'react';
import { detailLink } from '../details/detail-routes';
import { messages } from './messages';

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
export function TypeTabs({
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
export function ItemSummaryRow({
  item,
  when,
  action,
}: {
  item: ItemSummary;
  when: string;
  action: ReactNode;
}) {
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
export function EmptyList({ title, hint }: { title: string; hint: string }) {
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

/** The rows and the pager under them (spec §9: 20 a page). */
export function PagedItems({
  label,
  total,
  page,
  onPage,
  loading,
  children,
}: {
  label: string;
  total: number;
  page: number;
  onPage(page: number): void;
  /** The next answer is on its way: the rows stay, dimmed. */
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm" pos="relative" aria-busy={loading}>
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Stack component="ul" gap="xs" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
        {children}
      </Stack>
      <ListPagination total={total} page={page} onChange={onPage} disabled={loading} />
    </Stack>
  );
}

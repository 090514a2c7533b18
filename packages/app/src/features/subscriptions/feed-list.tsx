import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { DISPLAY_MODES, type DisplayMode } from '@tender/domain';
import { PageTable, type PageTableColumn } from '@tender/ui-kit';
import { detailLink } from '../details/detail-routes';
import { messages } from './messages';
import type { FeedRecord } from './types';

export interface FeedListProps {
  records: readonly FeedRecord[];
  displayMode: DisplayMode;
  /** An item was opened (its detail route); the feed marks it read. */
  onOpen(record: FeedRecord): void;
  emptyText: string;
  ariaLabel: string;
}

function ItemTitle({ record, onOpen }: { record: FeedRecord; onOpen(record: FeedRecord): void }) {
  return (
    <Anchor
      component={Link}
      {...detailLink(record)}
      fw={record.isRead ? 400 : 600}
      onClick={() => onOpen(record)}
    >
      {record.title}
    </Anchor>
  );
}

/** The matched items in the user's display mode (spec §4): 10 a list of cards, 20 a table. */
export function FeedList({ records, displayMode, onOpen, emptyText, ariaLabel }: FeedListProps) {
  if (displayMode === DISPLAY_MODES.TABLE) {
    const columns: PageTableColumn<FeedRecord>[] = [
      {
        key: 'title',
        title: messages.feed.titleColumn,
        minWidth: 320,
        render: (record) => <ItemTitle record={record} onOpen={onOpen} />,
      },
      { key: 'typeName', title: messages.feed.type },
      { key: 'regionText', title: messages.feed.region },
      { key: 'amount', title: messages.feed.amount, render: (record) => record.amount?.wanYuanText },
      { key: 'purchaserName', title: messages.feed.purchaser },
      { key: 'publishDate', title: messages.feed.publishDate, width: 120, nowrap: true },
    ];
    return (
      <PageTable
        columns={columns}
        rows={records}
        rowKey="feedId"
        ariaLabel={ariaLabel}
        emptyText={emptyText}
        maxHeight="none"
      />
    );
  }
  if (records.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={ariaLabel}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {records.map((record) => (
        <Paper key={record.feedId} withBorder p="sm" component="li">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            {!record.isRead && (
              <Badge size="xs" color="red" variant="filled">
                {messages.feed.unreadMark}
              </Badge>
            )}
            <Badge size="xs" variant="light">
              {record.typeName}
            </Badge>
            <ItemTitle record={record} onOpen={onOpen} />
          </Group>
          <Group gap="lg" mt={6}>
            {record.regionText && (
              <Text size="xs" c="dimmed">
                {record.regionText}
              </Text>
            )}
            {record.purchaserName && (
              <Text size="xs" c="dimmed">
                {messages.feed.purchaser}：{record.purchaserName}
              </Text>
            )}
            {record.amount && (
              <Text size="xs" c="dimmed">
                {messages.feed.amount}：{record.amount.wanYuanText}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {messages.feed.publishDate}：{record.publishDate}
            </Text>
            {record.words.length > 0 && (
              <Text size="xs" c="brand">
                {messages.feed.matchedWords(record.words)}
              </Text>
            )}
            {record.monitorKinds.length > 0 && (
              <Badge size="xs" color="grape" variant="light">
                {messages.feed.monitorHit}
              </Badge>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

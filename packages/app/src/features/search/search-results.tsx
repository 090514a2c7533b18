import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { SearchRecord } from '@tender/contracts';
import { DISPLAY_MODES, type DisplayMode } from '@tender/domain';
import { PageTable, type PageTableColumn } from '@tender/ui-kit';
import { detailLink, isItemType } from '../details/detail-routes';
import { HighlightedText } from './highlighted-text';
import { messages } from './messages';

const t = messages.results;

/** The amount a result shows: the award of a result, else the budget, else what the amount filter compares. */
function amountOf(record: SearchRecord): string | null {
  return record.awardText ?? record.budgetText ?? record.amountText;
}

/** A result's title, highlighted, opening its detail screen. */
function ResultTitle({ record }: { record: SearchRecord }) {
  const content = <HighlightedText html={record.titleHighlight} />;
  if (!isItemType(record.docType)) return <Text fw={500}>{content}</Text>;
  return (
    <Anchor component={Link} {...detailLink({ id: record.id, type: record.docType })} fw={500} c="inherit">
      {content}
    </Anchor>
  );
}

function ResultCard({ record }: { record: SearchRecord }) {
  const amount = amountOf(record);
  const winners = record.winners.map((winner) => winner.name).join('、');
  return (
    <Paper component="article" withBorder p="sm" aria-label={record.title}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Badge variant="light" style={{ flexShrink: 0 }}>
          {record.typeLabel}
        </Badge>
        <ResultTitle record={record} />
      </Group>
      {record.snippet && (
        <Text size="sm" c="dimmed" mt={6} lineClamp={2}>
          <HighlightedText html={record.snippet} />
        </Text>
      )}
      <Group gap="lg" mt={6} c="dimmed" wrap="wrap">
        {record.regionText && <Text size="xs">{`${t.region}：${record.regionText}`}</Text>}
        {amount && <Text size="xs">{`${record.awardText ? t.award : t.budget}：${amount}`}</Text>}
        {record.purchaser && <Text size="xs">{`${t.purchaser}：${record.purchaser}`}</Text>}
        {record.agency && <Text size="xs">{`${t.agency}：${record.agency}`}</Text>}
        {winners && <Text size="xs">{`${t.winners}：${winners}`}</Text>}
        <Text size="xs">{`${t.publishDate}：${record.publishDate}`}</Text>
      </Group>
    </Paper>
  );
}

const COLUMNS: readonly PageTableColumn<SearchRecord>[] = [
  { key: 'title', title: t.titleColumn, minWidth: 320, render: (record) => <ResultTitle record={record} /> },
  { key: 'typeLabel', title: t.type, width: 110 },
  { key: 'regionText', title: t.region, width: 160 },
  { key: 'amount', title: t.amount, width: 120, render: amountOf },
  { key: 'purchaser', title: t.purchaser, minWidth: 160 },
  { key: 'publishDate', title: t.publishDate, width: 110, nowrap: true },
];

export interface SearchResultsProps {
  records: readonly SearchRecord[];
  displayMode: DisplayMode;
}

/** One page of results, as a list (显示模式 10) or a table (20). */
export function SearchResults({ records, displayMode }: SearchResultsProps) {
  if (displayMode === DISPLAY_MODES.TABLE) {
    return <PageTable ariaLabel={t.table} columns={COLUMNS} rows={records} rowKey="id" />;
  }
  return (
    <Stack component="ul" gap="xs" aria-label={t.list} m={0} p={0} style={{ listStyle: 'none' }}>
      {records.map((record) => (
        <li key={record.id}>
          <ResultCard record={record} />
        </li>
      ))}
    </Stack>
  );
}

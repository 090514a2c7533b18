import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { companyHistoryEndpoint, EndpointResponse } from '@tender/contracts';
import { ListPagination, PageTable, type PageTableColumn } from '@tender/ui-kit';
import type { ReactNode } from 'react';
import { itemLink } from './company-route';
import { messages } from './messages';

export type CompanyHistoryPage = EndpointResponse<typeof companyHistoryEndpoint>;
export type CompanyHistoryItem = CompanyHistoryPage['records'][number];

export interface CompanyItemsProps {
  page: CompanyHistoryPage;
  onPage(page: number): void;
  /** Something more per item (the prediction button of a tender). */
  action?(item: CompanyHistoryItem): ReactNode;
}

/** The items a company appears in, newest first; each title opens the item's detail screen. */
export function CompanyItems({ page, onPage, action }: CompanyItemsProps) {
  const columns: PageTableColumn<CompanyHistoryItem>[] = [
    {
      key: 'title',
      title: messages.detail.itemTitle,
      minWidth: 260,
      render: (item) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} {...itemLink(item)} size="sm">
            {item.title}
          </Anchor>
          {action?.(item)}
        </Group>
      ),
    },
    { key: 'typeName', title: messages.detail.itemType },
    { key: 'roleName', title: messages.detail.itemRole },
    { key: 'regionText', title: messages.detail.itemRegion },
    { key: 'amountWanYuanText', title: messages.detail.itemAmount, align: 'right', nowrap: true },
    { key: 'publishDate', title: messages.detail.itemDate, minWidth: 110, nowrap: true },
  ];
  if (page.records.length === 0) return <Text c="dimmed">{messages.detail.itemsEmpty}</Text>;
  return (
    <Stack gap="sm">
      <PageTable
        columns={columns}
        rows={page.records}
        rowKey={(item) => `${item.id}-${item.role}`}
        ariaLabel={messages.detail.items}
        maxHeight={480}
      />
      <ListPagination
        total={page.total}
        page={page.pageNumber}
        pageSize={page.pageSize}
        maxPages={100}
        onChange={onPage}
      />
    </Stack>
  );
}

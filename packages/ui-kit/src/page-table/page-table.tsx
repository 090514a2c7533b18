import { Box, Group, LoadingOverlay, ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { nextSortOrder, type SortOrder, TABLE_COLUMN_MIN_WIDTH_PX } from '@tender/domain';
import { type Key, type ReactNode, useMemo, useState } from 'react';
import { ChevronIcon } from '../icons';
import { ListPagination, type ListPaginationProps } from '../list-pagination';
import { messages } from '../messages';

/** A value a cell may sort by. */
export type SortValue = string | number | bigint | boolean | Date | null | undefined;

export interface PageTableColumn<Row> {
  /** Unique among the columns; also the sort key reported to the caller. */
  key: string;
  title: ReactNode;
  /** The row field shown when there is no `render`; default the field named `key`. */
  field?: keyof Row;
  /** The cell's content; null, undefined, false and '' show the placeholder '-'. */
  render?(row: Row, index: number): ReactNode;
  /** Clicking the header cycles ascending → descending → none (spec §4 Sort). */
  sortable?: boolean;
  /** What local sorting compares; default the field's value. */
  sortValue?(row: Row): SortValue;
  width?: number | string;
  /** Default 80 px (spec §9). */
  minWidth?: number;
  align?: 'left' | 'center' | 'right';
  /** Keep the cell on one line (dates, amounts): it widens the column instead of wrapping. */
  nowrap?: boolean;
}

export interface PageTableSort {
  key: string;
  order: SortOrder;
}

export interface PageTableProps<Row> {
  columns: readonly PageTableColumn<Row>[];
  rows: readonly Row[];
  /** A field or function giving each row a stable key. */
  rowKey: keyof Row | ((row: Row, index: number) => Key);
  /** The sort (controlled); leave out to let the table keep it. */
  sort?: PageTableSort;
  defaultSort?: PageTableSort;
  onSortChange?(sort: PageTableSort): void;
  /**
   * 'server' (default): the caller fetches the rows in the new order (the usual case: the list is paged on the
   * server). 'local': the table sorts the rows it was given.
   */
  sortMode?: 'server' | 'local';
  /** The pager under the table (ListPagination's props); leave out for none. */
  pagination?: ListPaginationProps;
  /** Height after which the body scrolls under the sticky header; default 600 px. */
  maxHeight?: number | string;
  loading?: boolean;
  /** Shown when there are no rows; default 暂无数据. */
  emptyText?: ReactNode;
  /** Accessible name of the table. */
  ariaLabel?: string;
}

const NO_SORT: PageTableSort = { key: '', order: 'none' };

/** spec §2: empty cells show '-'. Zero and false are values, not empty. */
export function isEmptyCellValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function cellContent<Row>(column: PageTableColumn<Row>, row: Row, index: number): ReactNode {
  const value = column.render
    ? column.render(row, index)
    : (row[(column.field ?? column.key) as keyof Row] as unknown);
  if (isEmptyCellValue(value) || value === false) return messages.pageTable.emptyCell;
  if (value instanceof Date) return value.toLocaleString('zh-CN');
  return value as ReactNode;
}

/** Two values that are not empty: numbers and dates by size, text in Chinese order with numbers inside. */
function compareSortValues(a: SortValue, b: SortValue): number {
  const left = a instanceof Date ? a.getTime() : a;
  const right = b instanceof Date ? b.getTime() : b;
  if (typeof left === 'string' || typeof right === 'string') {
    return String(left).localeCompare(String(right), 'zh-CN', { numeric: true });
  }
  return left === right ? 0 : (left as number) < (right as number) ? -1 : 1;
}

/** The rows in a sort's order; empty values last either way; stable. */
export function sortRows<Row>(
  rows: readonly Row[],
  columns: readonly PageTableColumn<Row>[],
  sort: PageTableSort,
): Row[] {
  const column = columns.find((candidate) => candidate.key === sort.key);
  if (!column || sort.order === 'none') return [...rows];
  const sortValueOf =
    column.sortValue ??
    ((row: Row) => row[(column.field ?? column.key) as keyof Row] as unknown as SortValue);
  const direction = sort.order === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, value: sortValueOf(row) }))
    .sort((a, b) => {
      const aEmpty = isEmptyCellValue(a.value);
      const bEmpty = isEmptyCellValue(b.value);
      if (aEmpty || bEmpty) return aEmpty === bEmpty ? a.index - b.index : aEmpty ? 1 : -1;
      return compareSortValues(a.value, b.value) * direction || a.index - b.index;
    })
    .map(({ row }) => row);
}

const ariaSort = { asc: 'ascending', desc: 'descending', none: 'none' } as const;

function SortArrows({ order }: { order: SortOrder }) {
  const colour = (active: boolean) =>
    active ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-5)';
  return (
    <Stack gap={0} style={{ lineHeight: 0 }}>
      <Box component="span" style={{ color: colour(order === 'asc'), height: 8 }}>
        <ChevronIcon direction="up" size={12} />
      </Box>
      <Box component="span" style={{ color: colour(order === 'desc'), height: 8 }}>
        <ChevronIcon direction="down" size={12} />
      </Box>
    </Stack>
  );
}

/** The cell's content width where the table fits; the window's visible width where it scrolls sideways. */
const EMPTY_TEXT_STYLE = {
  position: 'sticky',
  left: 0,
  width: 'calc(100cqw - 2 * var(--table-horizontal-spacing, var(--mantine-spacing-xs)) - 2px)',
} as const;

/**
 * spec §2 Shared screen parts: the page table — sortable columns (ascending → descending → none, spec §4), the
 * pager under it, a header that stays put while the body scrolls, '-' for empty cells and a minimum column width
 * of 80 px (spec §9). A sortable header is a button: click it or press Enter / Space.
 */
export function PageTable<Row>({
  columns,
  rows,
  rowKey,
  sort: controlledSort,
  defaultSort = NO_SORT,
  onSortChange,
  sortMode = 'server',
  pagination,
  maxHeight = 600,
  loading = false,
  emptyText = messages.pageTable.empty,
  ariaLabel,
}: PageTableProps<Row>) {
  const [ownSort, setOwnSort] = useState<PageTableSort>(defaultSort);
  const sort = controlledSort ?? ownSort;

  const shownRows = useMemo(
    () => (sortMode === 'local' ? sortRows(rows, columns, sort) : [...rows]),
    [rows, columns, sort, sortMode],
  );

  const changeSort = (key: string) => {
    const next: PageTableSort = { key, order: nextSortOrder(sort.key === key ? sort.order : 'none') };
    setOwnSort(next);
    onSortChange?.(next);
  };

  const keyOf = (row: Row, index: number): Key =>
    typeof rowKey === 'function' ? rowKey(row, index) : (row[rowKey] as unknown as Key);

  return (
    <Stack gap="md">
      <Box pos="relative">
        <LoadingOverlay visible={loading} zIndex={3} overlayProps={{ blur: 1 }} />
        {/* A query container: the empty message is as wide as the visible part of the table (cqw), not the whole of it. */}
        <ScrollArea.Autosize
          mah={maxHeight}
          type="auto"
          viewportProps={{ style: { containerType: 'inline-size' } }}
        >
          <Table stickyHeader striped highlightOnHover withTableBorder aria-label={ariaLabel}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => {
                  const order = column.sortable && sort.key === column.key ? sort.order : 'none';
                  return (
                    <Table.Th
                      key={column.key}
                      aria-sort={column.sortable ? ariaSort[order] : undefined}
                      style={{
                        width: column.width,
                        minWidth: column.minWidth ?? TABLE_COLUMN_MIN_WIDTH_PX,
                        textAlign: column.align,
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {column.sortable ? (
                        <UnstyledButton onClick={() => changeSort(column.key)} fw={600} fz="sm">
                          <Group
                            gap={4}
                            wrap="nowrap"
                            justify={column.align === 'right' ? 'flex-end' : undefined}
                          >
                            <span>{column.title}</span>
                            <SortArrows order={order} />
                          </Group>
                        </UnstyledButton>
                      ) : (
                        column.title
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shownRows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={columns.length}>
                    {/* Kept in view on a narrow screen, where the columns scroll sideways past the window. */}
                    <Text ta="center" c="dimmed" py="xl" size="sm" style={EMPTY_TEXT_STYLE}>
                      {emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                shownRows.map((row, index) => (
                  <Table.Tr key={keyOf(row, index)}>
                    {columns.map((column) => (
                      <Table.Td
                        key={column.key}
                        style={{
                          minWidth: column.minWidth ?? TABLE_COLUMN_MIN_WIDTH_PX,
                          textAlign: column.align,
                          whiteSpace: column.nowrap ? 'nowrap' : undefined,
                        }}
                      >
                        {cellContent(column, row, index)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Box>
      {pagination && <ListPagination {...pagination} />}
    </Stack>
  );
}

import { Button, Group, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_MAX_PAGES,
  DEFAULT_PAGE_SIZE,
  foundCountText,
  lastReachablePage,
  pageLimitNotice,
  parseJumpPage,
  TIP_DURATION_MS,
  type TotalCountListKind,
} from '@tender/domain';
import { type FormEvent, useId, useState } from 'react';
import { messages } from '../messages';
import { useToast } from '../toast';
import { pageWindow } from './page-window';

export interface ListPaginationProps {
  /** The list's total as the server counts it. */
  total: number;
  /** The current page, from 1. */
  page: number;
  /** A page was chosen (never beyond the last reachable page). */
  onChange(page: number): void;
  /** Default 20 (spec §9). */
  pageSize?: number;
  /** Default 50 (spec §9). */
  maxPages?: number;
  /** The brand's contact phone, appended to the item-limit toast. */
  contactPhone?: string | null;
  /** Caps the shown total: 10000+ generally, 2000+ for potential- and financial-customer lists (spec §9). */
  listKind?: TotalCountListKind;
  /** ‹ and › instead of 上一页 and 下一页. */
  symbols?: boolean;
  /** Show 共找到 N 条数据 (default true). */
  withTotal?: boolean;
  /** Show the jump box (default true). */
  withJump?: boolean;
  disabled?: boolean;
}

/**
 * spec §2 Pagination: 共找到 N 条数据; 上一页, five page buttons, 下一页; 跳转到 [ ] 页 确定 (empty or not a number
 * → 1, capped at the last reachable page); and the toasts of `pageLimitNotice` on reaching a page — at page 50
 * with the default limits, at most 50 pages; on the last allowed page of a capped list, the most items that can be
 * viewed with the contact phone. The toasts stay 3 s (spec §9 tip display) so the phone can be read.
 */
export function ListPagination({
  total,
  page,
  onChange,
  pageSize = DEFAULT_PAGE_SIZE,
  maxPages = DEFAULT_MAX_PAGES,
  contactPhone,
  listKind = 'general',
  symbols = false,
  withTotal = true,
  withJump = true,
  disabled = false,
}: ListPaginationProps) {
  const { showToast, toast } = useToast();
  const [jumpText, setJumpText] = useState('');
  const jumpId = useId();
  const lastPage = lastReachablePage(total, { pageSize, maxPages });
  const current = Math.min(Math.max(1, page), lastPage);
  const hasItems = total > 0;

  const goTo = (target: number) => {
    const next = Math.min(Math.max(1, target), lastPage);
    if (next !== current) onChange(next);
    const notice = pageLimitNotice({ page: next, total, pageSize, maxPages, contactPhone });
    if (notice) showToast(notice, TIP_DURATION_MS);
  };

  const jump = (event: FormEvent) => {
    event.preventDefault();
    const target = parseJumpPage(jumpText, lastPage);
    setJumpText(String(target));
    goTo(target);
  };

  const t = messages.pagination;
  return (
    <Group component="nav" aria-label={t.navigation} gap="xs" justify="flex-end" wrap="wrap">
      {withTotal && (
        <Text size="sm" c="dimmed" mr="sm">
          {foundCountText(total, listKind)}
        </Text>
      )}
      {hasItems && (
        <>
          <Button
            variant="default"
            size="xs"
            disabled={disabled || current <= 1}
            onClick={() => goTo(current - 1)}
            aria-label={t.previousPage}
          >
            {symbols ? '‹' : t.previousPage}
          </Button>
          {pageWindow(current, lastPage).map((pageNumber) => (
            <Button
              key={pageNumber}
              size="xs"
              miw={32}
              px={8}
              variant={pageNumber === current ? 'filled' : 'default'}
              aria-current={pageNumber === current ? 'page' : undefined}
              aria-label={t.pageButton(pageNumber)}
              disabled={disabled}
              onClick={() => goTo(pageNumber)}
            >
              {pageNumber}
            </Button>
          ))}
          <Button
            variant="default"
            size="xs"
            disabled={disabled || current >= lastPage}
            onClick={() => goTo(current + 1)}
            aria-label={t.nextPage}
          >
            {symbols ? '›' : t.nextPage}
          </Button>
          {withJump && (
            <Group component="form" gap={6} onSubmit={jump} wrap="nowrap" ml="sm">
              <Text size="sm" component="label" htmlFor={jumpId}>
                {t.jumpTo}
              </Text>
              <TextInput
                id={jumpId}
                size="xs"
                w={56}
                inputMode="numeric"
                value={jumpText}
                disabled={disabled}
                onChange={(event) => setJumpText(event.currentTarget.value)}
              />
              <Text size="sm">{t.page}</Text>
              <Button type="submit" size="xs" variant="default" disabled={disabled}>
                {t.confirm}
              </Button>
            </Group>
          )}
        </>
      )}
      {toast}
    </Group>
  );
}

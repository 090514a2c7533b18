import { Alert, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { isCancelledError } from '@tender/api-client';
import { DEFAULT_PAGE_SIZE, type DisplayMode } from '@tender/domain';
import { DateField, DisplayModeToggle, ListPagination } from '@tender/ui-kit';
import { type FormEvent, useEffect, useState } from 'react';
import { LoadFailed, LoadingState } from '../../shell/data-state';
import { FeedList } from './feed-list';
import { messages } from './messages';
import type { FeedPage, FeedQuery, FeedRecord } from './types';
import type { FeedArrival } from './use-feed-arrivals';

/** Which lines the panel shows: a feed, optionally one group's or one monitor kind's matches. */
export type FeedSelection = Pick<FeedQuery, 'feed' | 'groupId' | 'monitor'>;

export interface FeedPanelProps {
  selection: FeedSelection;
  /** The panel's accessible name. */
  label: string;
  loadFeed(query: FeedQuery, signal: AbortSignal): Promise<FeedPage>;
  /** Marks lines read (`subscribe/feed/read`): the ids given, else every line of the selection. */
  markRead(request: { feedIds?: number[] } & FeedSelection): Promise<unknown>;
  /** undefined while the user's saved mode is read. */
  displayMode: DisplayMode | undefined;
  onDisplayModeChange(mode: DisplayMode): void;
  /** Matches pushed while the screen is open; those of the selection not shown yet make "N 条新信息". */
  arrivals?: readonly FeedArrival[];
  /** What an unfiltered empty feed says. */
  emptyText: string;
  /** Changing it loads the first page again (a group was saved, a read changed the counts). */
  refreshKey?: number;
  /** After a read changed the unread counts. */
  onReadChanged?(): void;
  contactPhone?: string | null;
  /** Unread lines of the selection, from the server's counts. */
  unread?: number | undefined;
}

interface Filters {
  startDate: string;
  endDate: string;
  secondSearch: string;
  unread: boolean;
}

const NO_FILTERS: Filters = { startDate: '', endDate: '', secondSearch: '', unread: false };
const NO_ARRIVALS: readonly FeedArrival[] = [];

function isInSelection(arrival: FeedArrival, { groupId, monitor }: FeedSelection): boolean {
  if (groupId !== undefined && !arrival.groupIds.includes(Number(groupId))) return false;
  if (monitor === 'any') return arrival.monitorKinds.length > 0;
  return monitor === undefined || arrival.monitorKinds.includes(monitor);
}

type PanelState =
  | { status: 'loading'; page?: FeedPage }
  | { status: 'ready'; page: FeedPage }
  | { status: 'error'; message: string };

function queryOf(selection: FeedSelection, filters: Filters, pageNumber: number): FeedQuery {
  return {
    ...selection,
    ...(filters.startDate ? { startDate: filters.startDate } : {}),
    ...(filters.endDate ? { endDate: filters.endDate } : {}),
    ...(filters.secondSearch.trim() ? { secondSearch: filters.secondSearch.trim() } : {}),
    ...(filters.unread ? { unread: true } : {}),
    pageNumber,
    pageSize: DEFAULT_PAGE_SIZE,
  };
}

/**
 * The matched items of a feed (spec §2 /subscribe/*): filters by publish date, a search within the titles and
 * unread only; the list or table display mode; pagination; the notice of items pushed live; marking read.
 */
export function FeedPanel({
  selection,
  label,
  loadFeed,
  markRead,
  displayMode,
  onDisplayModeChange,
  arrivals = NO_ARRIVALS,
  emptyText,
  refreshKey = 0,
  onReadChanged,
  contactPhone,
  unread,
}: FeedPanelProps) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [pageNumber, setPageNumber] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PanelState>({ status: 'loading' });
  // Feed lines are numbered in the order they are written: anything pushed above the newest shown is new.
  const [newestShown, setNewestShown] = useState(0);
  const { feed, groupId, monitor } = selection;

  // A new selection starts at its first page.
  useEffect(() => setPageNumber(1), [feed, groupId, monitor, refreshKey]);

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({
      status: 'loading',
      ...(previous.status === 'error' ? {} : previous.page ? { page: previous.page } : {}),
    }));
    loadFeed(queryOf({ feed, groupId, monitor }, filters, pageNumber), controller.signal).then(
      (page) => {
        if (controller.signal.aborted) return;
        setState({ status: 'ready', page });
        setNewestShown((newest) => Math.max(newest, ...page.records.map((line) => line.feedId)));
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancelledError(error)) return;
        setState({ status: 'error', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => controller.abort();
  }, [feed, groupId, monitor, filters, pageNumber, attempt, refreshKey, loadFeed]);

  const reloadFirstPage = () => {
    setPageNumber(1);
    setAttempt((value) => value + 1);
  };

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPageNumber(1);
  };

  const reset = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    setPageNumber(1);
  };

  const newArrivals = arrivals.filter(
    (arrival) => arrival.feedId > newestShown && isInSelection(arrival, selection),
  ).length;

  /** The new items are the newest: the first page without filters shows them. */
  const showArrivals = () => {
    setDraft(NO_FILTERS);
    setFilters(NO_FILTERS);
    reloadFirstPage();
  };

  const open = (record: FeedRecord) => {
    if (record.isRead) return;
    void markRead({ feedIds: [record.feedId], ...selection }).then(() => onReadChanged?.());
  };

  const markAllRead = async () => {
    await markRead(selection);
    onReadChanged?.();
    setAttempt((value) => value + 1);
  };

  const filtered =
    filters.startDate !== '' ||
    filters.endDate !== '' ||
    filters.secondSearch.trim() !== '' ||
    filters.unread;
  const page = state.status === 'error' ? undefined : state.page;

  return (
    <Stack gap="sm" component="section" aria-label={label}>
      <form onSubmit={search} aria-label={messages.feed.title}>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DateField
            label={`${messages.feed.dateRange}起`}
            value={draft.startDate}
            onChange={(value) => setDraft({ ...draft, startDate: value ?? '' })}
          />
          <DateField
            label={`${messages.feed.dateRange}止`}
            value={draft.endDate}
            onChange={(value) => setDraft({ ...draft, endDate: value ?? '' })}
          />
          <TextInput
            label={messages.feed.secondSearch}
            placeholder={messages.feed.secondSearchPlaceholder}
            value={draft.secondSearch}
            maxLength={50}
            onChange={(event) => setDraft({ ...draft, secondSearch: event.currentTarget.value })}
          />
          <Checkbox
            label={messages.feed.unreadOnly}
            checked={draft.unread}
            mb={8}
            onChange={(event) => {
              const next = { ...draft, unread: event.currentTarget.checked };
              setDraft(next);
              setFilters(next);
              setPageNumber(1);
            }}
          />
          <Button type="submit">{messages.feed.search}</Button>
          <Button variant="default" onClick={reset}>
            {messages.feed.reset}
          </Button>
        </Group>
      </form>
      <Group justify="space-between">
        <Group gap="sm">
          {page && (
            <Text size="sm" c="dimmed">
              {messages.feed.count(page.total, unread)}
            </Text>
          )}
          <Button size="compact-sm" variant="subtle" onClick={() => void markAllRead()}>
            {messages.feed.markAllRead}
          </Button>
        </Group>
        {displayMode !== undefined && (
          <DisplayModeToggle value={displayMode} onChange={onDisplayModeChange} />
        )}
      </Group>
      {newArrivals > 0 && (
        <Alert color="blue" variant="light" role="status" py={6}>
          <Group justify="space-between">
            <Text size="sm" fw={600}>
              {messages.feed.newArrivals(newArrivals)}
            </Text>
            <Button size="compact-sm" variant="light" onClick={showArrivals}>
              {messages.feed.showNew}
            </Button>
          </Group>
        </Alert>
      )}
      {state.status === 'error' ? (
        <LoadFailed message={state.message} onRetry={() => setAttempt((value) => value + 1)} />
      ) : page === undefined || displayMode === undefined ? (
        <LoadingState />
      ) : (
        <>
          <FeedList
            records={page.records}
            displayMode={displayMode}
            onOpen={open}
            emptyText={filtered ? messages.feed.emptyFiltered : emptyText}
            ariaLabel={messages.feed.title}
          />
          {page.total > 0 && (
            <ListPagination
              total={page.total}
              page={pageNumber}
              onChange={setPageNumber}
              contactPhone={contactPhone ?? null}
              disabled={state.status === 'loading'}
            />
          )}
        </>
      )}
    </Stack>
  );
}

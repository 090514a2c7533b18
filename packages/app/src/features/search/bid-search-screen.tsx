import {
  Badge,
  Button,
  CloseButton,
  Collapse,
  Drawer,
  Group,
  LoadingOverlay,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { loadAreaTree } from '@tender/api-client';
import type { IndustrySection, SearchAllTabCode, SearchResultPage } from '@tender/contracts';
import { type AreaNode, DEFAULT_DISPLAY_MODE, type DisplayMode, foundCountText } from '@tender/domain';
import { DisplayModeToggle, ExportButton, ListPagination } from '@tender/ui-kit';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { useAppStore } from '../../stores/app-store';
import type { ConditionNames } from '../export/export-conditions';
import { useDataExport } from '../export/use-data-export';
import { KeywordBox } from './keyword-box';
import { messages } from './messages';
import { type ConditionOptions, SearchConditionsPanel } from './search-conditions-panel';
import {
  allSearchRequest,
  approvalSearchRequest,
  bidExportConditions,
  bidSearchRequest,
  chosenFilterCount,
  EMPTY_CONDITIONS,
  type SearchConditions,
  tabCountRequest,
} from './search-request';
import { SearchResults } from './search-results';
import { useDisplayMode } from './use-display-mode';
import { useKeptAnswer } from './use-kept-answer';

/** 招投标信息 (searchList), 全部搜索 (searchAllList by tab) and 审批项目 (spxm/getPage). */
export type SearchMode = 'bid' | 'all' | 'approval';

interface TabCount {
  code: SearchAllTabCode;
  name: string;
  totalText: string;
}

/** Loads something once per change of `deps`, silently: a failure leaves `fallback`. */
function useQuietLoad<T>(load: (signal: AbortSignal) => Promise<T>, fallback: T, deps: unknown[]): T {
  const [value, setValue] = useState<T>(fallback);
  // The caller's deps decide when `load` runs again (it is a new function on every render).
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (loaded) => {
        if (!controller.signal.aborted) setValue(loaded);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, deps);
  return value;
}

/**
 * spec §2 /informationQuery/bid, the bid information query: keyword with suggestions, hot words and history;
 * the server's conditions; 全部搜索 by tab with counts; 审批项目 with their own search records; highlighted results
 * newest first as a list or a table (the mode saved to the server); pages as spec §9 caps them.
 */
export function BidSearchScreen() {
  const { api, client, brand } = useAppServices();
  const [mode, setMode] = useState<SearchMode>('bid');
  const [tab, setTab] = useState<SearchAllTabCode>('all');
  const [keywordDraft, setKeywordDraft] = useState('');
  const [secondDraft, setSecondDraft] = useState('');
  const [conditions, setConditions] = useState<SearchConditions>(EMPTY_CONDITIONS);
  const [page, setPage] = useState(1);
  const [historyVersion, setHistoryVersion] = useState(0);
  // Folded at first, so the results show without scrolling at 1440 × 900; on a phone the filters are a drawer.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const mobile = useAppStore((state) => state.device === 'mobile');
  const display = useDisplayMode();
  const dataExport = useDataExport();
  const silent = (signal: AbortSignal) => ({ signal, silent: true });

  const options = useQuietLoad<ConditionOptions | null>(
    (signal) =>
      mode === 'all'
        ? api.getSearchAllCondition({}, silent(signal))
        : api.getSearchCondition({}, silent(signal)),
    null,
    [api, mode],
  );
  const areaTree = useQuietLoad<readonly AreaNode[]>(
    (signal) => loadAreaTree(client, { signal }),
    [],
    [client],
  );
  const industries = useQuietLoad<readonly IndustrySection[]>(
    (signal) => api.industryList({}, silent(signal)),
    [],
    [api],
  );
  const hotWords = useQuietLoad(
    async (signal) => (await api.getHostSearchWord({}, silent(signal))).words,
    [] as string[],
    [api],
  );
  const history = useQuietLoad(
    async (signal) => {
      const answer =
        mode === 'approval'
          ? await api.spxmSearchRecord({ pageSize: 10 }, silent(signal))
          : await api.searchHistoryList({ pageSize: 10 }, silent(signal));
      return answer.records.map((entry) => entry.keyword);
    },
    [] as string[],
    [api, mode, historyVersion],
  );
  const tabCounts = useQuietLoad<TabCount[]>(
    async (signal) =>
      mode === 'all'
        ? (await api.getSearchAllTabCondition(tabCountRequest(conditions), silent(signal))).tabs
        : [],
    [],
    [api, mode, conditions],
  );

  const results = useGatedData<SearchResultPage>(
    async (signal) => {
      const callOptions = gatedCallOptions(signal);
      const answer =
        mode === 'all'
          ? await api.searchAllList(allSearchRequest(conditions, tab, page), callOptions)
          : mode === 'approval'
            ? await api.spxmGetPage(approvalSearchRequest(conditions, page), callOptions)
            : await api.searchList(bidSearchRequest(conditions, page), callOptions);
      // A new search with a keyword is recorded in the history: show it there.
      if (page === 1 && conditions.keyword.trim()) setHistoryVersion((version) => version + 1);
      return answer;
    },
    [api, mode, tab, conditions, page],
  );

  const answer = useKeptAnswer(results);

  /** Names of the type and area codes, for the export's summary of its conditions. */
  const exportNames = useMemo<ConditionNames>(() => {
    const names: Record<string, string> = {};
    for (const type of options?.docchnnel ?? []) {
      names[type.code] = type.name;
      for (const method of type.children) names[method.code] = method.name;
    }
    const visit = (nodes: readonly AreaNode[]) => {
      for (const node of nodes) {
        names[node.code] = node.name;
        if (node.children) visit(node.children);
      }
    };
    visit(areaTree);
    return names;
  }, [options, areaTree]);

  const change = (changes: Partial<SearchConditions>) => {
    setConditions((current) => ({ ...current, ...changes }));
    setPage(1);
  };
  const search = (keyword: string) => {
    setKeywordDraft(keyword);
    change({ keyword: keyword.trim(), secondSearch: [] });
  };
  const searchWithin = (event: FormEvent) => {
    event.preventDefault();
    const word = secondDraft.trim();
    if (word && !conditions.secondSearch.includes(word))
      change({ secondSearch: [...conditions.secondSearch, word] });
    setSecondDraft('');
  };

  const conditionsPanel = (stacked: boolean) => (
    <SearchConditionsPanel
      conditions={conditions}
      onChange={change}
      options={options && mode !== 'bid' ? { ...options, docchnnel: undefined } : options}
      areaTree={areaTree}
      industries={industries}
      stacked={stacked}
    />
  );

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {messages.title}
      </Title>
      <Tabs
        value={mode}
        onChange={(value) => {
          if (!value) return;
          setMode(value as SearchMode);
          setPage(1);
        }}
      >
        <Tabs.List aria-label={messages.modes.label}>
          <Tabs.Tab value="bid">{messages.modes.bid}</Tabs.Tab>
          <Tabs.Tab value="all">{messages.modes.all}</Tabs.Tab>
          <Tabs.Tab value="approval">{messages.modes.approval}</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Paper withBorder p="md" component="section" aria-label={messages.keyword.label}>
        <KeywordBox value={keywordDraft} onChange={setKeywordDraft} onSearch={search} />
        <WordRow label={messages.keyword.hotWords} words={hotWords} onPick={search} />
        <WordRow
          label={messages.keyword.history}
          words={history}
          onPick={search}
          empty={messages.keyword.noHistory}
          onClear={
            mode === 'approval' || history.length === 0
              ? undefined
              : () =>
                  api
                    .searchHistoryClear({})
                    .then(() => setHistoryVersion((version) => version + 1))
                    .catch(() => undefined)
          }
        />
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={messages.conditions.title}>
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={500} size="sm">
              {messages.conditions.title}
            </Text>
            <Text size="sm" c="dimmed">
              {messages.conditions.chosen(chosenFilterCount(conditions))}
            </Text>
          </Group>
          <Button
            size="xs"
            variant="light"
            aria-expanded={filtersOpen}
            onClick={() => setFiltersOpen((open) => !open)}
          >
            {mobile
              ? messages.conditions.open
              : filtersOpen
                ? messages.conditions.collapse
                : messages.conditions.expand}
          </Button>
        </Group>
        {mobile ? (
          <Drawer
            opened={filtersOpen}
            onClose={() => setFiltersOpen(false)}
            title={messages.conditions.title}
            position="bottom"
            size="90%"
            closeButtonProps={{ 'aria-label': messages.conditions.close }}
          >
            {conditionsPanel(true)}
            <Button fullWidth mt="md" onClick={() => setFiltersOpen(false)}>
              {messages.conditions.done}
            </Button>
          </Drawer>
        ) : (
          <Collapse expanded={filtersOpen}>
            <Stack mt="sm">{conditionsPanel(false)}</Stack>
          </Collapse>
        )}
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={messages.results.title}>
        {mode === 'all' && (
          <Tabs
            mb="sm"
            value={tab}
            onChange={(value) => {
              if (!value) return;
              setTab(value as SearchAllTabCode);
              setPage(1);
            }}
          >
            <Tabs.List aria-label={messages.tabs.label}>
              {tabCounts.map((entry) => (
                <Tabs.Tab key={entry.code} value={entry.code}>
                  {`${entry.name}（${entry.totalText}）`}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
        )}
        <Group justify="space-between" mb="sm" wrap="wrap">
          <form onSubmit={searchWithin} aria-label={messages.secondSearch.label}>
            <Group gap="xs" wrap="wrap">
              <TextInput
                size="xs"
                aria-label={messages.secondSearch.label}
                placeholder={messages.secondSearch.placeholder}
                value={secondDraft}
                onChange={(event) => setSecondDraft(event.currentTarget.value)}
                maxLength={100}
              />
              <Button size="xs" variant="light" type="submit">
                {messages.secondSearch.submit}
              </Button>
              {conditions.secondSearch.map((word) => (
                <Badge
                  key={word}
                  variant="outline"
                  rightSection={
                    <CloseButton
                      size="xs"
                      aria-label={messages.secondSearch.remove(word)}
                      onClick={() =>
                        change({ secondSearch: conditions.secondSearch.filter((entry) => entry !== word) })
                      }
                    />
                  }
                >
                  {word}
                </Badge>
              ))}
            </Group>
          </form>
          <Group gap="sm">
            <Text size="xs" c="dimmed">
              {messages.results.order}
            </Text>
            {display.mode !== undefined && (
              <DisplayModeToggle value={display.mode} onChange={display.change} disabled={display.saving} />
            )}
            {mode === 'bid' && brand.flags.export && (
              <ExportButton
                size="xs"
                onClick={() => dataExport.openExport(bidExportConditions(conditions), exportNames)}
              />
            )}
          </Group>
        </Group>
        {answer ? (
          <ResultsArea
            answer={answer}
            loading={results.status === 'loading'}
            displayMode={display.mode ?? DEFAULT_DISPLAY_MODE}
            onPage={setPage}
            contactPhone={brand.supportPhone}
          />
        ) : (
          <DataState state={results}>{() => null}</DataState>
        )}
      </Paper>
      {dataExport.element}
    </Stack>
  );
}

/** One page of results and the pager; while the next page loads, this page stays, dimmed. */
function ResultsArea({
  answer,
  loading,
  displayMode,
  onPage,
  contactPhone,
}: {
  answer: SearchResultPage;
  loading: boolean;
  displayMode: DisplayMode;
  onPage(page: number): void;
  contactPhone: string | undefined;
}) {
  if (answer.records.length === 0 && !loading) {
    return (
      <Stack align="center" gap={4} py="xl" role="status">
        <Text fw={500}>{messages.results.empty}</Text>
        <Text size="sm" c="dimmed">
          {messages.results.emptyHint}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" pos="relative" aria-busy={loading}>
      <LoadingOverlay visible={loading} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Text size="sm" c="dimmed" role="status">
        {foundCountText(answer.total)}
      </Text>
      <SearchResults records={answer.records} displayMode={displayMode} />
      <ListPagination
        withTotal={false}
        total={answer.total}
        page={answer.pageNumber}
        onChange={onPage}
        contactPhone={contactPhone}
        disabled={loading}
      />
    </Stack>
  );
}

/** History entries longer than this are cut in the row (the whole keyword is its tooltip and accessible name). */
const SHOWN_WORD_LENGTH = 12;

function shortened(word: string): string {
  const chars = Array.from(word);
  return chars.length > SHOWN_WORD_LENGTH ? `${chars.slice(0, SHOWN_WORD_LENGTH).join('')}…` : word;
}

/** A row of words to search with one click: the hot words, the member's history (which can be cleared). */
function WordRow({
  label,
  words,
  onPick,
  empty,
  onClear,
}: {
  label: string;
  words: readonly string[];
  onPick(word: string): void;
  empty?: string;
  onClear?: () => void;
}) {
  if (words.length === 0 && !empty) return null;
  return (
    <Group gap={6} mt="sm" wrap="wrap" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {`${label}：`}
      </Text>
      {words.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        words.map((word) => (
          <Button
            key={word}
            size="compact-xs"
            variant="subtle"
            title={word}
            aria-label={word}
            maw={220}
            onClick={() => onPick(word)}
          >
            {shortened(word)}
          </Button>
        ))
      )}
      {onClear && (
        <Button
          size="compact-xs"
          variant="subtle"
          color="gray"
          aria-label={messages.keyword.clearHistoryLabel}
          onClick={onClear}
        >
          {messages.keyword.clearHistory}
        </Button>
      )}
    </Group>
  );
}

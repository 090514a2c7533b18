import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { isApiError } from '@tender/api-client';
import { gateRefusalSchema } from '@tender/contracts';
import { showMessage, useConfirmDialog } from '@tender/ui-kit';
import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { DataState, type DataStateProps } from '../../shell/data-state';
import { useGatedData } from '../../shell/use-gated-data';
import { COMPANY_PATHS } from '../companies/company-route';
import { detailLink, isItemType } from '../details/detail-routes';
import { useDisplayMode } from '../search/use-display-mode';
import { FeedPanel } from '../subscriptions/feed-panel';
import type { FeedQuery } from '../subscriptions/types';
import { useFeedArrivals } from '../subscriptions/use-feed-arrivals';
import { messages } from './messages';

type CompanyRole = 'owner' | 'rival' | 'agent';
type MonitorKind = CompanyRole | 'project';

/** The company-search role a monitor role looks for: an owner buys, a rival wins, an agent runs tenders. */
const SEARCH_ROLE = { owner: 'purchaser', rival: 'winner', agent: 'agency' } as const;

const MIN_KEYWORD = 2;

/** The server's refusal of a monitor save: the gate's dialog when it names one, else its message (a full total). */
function useMonitorRefusal() {
  const { openRefusal } = useLayoutDialogs();
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error) || error.code !== 403) return;
      const refusal = gateRefusalSchema.safeParse(error.data);
      if (!refusal.success || !openRefusal(refusal.data)) showMessage(error.message);
    },
    [openRefusal],
  );
}

function UsageLine({ text, limit, used }: { text: string; limit: number; used: number }) {
  const { openMembership } = useLayoutDialogs();
  const blocked = limit === 0 ? messages.usage.none : limit > 0 && used >= limit ? messages.usage.full : null;
  return (
    <Stack gap="xs">
      {limit !== 0 && <Text size="sm">{text}</Text>}
      {blocked && (
        <Alert color="yellow" role="alert">
          <Group justify="space-between">
            <Text size="sm">{blocked}</Text>
            <Button size="xs" variant="light" onClick={() => openMembership()}>
              {messages.usage.upgrade}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

/** The results of a search to add from, each with 监控 (or 已监控 when it is watched already). */
function FoundList<TRecord>({
  state,
  empty,
  rowKey,
  describe,
  isWatched,
  onAdd,
}: {
  state: DataStateProps<{ records: TRecord[] } | null>['state'];
  empty: string;
  rowKey(record: TRecord): number;
  describe(record: TRecord): { name: string; caption: string };
  isWatched(record: TRecord): boolean;
  onAdd(record: TRecord): void;
}) {
  return (
    <DataState state={state}>
      {(page) =>
        !page || page.records.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <Stack gap={6} component="ul" aria-label={messages.add.results} p={0} m={0}>
            {page.records.map((record) => {
              const { name, caption } = describe(record);
              const watched = isWatched(record);
              return (
                <WatchRow key={rowKey(record)} label={<Text size="sm">{name}</Text>} caption={caption}>
                  <Button
                    size="compact-sm"
                    variant="light"
                    disabled={watched}
                    aria-label={messages.add.monitorNamed(name)}
                    onClick={() => onAdd(record)}
                  >
                    {watched ? messages.add.monitored : messages.add.monitor}
                  </Button>
                </WatchRow>
              );
            })}
          </Stack>
        )
      }
    </DataState>
  );
}

/** One row of a found or monitored list: the name (or its link) over a caption, and the row's button. */
function WatchRow({ label, caption, children }: { label: ReactNode; caption: string; children: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" component="li">
      <Stack gap={0}>
        {label}
        <Text size="xs" c="dimmed">
          {caption}
        </Text>
      </Stack>
      {children}
    </Group>
  );
}

/** What is monitored, each with its link, since when, and 取消监控 (confirmed by the caller). */
function MonitoredList<TRecord extends { id: number }>({
  title,
  empty,
  records,
  describe,
  onRemove,
}: {
  title: string;
  empty: string;
  records: TRecord[];
  describe(record: TRecord): { name: string; link: ReactNode; caption: string };
  onRemove(record: TRecord): void;
}) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {records.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={6} component="ul" p={0} m={0} aria-label={title}>
          {records.map((record) => {
            const { name, link, caption } = describe(record);
            return (
              <WatchRow key={record.id} label={link} caption={caption}>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  aria-label={messages.list.removeNamed(name)}
                  onClick={() => onRemove(record)}
                >
                  {messages.list.remove}
                </Button>
              </WatchRow>
            );
          })}
        </Stack>
      )}
    </Paper>
  );
}

/** A keyword search that starts at 2 characters, with its results below. */
function SearchToAdd({
  title,
  label,
  placeholder,
  onSearch,
  children,
}: {
  title: string;
  label: string;
  placeholder: string;
  onSearch(keyword: string): void;
  children: ReactNode;
}) {
  const [keyword, setKeyword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const word = keyword.trim();
    if ([...word].length < MIN_KEYWORD) {
      setError(messages.add.tooShort);
      return;
    }
    setError(null);
    onSearch(word);
  };
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        <form onSubmit={submit}>
          <Group align="flex-start" gap="sm">
            <TextInput
              label={label}
              placeholder={placeholder}
              value={keyword}
              onChange={(event) => setKeyword(event.currentTarget.value)}
              error={error}
              maxLength={50}
              style={{ flex: 1, maxWidth: 420 }}
            />
            <Button type="submit" mt={25}>
              {messages.add.search}
            </Button>
          </Group>
        </form>
        {children}
      </Stack>
    </Paper>
  );
}

/** The feed lines the monitors of a kind raised (`subscribe/feed/list?monitor=`), with live arrivals. */
function MonitorEvents({ kind }: { kind: MonitorKind }) {
  const { api, brand } = useAppServices();
  const displayMode = useDisplayMode();
  const arrivals = useFeedArrivals('bidding');
  const loadFeed = useCallback(
    (query: FeedQuery, signal: AbortSignal) => api.feedList(query, { signal }),
    [api],
  );
  const markRead = useCallback((request: Parameters<typeof api.feedRead>[0]) => api.feedRead(request), [api]);
  return (
    <Paper withBorder p="md">
      <Title order={3} size="h5" mb="sm">
        {messages.events.title}
      </Title>
      <FeedPanel
        selection={{ feed: 'bidding', monitor: kind }}
        label={messages.events.title}
        loadFeed={loadFeed}
        markRead={(request) => markRead({ ...request, feed: 'bidding' })}
        displayMode={displayMode.mode}
        onDisplayModeChange={(mode) => void displayMode.change(mode)}
        arrivals={arrivals}
        emptyText={messages.events.empty}
        contactPhone={brand.supportPhone}
      />
    </Paper>
  );
}

/**
 * spec §2 menu areas 业主监控 / 对手监控 / 代理机构监控 (§3 Customized state, companyMonitor — the total of the three
 * roles): the monitored companies with add by company search and remove with confirm, and the new items naming them.
 */
export function CompanyMonitorScreen({ companyRole: role }: { companyRole: CompanyRole }) {
  const { api } = useAppServices();
  const { confirm, dialog } = useConfirmDialog();
  const refuse = useMonitorRefusal();
  const [version, setVersion] = useState(0);
  const [keyword, setKeyword] = useState<string | null>(null);
  const monitors = useGatedData(
    (signal) => api.companyMonitorList({ role }, { signal }),
    [api, role, version],
  );
  const found = useGatedData(
    (signal) =>
      keyword === null
        ? Promise.resolve(null)
        : api.companySearch({ keyword, role: SEARCH_ROLE[role], pageSize: 10 }, { signal }),
    [api, role, keyword],
  );
  const title = messages.screens[role];
  const roleName = messages.roles[role];

  async function add(companyId: number, name: string) {
    try {
      await api.companyMonitorSave({ role, companyId }, { handleCodes: [403] });
      showMessage(messages.add.added(name), 'success');
      setVersion((value) => value + 1);
    } catch (error) {
      refuse(error);
    }
  }

  async function remove(id: number, name: string) {
    if (!(await confirm({ message: messages.list.confirmRemove(name), kind: 'operation' }))) return;
    await api.companyMonitorDelete({ id });
    showMessage(messages.list.removed, 'success');
    setVersion((value) => value + 1);
  }

  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {messages.intro[role]}
        </Text>
      </Stack>
      <DataState state={monitors}>
        {(data) => {
          const watched = new Set(data.records.map((record) => record.companyId));
          return (
            <Stack gap="md">
              <UsageLine
                text={messages.usage.companies(data.used, data.limit)}
                used={data.used}
                limit={data.limit}
              />
              <SearchToAdd
                title={messages.add.companyTitle(roleName)}
                label={messages.add.companyKeyword}
                placeholder={messages.add.companyPlaceholder}
                onSearch={setKeyword}
              >
                {keyword !== null && (
                  <FoundList
                    state={found}
                    empty={messages.add.noCompanies}
                    rowKey={(company) => company.companyId}
                    describe={(company) => ({
                      name: company.name,
                      caption: `${company.regionText} ${messages.add.companyCounts(company.counts.purchaser, company.counts.agency, company.counts.winner)}`,
                    })}
                    isWatched={(company) => watched.has(company.companyId)}
                    onAdd={(company) => void add(company.companyId, company.name)}
                  />
                )}
              </SearchToAdd>
              <MonitoredList
                title={messages.list.companies}
                empty={messages.list.emptyCompanies(roleName)}
                records={data.records}
                describe={(record) => ({
                  name: record.companyName,
                  link: (
                    <Anchor
                      component={Link}
                      to={COMPANY_PATHS.detail}
                      search={{ companyId: record.companyId } as never}
                    >
                      {record.companyName}
                    </Anchor>
                  ),
                  caption: messages.list.since(record.createdAt.slice(0, 10)),
                })}
                onRemove={(record) => void remove(record.id, record.companyName)}
              />
            </Stack>
          );
        }}
      </DataState>
      <MonitorEvents kind={role} />
      {dialog}
    </Stack>
  );
}

/**
 * spec §2 menu area 项目监控 (§7 project-monitor/*, projectMonitor total): the monitored projects with add from an
 * item search and remove with confirm, and the later items of those projects.
 */
export function ProjectMonitorScreen() {
  const { api } = useAppServices();
  const { confirm, dialog } = useConfirmDialog();
  const refuse = useMonitorRefusal();
  const [version, setVersion] = useState(0);
  const [keyword, setKeyword] = useState<string | null>(null);
  const monitors = useGatedData((signal) => api.projectMonitorList({}, { signal }), [api, version]);
  const found = useGatedData(
    (signal) =>
      keyword === null
        ? Promise.resolve(null)
        : api.searchList({ keyword, searchType: 20, pageSize: 10 }, { signal }),
    [api, keyword],
  );
  const title = messages.screens.project;

  async function setMonitored(itemId: number, monitored: boolean, name: string) {
    if (!monitored && !(await confirm({ message: messages.list.confirmRemove(name), kind: 'operation' }))) {
      return;
    }
    try {
      await api.saveOrUpdateProjectMonitor(
        { id: itemId, isMonitor: monitored ? '1' : '0' },
        { handleCodes: [403] },
      );
      showMessage(monitored ? messages.add.added(name) : messages.list.removed, 'success');
      setVersion((value) => value + 1);
    } catch (error) {
      refuse(error);
    }
  }

  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {messages.intro.project}
        </Text>
      </Stack>
      <DataState state={monitors}>
        {(data) => {
          const watched = new Set(data.records.map((record) => record.itemId));
          return (
            <Stack gap="md">
              <UsageLine
                text={messages.usage.projects(data.used, data.limit)}
                used={data.used}
                limit={data.limit}
              />
              <SearchToAdd
                title={messages.add.projectTitle}
                label={messages.add.projectKeyword}
                placeholder={messages.add.projectPlaceholder}
                onSearch={setKeyword}
              >
                {keyword !== null && (
                  <FoundList
                    state={found}
                    empty={messages.add.noProjects}
                    rowKey={(item) => item.id}
                    describe={(item) => ({
                      name: item.title,
                      caption: `${item.typeLabel} ${item.regionText} ${item.publishDate}`,
                    })}
                    isWatched={(item) => watched.has(item.id)}
                    onAdd={(item) => void setMonitored(item.id, true, item.title)}
                  />
                )}
              </SearchToAdd>
              <MonitoredList
                title={messages.list.projects}
                empty={messages.list.emptyProjects}
                records={data.records}
                describe={(record) => ({
                  name: record.title,
                  link: isItemType(record.type) ? (
                    <Anchor component={Link} {...detailLink({ id: record.itemId, type: record.type })}>
                      {record.title}
                    </Anchor>
                  ) : (
                    <Text size="sm">{record.title}</Text>
                  ),
                  caption: `${record.publishDate} · ${messages.list.since(record.createdAt.slice(0, 10))}`,
                })}
                onRemove={(record) => void setMonitored(record.itemId, false, record.title)}
              />
            </Stack>
          );
        }}
      </DataState>
      <MonitorEvents kind="project" />
      {dialog}
    </Stack>
  );
}

export function OwnerMonitorScreen() {
  return <CompanyMonitorScreen companyRole="owner" />;
}

export function RivalMonitorScreen() {
  return <CompanyMonitorScreen companyRole="rival" />;
}

export function AgentMonitorScreen() {
  return <CompanyMonitorScreen companyRole="agent" />;
}

import { Badge, Button, Grid, Group, Modal, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { isApiError, loadAreaTree } from '@tender/api-client';
import { gateRefusalSchema } from '@tender/contracts';
import type { AreaNode } from '@tender/domain';
import { showMessage, useConfirmDialog } from '@tender/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { useGatedData } from '../../shell/use-gated-data';
import { useDisplayMode } from '../search/use-display-mode';
import { FeedPanel } from './feed-panel';
import { GroupForm } from './group-form';
import { messages } from './messages';
import { FEED_KINDS, type SubscriptionFeed } from './subscription-kinds';
import type { FeedQuery, SubscriptionGroup, SubscriptionGroupInput, SubscriptionLimit } from './types';
import { useFeedArrivals } from './use-feed-arrivals';

const RECOMMENDED_WORDS = 12;

/** What the group dialog edits: a new group, or one of the list. */
type Editing = { group?: SubscriptionGroup } | null;

function LimitsLine({ limits }: { limits: readonly SubscriptionLimit[] }) {
  return (
    <Group gap="md">
      {limits.map((limit) => (
        <Text key={limit.kind} size="sm" c={limit.maxGroups === 0 ? 'dimmed' : undefined}>
          {limit.maxGroups === 0
            ? messages.groups.kindClosed(messages.kinds[limit.kind])
            : messages.groups.usage(messages.kinds[limit.kind], limit.usedGroups, limit.maxGroups)}
        </Text>
      ))}
    </Group>
  );
}

/**
 * spec §2 /subscribe/bidding (招标订阅: tender, award and early-opportunity groups) and /subscribe/upfront (拟建项目订阅):
 * the member's keyword groups within the level's limits, and the feed of matched items with live arrivals.
 */
export function SubscriptionScreen({ feed }: { feed: SubscriptionFeed }) {
  const { api, client, brand } = useAppServices();
  const { openRefusal, openMembership } = useLayoutDialogs();
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const displayMode = useDisplayMode();
  const arrivals = useFeedArrivals(feed);
  const title = messages.screens[feed];
  const kinds = FEED_KINDS[feed];

  const [groupsVersion, setGroupsVersion] = useState(0);
  const groups = useGatedData((signal) => api.subscriptionGroupList({}, { signal }), [api, groupsVersion]);
  const [countsVersion, setCountsVersion] = useState(0);
  const [counts, setCounts] = useState<Awaited<ReturnType<typeof api.feedCount>>>();
  const [areaTree, setAreaTree] = useState<AreaNode[]>([]);
  const [recommended, setRecommended] = useState<string[]>([]);
  const [selectedGroupId, setSelectedGroupId] = useState<number | undefined>();
  const [editing, setEditing] = useState<Editing>(null);
  const [feedVersion, setFeedVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    void loadAreaTree(client, { signal: controller.signal }).then(setAreaTree);
    api
      .monitorRecommendKeyword({ size: RECOMMENDED_WORDS }, { signal: controller.signal, silent: true })
      .then((words) => setRecommended(words.map((entry) => entry.word)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, client]);

  useEffect(() => {
    const controller = new AbortController();
    api
      .feedCount({}, { signal: controller.signal, silent: true })
      .then(setCounts)
      .catch(() => undefined);
    return () => controller.abort();
  }, [api, countsVersion, arrivals.length, groupsVersion]);

  const loadFeed = useCallback(
    (query: FeedQuery, signal: AbortSignal) => api.feedList(query, { signal }),
    [api],
  );
  const markRead = useCallback((request: Parameters<typeof api.feedRead>[0]) => api.feedRead(request), [api]);
  const suggestWords = useCallback(
    (typed: string) => api.monitorThinkWordList({ keyword: typed }, { silent: true }),
    [api],
  );
  const verifyWord = useCallback(
    (word: string) => api.monitorKeywordVerify({ keyword: word }, { silent: true }),
    [api],
  );

  async function saveGroup(input: SubscriptionGroupInput) {
    try {
      const saved = await api.subscriptionGroupSave(input, { handleCodes: [403] });
      setEditing(null);
      showMessage(messages.groups.saved, 'success');
      setSelectedGroupId(saved.id);
      setGroupsVersion((value) => value + 1);
      setFeedVersion((value) => value + 1);
    } catch (error) {
      // A level without the privilege gets the gate's dialog; a full limit answers its message (the form shows it).
      if (isApiError(error) && error.code === 403) {
        const refusal = gateRefusalSchema.safeParse(error.data);
        if (refusal.success && openRefusal(refusal.data)) setEditing(null);
      }
      throw error;
    }
  }

  async function removeGroup(group: SubscriptionGroup) {
    if (!(await confirm({ message: messages.groups.confirmRemove(group.name), kind: 'operation' }))) return;
    await api.subscriptionGroupDelete({ id: group.id });
    showMessage(messages.groups.removed, 'success');
    if (selectedGroupId === group.id) setSelectedGroupId(undefined);
    setGroupsVersion((value) => value + 1);
  }

  const unreadOfGroup = (group: SubscriptionGroup) =>
    counts?.groups.find((entry) => entry.groupId === group.id)?.unread ?? group.unread;

  return (
    <Stack gap="md" component="section" aria-label={title}>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button onClick={() => setEditing({})}>{messages.groups.add}</Button>
      </Group>
      <DataState state={groups}>
        {(data) => {
          const limits = data.limits.filter((limit) => kinds.includes(limit.kind));
          const ownGroups = data.groups.filter((group) => kinds.includes(group.kind));
          const selected = ownGroups.find((group) => group.id === selectedGroupId);
          return (
            <Stack gap="md">
              <LimitsLine limits={limits} />
              <Grid gap="md">
                <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
                  <Paper withBorder p="sm" component="nav" aria-label={messages.groups.title}>
                    {ownGroups.length === 0 ? (
                      <Stack gap="sm" p="xs">
                        <Title order={3} size="h5">
                          {messages.groups.emptyTitle}
                        </Title>
                        {limits.length > 0 && limits.every((limit) => limit.maxGroups === 0) ? (
                          <>
                            <Text size="sm" c="dimmed">
                              {messages.groups.noneAllowed}
                            </Text>
                            <Button variant="light" onClick={() => openMembership()}>
                              {messages.groups.upgrade}
                            </Button>
                          </>
                        ) : (
                          <>
                            <Text size="sm" c="dimmed">
                              {messages.groups.emptyHint}
                            </Text>
                            <Button variant="light" onClick={() => setEditing({})}>
                              {messages.groups.add}
                            </Button>
                          </>
                        )}
                      </Stack>
                    ) : (
                      <Stack gap={4}>
                        <NavLink
                          component="button"
                          label={messages.groups.all}
                          active={selected === undefined}
                          onClick={() => setSelectedGroupId(undefined)}
                          rightSection={
                            counts && counts[feed].unread > 0 ? (
                              <Badge
                                size="sm"
                                color="red"
                                aria-label={messages.groups.unread(counts[feed].unread)}
                              >
                                {counts[feed].unread}
                              </Badge>
                            ) : null
                          }
                        />
                        {ownGroups.map((group) => (
                          <GroupEntry
                            key={group.id}
                            group={group}
                            unread={unreadOfGroup(group)}
                            active={group.id === selected?.id}
                            onSelect={() => setSelectedGroupId(group.id)}
                            onEdit={() => setEditing({ group })}
                            onRemove={() => void removeGroup(group)}
                          />
                        ))}
                      </Stack>
                    )}
                  </Paper>
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
                  <FeedPanel
                    selection={{ feed, ...(selected ? { groupId: selected.id } : {}) }}
                    label={selected ? selected.name : messages.feed.title}
                    loadFeed={loadFeed}
                    markRead={markRead}
                    displayMode={displayMode.mode}
                    onDisplayModeChange={(mode) => void displayMode.change(mode)}
                    arrivals={arrivals}
                    emptyText={ownGroups.length === 0 ? messages.feed.noGroups : messages.feed.empty}
                    refreshKey={feedVersion}
                    onReadChanged={() => setCountsVersion((value) => value + 1)}
                    contactPhone={brand.supportPhone}
                    unread={selected ? unreadOfGroup(selected) : counts?.[feed].unread}
                  />
                </Grid.Col>
              </Grid>
              <Modal
                opened={editing !== null}
                onClose={() => setEditing(null)}
                title={editing?.group ? messages.form.editTitle : messages.form.createTitle}
                size="lg"
              >
                {editing !== null && (
                  <GroupForm
                    kinds={kinds}
                    limits={limits}
                    group={editing.group}
                    areaTree={areaTree}
                    recommendedWords={recommended}
                    suggestWords={suggestWords}
                    verifyWord={verifyWord}
                    onSubmit={saveGroup}
                    onCancel={() => setEditing(null)}
                    onUpgrade={() => {
                      setEditing(null);
                      openMembership();
                    }}
                  />
                )}
              </Modal>
            </Stack>
          );
        }}
      </DataState>
      {confirmDialog}
    </Stack>
  );
}

function GroupEntry({
  group,
  unread,
  active,
  onSelect,
  onEdit,
  onRemove,
}: {
  group: SubscriptionGroup;
  unread: number;
  active: boolean;
  onSelect(): void;
  onEdit(): void;
  onRemove(): void;
}) {
  return (
    <Stack gap={2}>
      <NavLink
        component="button"
        label={group.name}
        description={messages.groups.words(group.includeWords)}
        active={active}
        onClick={onSelect}
        rightSection={
          unread > 0 ? (
            <Badge size="sm" color="red" aria-label={messages.groups.unread(unread)}>
              {unread}
            </Badge>
          ) : null
        }
      />
      {group.excludeWords.length > 0 && (
        <Text size="xs" c="dimmed" pl="sm">
          {messages.groups.excluded(group.excludeWords)}
        </Text>
      )}
      <Group gap={4} pl="xs">
        <Button
          size="compact-xs"
          variant="subtle"
          onClick={onEdit}
          aria-label={`${messages.groups.edit} ${group.name}`}
        >
          {messages.groups.edit}
        </Button>
        <Button
          size="compact-xs"
          variant="subtle"
          color="red"
          onClick={onRemove}
          aria-label={`${messages.groups.remove} ${group.name}`}
        >
          {messages.groups.remove}
        </Button>
      </Group>
    </Stack>
  );
}

export function BiddingSubscriptionScreen() {
  return <SubscriptionScreen feed="bidding" />;
}

export function UpfrontSubscriptionScreen() {
  return <SubscriptionScreen feed="upfront" />;
}

// 即将到期 (/subscribe/expiring) is routed through this module (src/router/screens.ts).
export { ExpiringScreen } from '../renewal/expiring-screen';

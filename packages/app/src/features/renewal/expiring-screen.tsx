import {
  Anchor,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { loadAreaTree } from '@tender/api-client';
import type { IndustrySection } from '@tender/contracts';
import {
  type ExpiringContract,
  type ExpiringContractPage,
  expiringContractsEndpoint,
  type RenewalSubscription,
  renewalSubscriptionDeleteEndpoint,
  renewalSubscriptionGetEndpoint,
  renewalSubscriptionMatchesEndpoint,
  renewalSubscriptionSaveEndpoint,
} from '@tender/contracts/renewal';
import { type AreaNode, DEFAULT_PAGE_SIZE } from '@tender/domain';
import { ListPagination, showMessage, useConfirmDialog } from '@tender/ui-kit';
import { useEffect, useMemo, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { detailLink } from '../details/detail-routes';
import { messages } from './messages';

const t = messages;

/** The windows a member picks from (the server takes any 1–366 days). */
export const EXPIRING_WINDOWS = [30, 60, 90, 180] as const;
const DEFAULT_WINDOW = 90;

type Option = { value: string; label: string };

/** Options for codes, keeping a saved code the lists do not name (it stays chosen, shown as its code). */
function withSaved(options: Option[], saved: readonly string[]): Option[] {
  const unknown = saved.filter((code) => !options.some((option) => option.value === code));
  return [...options, ...unknown.map((code) => ({ value: code, label: code }))];
}

function namesOf(codes: readonly string[], options: readonly Option[], all: string): string {
  if (codes.length === 0) return all;
  return codes.map((code) => options.find((option) => option.value === code)?.label ?? code).join('、');
}

/** One contract: the award notice it comes from, when it ends, and the evidence. */
function ExpiringRow({ contract }: { contract: ExpiringContract }) {
  const i = t.item;
  return (
    <Paper component="article" withBorder p="sm" aria-label={contract.title}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs" align="flex-start">
          <Anchor
            component={Link}
            {...detailLink({ id: contract.id, type: 'jg' })}
            fw={500}
            c="inherit"
            style={{ minWidth: 0, flex: '1 1 20rem' }}
          >
            {contract.title}
          </Anchor>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" fw={500}>
              {i.endsOn(contract.predictedEndDate)}
            </Text>
            {/* Outline in dark shades: the light orange badge read at 3.6:1 (axe asks 4.5:1 at this size). */}
            <Badge color={contract.daysLeft <= 30 ? 'red.9' : 'gray.7'} variant="outline">
              {i.daysLeft(contract.daysLeft)}
            </Badge>
          </Group>
        </Group>
        <Text size="sm">
          {`${i.periodText}：“${contract.periodText}”`}
          <Text span size="xs" c="dimmed">
            {contract.endBasis === 'computed' ? i.computed : i.stated}
          </Text>
        </Text>
        <Group gap="lg" c="dimmed" wrap="wrap">
          {contract.winners.length > 0 && (
            <Text size="xs">{`${i.winners}：${contract.winners.join('、')}`}</Text>
          )}
          {contract.awardText && <Text size="xs">{`${i.amount}：${contract.awardText}`}</Text>}
          {contract.purchaser && <Text size="xs">{`${i.purchaser}：${contract.purchaser}`}</Text>}
          {contract.regionText && <Text size="xs">{`${i.region}：${contract.regionText}`}</Text>}
          <Text size="xs">{`${i.published}：${contract.publishDate}`}</Text>
          <Anchor component={Link} size="xs" {...detailLink({ id: contract.id, type: 'jg' })}>
            {i.evidence}
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}

function ExpiringList({
  label,
  page,
  onPage,
}: {
  label: string;
  page: ExpiringContractPage;
  onPage(page: number): void;
}) {
  if (page.total === 0) {
    return (
      <Stack align="center" gap={6} py="xl" role="status">
        <Text fw={500}>{t.empty}</Text>
        <Text size="sm" c="dimmed">
          {t.emptyHint}
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        {t.found(page.total, page.fromDate, page.toDate)}
      </Text>
      <Stack component="ul" gap="xs" aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
        {page.records.map((contract) => (
          <li key={contract.id}>
            <ExpiringRow contract={contract} />
          </li>
        ))}
      </Stack>
      <ListPagination total={page.total} page={page.pageNumber} pageSize={page.pageSize} onChange={onPage} />
    </Stack>
  );
}

/**
 * 即将到期 (/subscribe/expiring, ADR 0042): contracts in the chosen regions and industries whose predicted end falls
 * within 30/60/90/180 days, each with its evidence; and the member's 到期订阅 (save the filters, cancel, see its
 * matches). The server gates every call; a refusal opens the layout's dialog (useGatedData).
 */
export function ExpiringScreen() {
  const { client, api } = useAppServices();
  const { confirm, dialog } = useConfirmDialog();
  const [withinDays, setWithinDays] = useState<number>(DEFAULT_WINDOW);
  const [areas, setAreas] = useState<string[]>([]);
  const [industries, setIndustries] = useState<string[]>([]);
  const [page, setPage] = useState(1);
  const [showMatches, setShowMatches] = useState(false);
  const [subscription, setSubscription] = useState<RenewalSubscription | null>(null);
  const [areaTree, setAreaTree] = useState<readonly AreaNode[]>([]);
  const [sections, setSections] = useState<readonly IndustrySection[]>([]);
  const [busy, setBusy] = useState(false);

  // The pickers' lists and the subscription, once; the subscription's regions and industries start the filters.
  useEffect(() => {
    const controller = new AbortController();
    const quiet = { signal: controller.signal, silent: true };
    loadAreaTree(client, { signal: controller.signal }).then(setAreaTree, () => undefined);
    api.industryList({}, quiet).then(setSections, () => undefined);
    client.call(renewalSubscriptionGetEndpoint, {}, quiet).then(
      (saved) => {
        if (controller.signal.aborted || !saved) return;
        setSubscription(saved);
        setAreas(saved.area);
        setIndustries(saved.industry);
        if ((EXPIRING_WINDOWS as readonly number[]).includes(saved.withinDays))
          setWithinDays(saved.withinDays);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [client, api]);

  const list = useGatedData(
    (signal) =>
      showMatches
        ? client.call(
            renewalSubscriptionMatchesEndpoint,
            { pageNumber: page, pageSize: DEFAULT_PAGE_SIZE },
            gatedCallOptions(signal),
          )
        : client.call(
            expiringContractsEndpoint,
            { withinDays, area: areas, industry: industries, pageNumber: page, pageSize: DEFAULT_PAGE_SIZE },
            gatedCallOptions(signal),
          ),
    [showMatches, withinDays, areas.join(), industries.join(), page],
  );

  const areaOptions = useMemo(
    () =>
      withSaved(
        areaTree
          .flatMap((root) => root.children ?? [])
          .map((node) => ({ value: node.code, label: node.name })),
        areas,
      ),
    [areaTree, areas],
  );
  const industryGroups = useMemo(
    () =>
      sections.map((section) => ({
        group: section.name,
        items: section.children.map((division) => ({ value: division.code, label: division.name })),
      })),
    [sections],
  );
  const industryOptions = useMemo(
    () =>
      withSaved(
        industryGroups.flatMap((group) => group.items),
        industries,
      ),
    [industryGroups, industries],
  );

  const filter =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
      setShowMatches(false);
    };

  const save = async () => {
    setBusy(true);
    try {
      const saved = await client.call(renewalSubscriptionSaveEndpoint, {
        withinDays,
        area: areas,
        industry: industries,
      });
      setSubscription(saved);
      showMessage(t.subscription.saved, 'success');
    } catch {
      // The api-client has said why.
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    if (!(await confirm({ kind: 'operation', message: t.subscription.confirmRemove }))) return;
    setBusy(true);
    try {
      await client.call(renewalSubscriptionDeleteEndpoint, {});
      setSubscription(null);
      setShowMatches(false);
      showMessage(t.subscription.removed, 'success');
    } catch {
      // The api-client has said why.
    } finally {
      setBusy(false);
    }
  };

  const s = t.subscription;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={2} size="h3">
          {t.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t.intro}
        </Text>
      </Stack>
      <Paper withBorder p="md" component="section" aria-label={t.filters}>
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Text size="sm" fw={500} id="expiring-window">
              {t.window}
            </Text>
            <SegmentedControl
              aria-labelledby="expiring-window"
              value={String(withinDays)}
              onChange={(value) => filter(setWithinDays)(Number(value))}
              data={EXPIRING_WINDOWS.map((days) => ({ value: String(days), label: t.windowOption(days) }))}
            />
          </Group>
          <Group gap="sm" grow wrap="wrap" align="flex-start">
            <MultiSelect
              size="xs"
              label={t.areas}
              placeholder={areas.length === 0 ? t.areasPlaceholder : undefined}
              data={areaOptions}
              value={areas}
              onChange={filter(setAreas)}
              searchable
              clearable
              style={{ minWidth: '14rem' }}
            />
            <MultiSelect
              size="xs"
              label={t.industries}
              placeholder={industries.length === 0 ? t.industriesPlaceholder : undefined}
              data={industryGroups.length > 0 ? industryGroups : industryOptions}
              value={industries}
              onChange={filter(setIndustries)}
              searchable
              clearable
              style={{ minWidth: '14rem' }}
            />
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={s.title}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 18rem' }}>
            <Text fw={500}>{s.title}</Text>
            <Text size="sm" c="dimmed">
              {subscription
                ? s.summary(
                    subscription.withinDays,
                    namesOf(subscription.area, areaOptions, s.allAreas),
                    namesOf(subscription.industry, industryOptions, s.allIndustries),
                  )
                : s.none}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="xs" onClick={save} loading={busy}>
              {subscription ? s.update : s.save}
            </Button>
            {subscription && (
              <>
                <Button
                  size="xs"
                  variant="light"
                  onClick={() => {
                    setShowMatches(!showMatches);
                    setPage(1);
                  }}
                >
                  {showMatches ? s.showAll : s.showMatches}
                </Button>
                <Button size="xs" variant="subtle" color="red" onClick={remove} disabled={busy}>
                  {s.remove}
                </Button>
              </>
            )}
          </Group>
        </Group>
      </Paper>
      <Paper withBorder p="md" component="section" aria-label={showMatches ? t.matchesList : t.list}>
        <DataState state={list}>
          {(answer) => (
            <ExpiringList label={showMatches ? t.matchesList : t.list} page={answer} onPage={setPage} />
          )}
        </DataState>
      </Paper>
      {dialog}
    </Stack>
  );
}

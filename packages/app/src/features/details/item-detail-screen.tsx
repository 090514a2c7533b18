import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMatches, useParams, useRouter, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { DetailActions, ProjectDocuments } from './detail-actions';
import { DetailFields, ProjectFactsSection } from './detail-fields';
import { AwardResults, DetailContacts } from './detail-parties';
import { type DetailScreenKind, detailItemId, isItemType } from './detail-routes';
import { ApprovalStages, DetailBody, ProjectTimeline } from './detail-text';
import { messages } from './messages';
import { useItemDetail } from './use-item-detail';

function LoadingSkeleton() {
  return (
    // A status region: axe allows its label (a plain div may not carry aria-label), screen readers announce it.
    <Stack gap="md" role="status" aria-busy="true" aria-label={messages.states.loading}>
      <Skeleton height={28} width="60%" />
      <Skeleton height={120} />
      <Skeleton height={220} />
    </Stack>
  );
}

function Notice({ text, hint, action }: { text: string; hint?: string; action?: ReactNode }) {
  return (
    <Alert color="gray" title={text}>
      {hint && <Text size="sm">{hint}</Text>}
      {action && <Group mt="sm">{action}</Group>}
    </Alert>
  );
}

/**
 * One detail screen (spec §2 routes inside the main layout): the item of `?id=&type=` (or the menu route's
 * `/tender/index/{id}`), through its gated view. Loading shows a skeleton, failure a retry, an unknown id
 * 该信息不存在或已删除, a refusal its permission dialog (which closes the page, spec §4).
 */
export function ItemDetailScreen({ kind }: { kind: DetailScreenKind }) {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const params = useParams({ strict: false }) as Record<string, unknown>;
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title ?? '' });
  const router = useRouter();
  const { openMembership } = useLayoutDialogs();
  const id = detailItemId(search.id ?? params.id);
  const type = isItemType(search.type) ? search.type : undefined;
  const { state, retry, unlockContacts, setCollected } = useItemDetail(kind, id, type);
  const s = messages.states;

  const back = (
    <Button variant="default" size="xs" onClick={() => router.history.back()}>
      {s.back}
    </Button>
  );

  let content: ReactNode;
  switch (state.status) {
    case 'loading':
      content = <LoadingSkeleton />;
      break;
    case 'notFound':
      content = (
        <Notice text={id === undefined ? s.missingId : s.notFound} hint={s.notFoundHint} action={back} />
      );
      break;
    case 'refused':
      content = <Notice text={state.message || s.refused} />;
      break;
    case 'failed':
      content = (
        <Notice
          text={s.failed}
          action={
            <Button size="xs" onClick={retry}>
              {s.retry}
            </Button>
          }
        />
      );
      break;
    case 'ready': {
      const { detail, stages } = state;
      // Keyed by the item: a related-notice link opens another item on the same route, and the actions' state
      // (source link, documents, monitor) belongs to the item they were asked for.
      content = (
        <Stack gap="md" key={detail.id}>
          <Paper withBorder p="md">
            <Title order={2} size="h4">
              {detail.title}
            </Title>
            <Group gap="xs" mt="xs">
              <Badge variant="light">{detail.typeName}</Badge>
              {detail.noticeKindName && <Badge variant="outline">{detail.noticeKindName}</Badge>}
              {detail.procurementMethodName && (
                <Badge variant="outline">{detail.procurementMethodName}</Badge>
              )}
              <Text size="sm" c="dimmed">
                {detail.publishDate}
                {detail.regionText && ` · ${detail.regionText}`}
              </Text>
            </Group>
          </Paper>
          <DetailActions detail={detail} onCollectedChange={setCollected} />
          <DetailFields detail={detail} />
          {detail.project && <ProjectFactsSection project={detail.project} />}
          {stages && stages.length > 0 && <ApprovalStages stages={stages} />}
          <AwardResults detail={detail} />
          <DetailContacts
            detail={detail}
            onOpenMembership={openMembership}
            onUnlock={() => void unlockContacts()}
          />
          <DetailBody body={detail.body} />
          <ProjectTimeline timeline={detail.timeline} />
          <ProjectDocuments id={detail.id} />
        </Stack>
      );
      break;
    }
  }

  return (
    <Stack component="section" aria-label={title} gap="md">
      {content}
    </Stack>
  );
}

/** /tender/index: 招标公告 and its methods, 更正/变更/终止, 中标/成交结果. */
export function TenderDetailScreen() {
  return <ItemDetailScreen kind="tender" />;
}

/** /building/index: 拟建项目. */
export function BuildingDetailScreen() {
  return <ItemDetailScreen kind="building" />;
}

/** /approve/index: 审批项目 with its approval steps. */
export function ApproveDetailScreen() {
  return <ItemDetailScreen kind="approve" />;
}

/** /forecastDetail: 商机 (招标预告). */
export function ForecastDetailScreen() {
  return <ItemDetailScreen kind="forecast" />;
}

/** /intentionDetail: 采购意向. */
export function IntentionDetailScreen() {
  return <ItemDetailScreen kind="intention" />;
}

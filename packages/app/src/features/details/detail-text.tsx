import { Anchor, List, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ItemDetail } from '@tender/contracts';
import { DetailSection } from './detail-fields';
import { detailLink } from './detail-routes';
import { messages } from './messages';
import type { ApprovalStageStep } from './use-item-detail';

/**
 * 公告正文: the server's text of the notice (markup already stripped, phones and contact names masked unless
 * `contactVisible`), one paragraph per line. It is rendered as text, never as markup.
 */
export function DetailBody({ body }: { body: string }) {
  const paragraphs = body
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return (
    <DetailSection label={messages.regions.body}>
      {paragraphs.length ? (
        paragraphs.map((paragraph, index) => (
          // Paragraphs of a fixed text have no ids of their own and never reorder.
          <Text key={index} size="sm" mb="xs" style={{ whiteSpace: 'pre-wrap', lineHeight: 1.8 }}>
            {paragraph}
          </Text>
        ))
      ) : (
        <Text size="sm" c="dimmed">
          {messages.body.empty}
        </Text>
      )}
    </DetailSection>
  );
}

/** 项目进程: the items with the same project key (意向 → 预告 → 公告 → 更正 → 结果), each linking to its detail. */
export function ProjectTimeline({ timeline }: { timeline: ItemDetail['timeline'] }) {
  const others = timeline.filter((entry) => !entry.current);
  return (
    <DetailSection label={messages.regions.timeline}>
      {others.length ? (
        <List size="sm" spacing={6}>
          {timeline.map((entry) => (
            <List.Item key={entry.id}>
              <Text span size="sm" c="dimmed" mr="xs">
                {entry.publishDate} {entry.noticeKindName ?? entry.typeName}
              </Text>
              {entry.current ? (
                <Text span size="sm" fw={600} aria-current="page">
                  {entry.title}
                  {messages.timeline.current}
                </Text>
              ) : (
                <Anchor component={Link} size="sm" {...detailLink(entry)}>
                  {entry.title}
                </Anchor>
              )}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {messages.timeline.empty}
        </Text>
      )}
    </DetailSection>
  );
}

/** 审批流程: every approval step of the project in procedure order (`spxm/detail`). */
export function ApprovalStages({ stages }: { stages: readonly ApprovalStageStep[] }) {
  return (
    <DetailSection label={messages.regions.stages}>
      <List size="sm" spacing={6} type="ordered">
        {stages.map((step) => (
          <List.Item key={step.id}>
            <Text span size="sm" fw={step.current ? 600 : 400}>
              {[
                step.stageName,
                step.approvalAuthority,
                step.approvalResult,
                step.approvalDate ?? step.publishDate,
              ]
                .filter(Boolean)
                .join(' · ')}
              {step.current && messages.stages.current}
            </Text>
          </List.Item>
        ))}
      </List>
    </DetailSection>
  );
}

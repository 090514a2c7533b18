import { Box, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { AmountView, ItemDetail, ProjectFacts } from '@tender/contracts';
import type { ReactNode } from 'react';
import { messages } from './messages';

/** An amount as the screens show it: 万元, two decimals at most (the server rounds with @tender/domain's formatYuan). */
export function amountText(amount: AmountView | null): string | null {
  return amount?.wanYuanText ?? null;
}

function period(from: string | null, until: string | null): string | null {
  if (!from && !until) return null;
  return `${from ?? ''}${messages.fields.periodJoin}${until ?? ''}`;
}

const names = (parties: ItemDetail['purchasers']) =>
  parties.length ? [...new Set(parties.map((party) => party.name))].join('、') : null;

/** Label and value, left out when the item does not state it. */
type Field = readonly [label: string, value: string | null | undefined];

/** Every site that published the notice, its own first (一条公告、多个来源). */
function sourceNames(sources: ItemDetail['sources']): string | null {
  const names = [...new Set(sources.flatMap((source) => (source.name ? [source.name] : [])))];
  return names.length ? names.join('、') : null;
}

function FieldList({ fields }: { fields: readonly Field[] }) {
  const stated = fields.filter(([, value]) => value);
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={6} m={0}>
      {stated.map(([label, value]) => (
        <Box key={label} style={{ display: 'flex', gap: 8 }}>
          <Text component="dt" c="dimmed" size="sm" style={{ flex: '0 0 7.5em' }}>
            {label}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export function DetailSection({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={label}>
      <Title order={3} size="h5" mb="sm">
        {label}
      </Title>
      {children}
    </Paper>
  );
}

/** The extracted fields of an announcement or a project (docs/data-format.md "Extracted fields"). */
export function DetailFields({ detail }: { detail: ItemDetail }) {
  const isProject = detail.project !== null;
  const f = messages.fields;
  return (
    <DetailSection label={messages.regions.fields}>
      <FieldList
        fields={[
          [f.projectName, detail.projectName],
          [f.projectCode, detail.projectCode],
          [f.budget, amountText(detail.budget)],
          [f.award, amountText(detail.award)],
          [isProject ? f.builder : f.purchaser, names(detail.purchasers)],
          [f.agency, names(detail.agencies)],
          [f.noticeKind, detail.noticeKindName],
          [f.procurementMethod, detail.procurementMethodName],
          [f.publishDate, detail.publishDate],
          [f.documentsPeriod, period(detail.documentsFrom, detail.documentsUntil)],
          [f.bidDeadline, detail.bidDeadline],
          [f.openingTime, detail.openingTime],
          [f.expectedPurchaseMonth, detail.expectedPurchaseMonth],
          [f.region, detail.regionText],
          [f.industry, detail.industryName],
          [f.source, sourceNames(detail.sources)],
        ]}
      />
    </DetailSection>
  );
}

/** 拟建/审批: the project's facts (审批机关, 审批代码, 批准文号 …). */
export function ProjectFactsSection({ project }: { project: ProjectFacts }) {
  const p = messages.project;
  const stage = [project.stageName, project.phaseName && `（${project.phaseName}）`].filter(Boolean).join('');
  return (
    <DetailSection label={messages.regions.project}>
      <FieldList
        fields={[
          [p.stage, stage],
          [p.approvalAuthority, project.approvalAuthority],
          [p.approvalCode, project.approvalCode],
          [p.documentNumber, project.documentNumber],
          [p.approvalResult, project.approvalResult],
          [p.approvalDate, project.approvalDate],
          [p.totalInvestment, amountText(project.totalInvestment)],
          [p.constructionSite, project.constructionSite],
          [p.constructionScale, project.constructionScale],
          [p.plannedStart, project.plannedStart],
          [p.plannedEnd, project.plannedEnd],
        ]}
      />
    </DetailSection>
  );
}

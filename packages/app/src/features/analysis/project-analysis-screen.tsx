import { Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { EndpointResponse, projectAnalysisViewEndpoint } from '@tender/contracts';
import { PageTable, type PageTableColumn, showMessage } from '@tender/ui-kit';
import { useState } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { COMPANY_PATHS, companyLink } from '../companies/company-route';
import { DetailSection } from '../details/detail-fields';
import { detailLink } from '../details/detail-routes';
import { showGateRefusal } from '../details/gate-refusal';
import { ItemIdScreen } from '../details/item-id-screen';
import { saveDownloadedFile } from '../export/download-export';
import { messages } from './messages';

type ProjectAnalysis = EndpointResponse<typeof projectAnalysisViewEndpoint>;
type Bidder = ProjectAnalysis['bidders'][number];
type PurchaserItem = ProjectAnalysis['purchaserHistory'][number];

const t = messages.projectAnalysis;

const BIDDER_COLUMNS: readonly PageTableColumn<Bidder>[] = [
  { key: 'rank', title: t.columns.rank, width: 80 },
  {
    key: 'name',
    title: t.columns.company,
    minWidth: 240,
    render: (bidder) => (
      <Anchor component={Link} {...companyLink(COMPANY_PATHS.detail, bidder.companyId)}>
        {bidder.name}
      </Anchor>
    ),
  },
  { key: 'score', title: t.columns.score, width: 90 },
  { key: 'wins', title: t.columns.wins, width: 110 },
  { key: 'lastWinDate', title: t.columns.lastWin, width: 120, nowrap: true },
];

const HISTORY_COLUMNS: readonly PageTableColumn<PurchaserItem>[] = [
  {
    key: 'title',
    title: t.columns.title,
    minWidth: 320,
    render: (item) => (
      <Anchor component={Link} {...detailLink({ id: item.id, type: item.type })}>
        {item.title}
      </Anchor>
    ),
  },
  { key: 'typeName', title: t.columns.type, width: 110 },
  { key: 'amountText', title: t.columns.amount, width: 140, align: 'right', nowrap: true },
  { key: 'publishDate', title: t.columns.publishDate, width: 120, nowrap: true },
];

/**
 * 项目分析 (/projectAnalysis?id=, sold as projectAnalyzer's daily count): one tender's facts, the companies most
 * likely to bid on it and its purchaser's other projects. The server spends the count once per item per day and
 * refuses with the permission dialog when the level or the day's count does not allow it.
 */
export function ProjectAnalysisScreen() {
  return <ItemIdScreen noItem={t.noItem}>{(id) => <ProjectAnalysisOf id={id} />}</ItemIdScreen>;
}

function ProjectAnalysisOf({ id }: { id: number }) {
  const { api } = useAppServices();
  const analysis = useGatedData(
    (signal) => api.projectAnalysisView({ id }, gatedCallOptions(signal)),
    [api, id],
  );
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t.title}
        </Title>
        <ExportButton id={id} />
      </Group>
      <DataState state={analysis}>{(data) => <AnalysisBody analysis={data} />}</DataState>
    </Stack>
  );
}

/**
 * The analysis as an .xlsx (`project-analysis/export`): the server counts projectAnalyzer for the item (once a day
 * with the view) and refuses with the permission dialog; the client only saves what it answers.
 */
function ExportButton({ id }: { id: number }) {
  const { api } = useAppServices();
  const { openRefusal } = useLayoutDialogs();
  const [busy, setBusy] = useState(false);
  async function exportAnalysis() {
    setBusy(true);
    try {
      const file = await api.projectAnalysisExport({ id }, { handleCodes: [403] });
      const fileName = file.fileName ?? t.exportFallbackName(id);
      saveDownloadedFile(file, fileName);
      showMessage(t.exported(fileName), 'success');
    } catch (error) {
      // Other failures were shown by the api-client already.
      showGateRefusal(error, openRefusal, showMessage);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="light" loading={busy} onClick={() => void exportAnalysis()}>
      {t.export}
    </Button>
  );
}

function AnalysisBody({ analysis }: { analysis: ProjectAnalysis }) {
  const { permission } = analysis;
  return (
    <>
      <DetailSection label={t.facts}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xs" component="dl" m={0}>
          {analysis.facts.map((fact) => (
            <div key={fact.label}>
              <Text component="dt" size="sm" c="dimmed" span>
                {`${fact.label}：`}
              </Text>
              <Text component="dd" size="sm" span m={0}>
                {fact.value || '-'}
              </Text>
            </div>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt="sm">
          {messages.prediction.quota(permission.used, permission.limit)}
        </Text>
      </DetailSection>
      <DetailSection label={t.bidders}>
        <PageTable
          ariaLabel={t.bidders}
          columns={BIDDER_COLUMNS}
          rows={analysis.bidders}
          rowKey="companyId"
          emptyText={messages.prediction.empty}
        />
      </DetailSection>
      <DetailSection label={t.history}>
        <PageTable
          ariaLabel={t.history}
          columns={HISTORY_COLUMNS}
          rows={analysis.purchaserHistory}
          rowKey="id"
          emptyText={t.historyEmpty}
        />
      </DetailSection>
    </>
  );
}

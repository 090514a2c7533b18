import { Anchor, Button, Group, Modal, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { EndpointResponse, getProjectDocumentsEndpoint, ItemDetail } from '@tender/contracts';
import { isExternalLink, isMedicalNotice } from '@tender/domain';
import { showMessage } from '@tender/ui-kit';
import { useEffect, useState } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { BidderPredictionPanel, isPredictable } from '../analysis/bidder-prediction-panel';
import { messages as analysisMessages } from '../analysis/messages';
import { DetailSection } from './detail-fields';
import { showGateRefusal } from './gate-refusal';
import { messages } from './messages';
import { PhoneCodeButton } from './phone-code';

type ProjectDocument = EndpointResponse<typeof getProjectDocumentsEndpoint>['documents'][number];

/** The 项目分析 screen (router/layout-routes.ts). */
const PROJECT_ANALYSIS_PATH = '/projectAnalysis';
/** The 医疗详情 screen (router/layout-routes.ts). */
const MEDICAL_DETAIL_PATH = '/medicalDetail';

/** The gate codes the actions open dialogs for; the api-client shows everything else. */
const GATED = { handleCodes: [403] } as const;

/** Hands a downloaded file to the browser as a download under the server's file name. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.click();
  // The click has handed the blob to the download; the URL is not needed after this turn.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function useGateFailure() {
  const { openRefusal } = useLayoutDialogs();
  return (error: unknown) => showGateRefusal(error, openRefusal, showMessage);
}

/** Downloads one announcement text (`downloadDocument`, costs downloadAnnouncement; refused → its dialog). */
function useDocumentDownload() {
  const { api } = useAppServices();
  const onGateFailure = useGateFailure();
  return async (id: number, fallbackName: string) => {
    try {
      const file = await api.downloadDocument({ id }, GATED);
      const fileName = file.fileName ?? fallbackName;
      saveFile(file.blob, fileName);
      showMessage(messages.actions.downloaded(fileName), 'success');
    } catch (error) {
      onGateFailure(error);
    }
  };
}

export interface DetailActionsProps {
  detail: ItemDetail;
  onCollectedChange(isCollect: boolean): void;
}

/**
 * The item's actions: follow (我的关注), monitor the project, the source link (detailLink) and the announcement
 * text as a file (downloadAnnouncement). Refusals open their permission dialog over the page, which stays.
 */
export function DetailActions({ detail, onCollectedChange }: DetailActionsProps) {
  const { api } = useAppServices();
  const onGateFailure = useGateFailure();
  const download = useDocumentDownload();
  const [monitor, setMonitor] = useState<{ isMonitor: boolean; used: number; limit: number }>();
  const [busy, setBusy] = useState<'follow' | 'monitor' | 'link' | 'download'>();
  const [sourceLinks, setSourceLinks] = useState<readonly { url: string; sourceName: string | null }[]>();
  const [predicting, setPredicting] = useState(false);
  // 项目分析 and 潜在投标人预测 are analysis (brand flag); the server gates each by the member's level and count.
  const analysis = useAppServices().brand.flags.analysis;
  const a = messages.actions;

  useEffect(() => {
    let current = true;
    api
      .getDocumentIsMonitor({ id: detail.id }, { silent: true })
      .then((state) => current && setMonitor(state))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, detail.id]);

  const run = async (action: NonNullable<typeof busy>, work: () => Promise<void>) => {
    setBusy(action);
    try {
      await work();
    } catch (error) {
      onGateFailure(error);
    } finally {
      setBusy(undefined);
    }
  };

  const toggleFollow = () =>
    run('follow', async () => {
      const input = { id: detail.id, type: detail.type };
      const entry = detail.isCollect ? await api.delCollection(input) : await api.addCollection(input);
      onCollectedChange(entry.isCollect);
      showMessage(entry.isCollect ? a.followed : a.unfollowed, 'success');
    });

  const toggleMonitor = () =>
    run('monitor', async () => {
      const next = monitor?.isMonitor ? '0' : '1';
      const state = await api.saveOrUpdateProjectMonitor({ id: detail.id, isMonitor: next }, GATED);
      setMonitor(state);
      showMessage(state.isMonitor ? a.monitored : a.unmonitored, 'success');
    });

  const openSourceLink = () =>
    run('link', async () => {
      const link = await api.getDetailLink({ id: detail.id }, GATED);
      // Only web addresses become links; anything else stays text-free (never a javascript: href).
      setSourceLinks(link.links.filter((source) => isExternalLink(source.url)));
    });

  return (
    <DetailSection label={messages.regions.actions}>
      <Group gap="sm">
        <Button
          variant={detail.isCollect ? 'filled' : 'outline'}
          aria-pressed={detail.isCollect}
          loading={busy === 'follow'}
          onClick={toggleFollow}
        >
          {detail.isCollect ? a.unfollow : a.follow}
        </Button>
        <Button
          variant={monitor?.isMonitor ? 'filled' : 'outline'}
          aria-pressed={monitor?.isMonitor ?? false}
          loading={busy === 'monitor'}
          onClick={toggleMonitor}
        >
          {monitor?.isMonitor ? a.unmonitor : a.monitor}
        </Button>
        {monitor && (
          <Text size="xs" c="dimmed">
            {a.monitorUsage(monitor.used, monitor.limit)}
          </Text>
        )}
        {detail.hasSourceLink ? (
          <Button variant="default" loading={busy === 'link'} onClick={openSourceLink}>
            {a.sourceLink}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {a.noSourceLink}
          </Text>
        )}
        <Button
          variant="default"
          loading={busy === 'download'}
          onClick={() => run('download', () => download(detail.id, `${detail.title}.txt`))}
        >
          {a.download}
        </Button>
        <PhoneCodeButton id={detail.id} />
        {isMedicalNotice(detail.title, detail.body) && detail.project === null && (
          <Button
            variant="light"
            component={Link}
            to={MEDICAL_DETAIL_PATH}
            search={{ id: detail.id } as never}
          >
            {a.medicalDetail}
          </Button>
        )}
        {analysis && isPredictable(detail.type) && (
          <>
            <Button
              variant="light"
              component={Link}
              to={PROJECT_ANALYSIS_PATH}
              search={{ id: detail.id } as never}
            >
              {analysisMessages.projectAnalysis.open}
            </Button>
            <Button variant="light" onClick={() => setPredicting(true)}>
              {analysisMessages.prediction.open}
            </Button>
          </>
        )}
      </Group>
      <Modal
        opened={predicting}
        onClose={() => setPredicting(false)}
        title={analysisMessages.prediction.title}
        size="xl"
        closeButtonProps={{ 'aria-label': a.close }}
      >
        {predicting && <BidderPredictionPanel itemId={detail.id} />}
      </Modal>
      {sourceLinks?.map((source) => (
        <Text size="sm" mt="sm" key={source.url} style={{ overflowWrap: 'anywhere' }}>
          {a.sourceLinkLabel}
          {source.sourceName && `（${source.sourceName}）`}：
          <Anchor href={source.url} target="_blank" rel="noopener noreferrer">
            {source.url}
          </Anchor>
        </Text>
      ))}
    </DetailSection>
  );
}

/**
 * 项目附件: the project's documents (`getProjectDocuments`, needs downloadExpansion for the item's region), each
 * downloaded through `downloadDocument`. Listed on request: the list is a gated call of its own.
 */
export function ProjectDocuments({ id }: { id: number }) {
  const { api } = useAppServices();
  const onGateFailure = useGateFailure();
  const download = useDocumentDownload();
  const [documents, setDocuments] = useState<readonly ProjectDocument[]>();
  const [loading, setLoading] = useState(false);
  const a = messages.actions;

  const list = async () => {
    setLoading(true);
    try {
      setDocuments((await api.getProjectDocuments({ id }, GATED)).documents);
    } catch (error) {
      onGateFailure(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <DetailSection label={messages.regions.documents}>
      {documents === undefined ? (
        <Button variant="light" loading={loading} onClick={list}>
          {a.documents}
        </Button>
      ) : documents.length === 0 ? (
        <Text size="sm" c="dimmed">
          {a.noDocuments}
        </Text>
      ) : (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{a.documentsColumns.title}</Table.Th>
              <Table.Th>{a.documentsColumns.type}</Table.Th>
              <Table.Th>{a.documentsColumns.date}</Table.Th>
              <Table.Th>{a.documentsColumns.action}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.map((document) => (
              <Table.Tr key={document.id}>
                <Table.Th scope="row" fw={400}>
                  {document.fileName}
                </Table.Th>
                <Table.Td>{document.typeName}</Table.Td>
                <Table.Td>{document.publishDate}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={`${a.downloadDocument} ${document.fileName}`}
                    onClick={() => void download(document.id, document.fileName)}
                  >
                    {a.downloadDocument}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </DetailSection>
  );
}

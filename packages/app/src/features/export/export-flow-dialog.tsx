import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import type { EndpointFunctions } from '@tender/api-client';
import type { ExportRecord, GatePass, GateRefusal } from '@tender/contracts';
import type { ShowMessage } from '@tender/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ConditionNames, conditionSummary, type ExportConditionsInput } from './export-conditions';
import { gateRefusalOf, unshownMessage } from './gate-refusal';
import { messages } from './messages';

/** The endpoints the flow calls. */
export type ExportFlowApi = Pick<
  EndpointFunctions,
  'getWordNum' | 'dataExportOrderInit' | 'dataExportOrder' | 'getNowNumStatus'
>;

/** What an export is asked for: the conditions, and names for their codes in the summary. */
export interface ExportRequest {
  conditions: ExportConditionsInput;
  names?: ConditionNames;
}

interface Preview {
  matched: number;
  rows: number;
  limited: boolean;
  message: string;
}

type FlowState =
  | { step: 'loading' }
  | { step: 'error'; message: string }
  | { step: 'ready'; quota: GatePass; preview: Preview; starting: boolean }
  | { step: 'running' | 'done' | 'failed'; record: ExportRecord; message: string }
  | { step: 'lost'; record: ExportRecord };

export interface ExportFlowDialogProps {
  /** The export asked for; the dialog is open while set. */
  request: ExportRequest | undefined;
  onClose(): void;
  api: ExportFlowApi;
  /** The layout's permission dialog for a gate refusal (exportPermission, usedUp, noData); false if none fits. */
  openRefusal(refusal: GateRefusal): boolean;
  showMessage: ShowMessage;
  /** Saves a finished export's file. */
  download(record: ExportRecord): Promise<void>;
  /** 查看我的导出记录. */
  onViewRecords(): void;
  /** How often the progress is asked for; default 1 s. */
  pollIntervalMs?: number;
}

const GATED = { handleCodes: [403] } as const;

function quotaText(quota: GatePass): string {
  const t = messages.flow;
  if (quota.limit === -1 || quota.remaining === -1) return t.unlimited;
  return t.quotaText(quota.remaining ?? 0, quota.limit);
}

/**
 * The 一键导出项目 flow (spec §2 export button, §7 Export): the conditions, the rows they match and the rows
 * today's quota lets through (dataExportOrderInit, getWordNum), then 开始导出 (dataExportOrder), the progress of
 * the file (getNowNumStatus) and its download. A gate refusal closes the flow and opens the permission dialog.
 */
export function ExportFlowDialog({
  request,
  onClose,
  api,
  openRefusal,
  showMessage,
  download,
  onViewRecords,
  pollIntervalMs = 1000,
}: ExportFlowDialogProps) {
  const [state, setState] = useState<FlowState>({ step: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [downloading, setDownloading] = useState(false);
  // The latest callbacks, so a parent that renders new functions does not restart the flow.
  const callbacks = useRef({ onClose, openRefusal, showMessage });
  callbacks.current = { onClose, openRefusal, showMessage };
  const t = messages.flow;

  /** A refusal ends the flow: the permission dialog takes over (or the server's message when none fits). */
  const refuse = useCallback((error: unknown): boolean => {
    const refusal = gateRefusalOf(error);
    if (!refusal) return false;
    callbacks.current.onClose();
    if (!callbacks.current.openRefusal(refusal) && error instanceof Error) {
      callbacks.current.showMessage(error.message);
    }
    return true;
  }, []);

  useEffect(() => {
    if (!request) return;
    let current = true;
    setState({ step: 'loading' });
    Promise.all([api.getWordNum({}, GATED), api.dataExportOrderInit(request.conditions, GATED)]).then(
      ([quota, preview]) => current && setState({ step: 'ready', quota, preview, starting: false }),
      (error: unknown) => {
        if (!current || refuse(error)) return;
        setState({ step: 'error', message: unshownMessage(error, t.loadFailed) || t.loadFailed });
      },
    );
    return () => {
      current = false;
    };
  }, [request, api, refuse, attempt, t.loadFailed]);

  // Each answer that is still running sets a new record, which schedules the next question.
  const runningRecord = state.step === 'running' ? state.record : undefined;
  useEffect(() => {
    if (!runningRecord) return;
    let current = true;
    const timer = setTimeout(() => {
      api.getNowNumStatus({ id: runningRecord.id }, { silent: true }).then(
        (record) => {
          if (!current) return;
          if (!record) {
            setState({ step: 'lost', record: runningRecord });
            return;
          }
          setState((previous) =>
            previous.step === 'running'
              ? { step: record.status, record, message: previous.message }
              : previous,
          );
        },
        () => current && setState({ step: 'lost', record: runningRecord }),
      );
    }, pollIntervalMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [runningRecord, api, pollIntervalMs]);

  const start = async () => {
    if (state.step !== 'ready' || !request) return;
    setState({ ...state, starting: true });
    try {
      const ordered = await api.dataExportOrder(request.conditions, GATED);
      setState({ step: ordered.record.status, record: ordered.record, message: ordered.message });
    } catch (error) {
      if (refuse(error)) return;
      const text = unshownMessage(error, t.failed);
      if (text) showMessage(text);
      setState({ ...state, starting: false });
    }
  };

  const saveFile = async (record: ExportRecord) => {
    setDownloading(true);
    try {
      await download(record);
    } finally {
      setDownloading(false);
    }
  };

  const summary = request ? conditionSummary(request.conditions, request.names) : [];
  return (
    <Modal opened={request !== undefined} onClose={onClose} title={t.title} size={520} centered>
      <Stack gap="md">
        <section aria-label={t.conditions}>
          <Text fw={600} size="sm" mb={4}>
            {t.conditions}
          </Text>
          {summary.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t.allConditions}
            </Text>
          ) : (
            <Stack gap={2}>
              {summary.map((line) => (
                <Text size="sm" key={line.label}>
                  {line.label}：{line.value}
                </Text>
              ))}
            </Stack>
          )}
        </section>

        {state.step === 'loading' && (
          <Group gap="xs" role="status">
            <Loader size="sm" />
            <Text size="sm">{t.loading}</Text>
          </Group>
        )}

        {state.step === 'error' && (
          <Alert color="red" title={state.message}>
            <Button size="xs" variant="light" onClick={() => setAttempt((value) => value + 1)}>
              {t.retry}
            </Button>
          </Alert>
        )}

        {state.step === 'ready' && (
          <>
            <SimpleGrid cols={3} role="group" aria-label={t.rows}>
              <Figure label={t.matched} value={t.rowsText(state.preview.matched)} />
              <Figure label={t.rows} value={t.rowsText(state.preview.rows)} />
              <Figure label={t.quota} value={quotaText(state.quota)} />
            </SimpleGrid>
            <Text size="sm" c={state.preview.limited ? 'orange' : 'dimmed'}>
              {state.preview.message}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t.cancel}
              </Button>
              <Button onClick={() => void start()} loading={state.starting} data-autofocus>
                {t.start}
              </Button>
            </Group>
          </>
        )}

        {(state.step === 'running' || state.step === 'done' || state.step === 'failed') && (
          <Stack gap="xs">
            <Progress
              value={state.record.percent}
              size="lg"
              aria-label={t.progressLabel}
              color={state.step === 'failed' ? 'red' : undefined}
              animated={state.step === 'running'}
            />
            <Text size="sm">{t.progress(state.record.written, state.record.allowed)}</Text>
            {state.step === 'running' && (
              <Text size="sm" c="dimmed">
                {state.message}
              </Text>
            )}
            {state.step === 'done' && (
              <Text size="sm" c="green" role="status">
                {t.done}
              </Text>
            )}
            {state.step === 'failed' && (
              <Text size="sm" c="red" role="alert">
                {t.failed}
              </Text>
            )}
          </Stack>
        )}

        {state.step === 'lost' && (
          <Text size="sm" c="orange" role="alert">
            {t.statusLost}
          </Text>
        )}

        {(state.step === 'running' ||
          state.step === 'done' ||
          state.step === 'failed' ||
          state.step === 'lost') && (
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={onViewRecords}>
              {t.records}
            </Anchor>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t.close}
              </Button>
              {state.step === 'done' && (
                <Button onClick={() => void saveFile(state.record)} loading={downloading} data-autofocus>
                  {t.download}
                </Button>
              )}
            </Group>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} aria-label={`${label} ${value}`}>
        {value}
      </Text>
    </Stack>
  );
}

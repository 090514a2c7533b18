import { Alert, Anchor, Badge, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { EndpointFunctions } from '@tender/api-client';
import type { ExportRecord } from '@tender/contracts';
import { PageTable, type PageTableColumn } from '@tender/ui-kit';
import { useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { usePagedRecords } from '../../shell/use-paged-records';
import { downloadExport } from './download-export';
import { conditionSummary } from './export-conditions';
import { messages } from './messages';

/** Records a page of 我的导出记录 shows. */
export const EXPORT_RECORD_PAGE_SIZE = 10;

const STATUS_COLOURS = { running: 'blue', done: 'green', failed: 'red' } as const;

export interface ExportRecordsProps {
  api: Pick<EndpointFunctions, 'exportRecordList'>;
  download(record: ExportRecord): Promise<void>;
}

/** The records table: file, conditions, status, rows, time and 下载 for a finished file; loading, empty, error. */
export function ExportRecords({ api, download }: ExportRecordsProps) {
  const { state, retry, table } = usePagedRecords(api.exportRecordList, EXPORT_RECORD_PAGE_SIZE);
  const [downloading, setDownloading] = useState<number | undefined>();
  const t = messages.myExport;

  const save = async (record: ExportRecord) => {
    setDownloading(record.id);
    try {
      await download(record);
    } finally {
      setDownloading(undefined);
    }
  };

  if (state.status === 'error') {
    return (
      <Alert color="red" title={t.loadFailed}>
        <Button size="xs" variant="light" onClick={retry}>
          {t.retry}
        </Button>
      </Alert>
    );
  }

  if (state.status === 'ready' && state.total === 0) {
    return (
      <Stack align="flex-start" gap="xs">
        <Text c="dimmed">{t.empty}</Text>
        <Anchor component={Link} to="/dataExport" size="sm">
          {t.toDataExport}
        </Anchor>
      </Stack>
    );
  }

  const columns: PageTableColumn<ExportRecord>[] = [
    { key: 'fileName', title: t.fileName, minWidth: 220 },
    {
      key: 'conditions',
      title: t.conditions,
      minWidth: 200,
      render: (record) =>
        conditionSummary(record.conditions)
          .map((line) => `${line.label}：${line.value}`)
          .join('；') || messages.flow.allConditions,
    },
    {
      key: 'status',
      title: t.status,
      render: (record) => (
        <Badge color={STATUS_COLOURS[record.status]} variant="light">
          {t.statusText[record.status]}
        </Badge>
      ),
    },
    {
      key: 'rows',
      title: t.rows,
      minWidth: 140,
      render: (record) => t.rowsText(record.written, record.allowed, record.matched),
    },
    { key: 'createdAt', title: t.createdAt, minWidth: 160, nowrap: true },
    {
      key: 'action',
      title: t.action,
      render: (record) =>
        record.status === 'done' && (
          <Button
            size="compact-sm"
            variant="light"
            loading={downloading === record.id}
            aria-label={`${t.download} ${record.fileName}`}
            onClick={() => void save(record)}
          >
            {t.download}
          </Button>
        ),
    },
  ];

  return <PageTable ariaLabel={t.tableLabel} columns={columns} rowKey="id" {...table} />;
}

/** 我的导出记录 (/myExport): the caller's exports, newest first, each finished file downloadable again. */
export function MyExportScreen() {
  const { api, client } = useAppServices();
  return (
    <Paper withBorder p="lg" component="section" aria-label={messages.myExport.title}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {messages.myExport.title}
        </Title>
        <ExportRecords
          api={api}
          download={(record) => downloadExport(client, record).catch(() => undefined)}
        />
      </Stack>
    </Paper>
  );
}

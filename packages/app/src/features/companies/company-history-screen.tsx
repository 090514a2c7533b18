import { Anchor, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { EChart } from '../analysis/echart';
import { CompanyItems } from './company-items';
import { COMPANY_PATHS, companyIdFromSearch, companyLink } from './company-route';
import { companyHistoryChart } from './history-chart';
import { messages } from './messages';
import { NoCompany } from './no-company';

type HistoryRole = 'all' | 'purchaser' | 'agency' | 'winner' | 'candidate';

const ROLE_OPTIONS: { value: HistoryRole; label: string }[] = [
  { value: 'all', label: messages.history.allRoles },
  { value: 'purchaser', label: messages.roles.purchaser },
  { value: 'agency', label: messages.roles.agency },
  { value: 'winner', label: messages.roles.winner },
  { value: 'candidate', label: messages.roles.candidate },
];

/** spec §2 /enterHistory?companyId=: the company's items per month over 36 months and the items themselves. */
export function CompanyHistoryScreen() {
  const companyId = companyIdFromSearch(useSearch({ strict: false }));
  if (companyId === null) return <NoCompany />;
  return <CompanyHistory key={companyId} companyId={companyId} />;
}

function CompanyHistory({ companyId }: { companyId: number }) {
  const { api } = useAppServices();
  const [role, setRole] = useState<HistoryRole>('all');
  const [pageNumber, setPageNumber] = useState(1);
  const history = useGatedData(
    (signal) =>
      api.companyHistory(
        { companyId, pageNumber, ...(role === 'all' ? {} : { role }) },
        gatedCallOptions(signal),
      ),
    [api, companyId, role, pageNumber],
  );
  const chart = useMemo(
    () => (history.status === 'ready' ? companyHistoryChart(history.data.months) : null),
    [history],
  );
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={messages.history.title}>
        <Group justify="space-between">
          <Title order={2} size="h4">
            {messages.history.title}
          </Title>
          <Anchor component={Link} {...companyLink(COMPANY_PATHS.detail, companyId)}>
            {messages.history.back}
          </Anchor>
        </Group>
        <Group mt="sm" gap="xs">
          <Text size="sm" id="history-role-label">
            {messages.history.role}
          </Text>
          <SegmentedControl
            aria-labelledby="history-role-label"
            data={ROLE_OPTIONS}
            value={role}
            onChange={(value) => {
              setRole(value as HistoryRole);
              setPageNumber(1);
            }}
          />
        </Group>
      </Paper>
      <DataState state={history}>
        {(data) => (
          <>
            {chart && <EChart title={messages.history.trend} spec={chart} />}
            <Paper withBorder p="md" component="section" aria-label={messages.history.items}>
              <Title order={3} size="h5" mb="sm">
                {messages.history.items}
              </Title>
              {data.total === 0 ? (
                <Text c="dimmed">{messages.history.empty}</Text>
              ) : (
                <CompanyItems page={data} onPage={setPageNumber} />
              )}
            </Paper>
          </>
        )}
      </DataState>
    </Stack>
  );
}

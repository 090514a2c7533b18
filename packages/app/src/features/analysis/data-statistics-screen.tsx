import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { dataStatisticsEndpoint, EndpointRequest } from '@tender/contracts';
import { DateField } from '@tender/ui-kit';
import { type FormEvent, useMemo, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { EChart } from './echart';
import { messages } from './messages';
import { type AccountUsage, dailyUsageChart, usedPrivileges } from './usage-chart';

type StatisticsRequest = EndpointRequest<typeof dataStatisticsEndpoint>;

/**
 * spec §2 /dataStatistics (企业数据统计; the server's menu offers it to the main account of a qiye enterprise
 * only): how each account of the enterprise used its counted privileges, per privilege and per day.
 */
export function DataStatisticsScreen() {
  const { api } = useAppServices();
  const [request, setRequest] = useState<StatisticsRequest>({});
  const [range, setRange] = useState({ startDate: '', endDate: '' });
  const statistics = useGatedData(
    (signal) =>
      api.dataStatistics(request, gatedCallOptions(signal)).then((answer) => {
        setRange({ startDate: answer.startDate, endDate: answer.endDate });
        return answer;
      }),
    [api, request],
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setRequest({
      ...(range.startDate ? { startDate: range.startDate } : {}),
      ...(range.endDate ? { endDate: range.endDate } : {}),
    });
  };
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={messages.statistics.range}>
        <Title order={2} size="h4" mb="sm">
          {messages.statistics.title}
        </Title>
        <form onSubmit={onSubmit} aria-label={messages.statistics.range}>
          <Group align="flex-end">
            <DateField
              label={messages.statistics.startDate}
              value={range.startDate}
              onChange={(value) => setRange({ ...range, startDate: value ?? '' })}
            />
            <DateField
              label={messages.statistics.endDate}
              value={range.endDate}
              onChange={(value) => setRange({ ...range, endDate: value ?? '' })}
            />
            <Button type="submit">{messages.statistics.submit}</Button>
          </Group>
        </form>
      </Paper>
      <DataState state={statistics}>
        {(data) =>
          data.accounts.every((account) => account.days.length === 0) ? (
            <Text c="dimmed">{messages.statistics.empty}</Text>
          ) : (
            <UsageFigures accounts={data.accounts} />
          )
        }
      </DataState>
    </Stack>
  );
}

function UsageFigures({ accounts }: { accounts: AccountUsage[] }) {
  const privileges = usedPrivileges(accounts);
  const chart = useMemo(() => dailyUsageChart(accounts), [accounts]);
  return (
    <>
      <Paper withBorder p="md" component="section" aria-label={messages.statistics.accounts}>
        <Title order={3} size="h5" mb="xs">
          {messages.statistics.accounts}
        </Title>
        <Table.ScrollContainer minWidth={600}>
          <Table striped aria-label={messages.statistics.accounts}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{messages.statistics.account}</Table.Th>
                <Table.Th>{messages.statistics.role}</Table.Th>
                {privileges.map((privilege) => (
                  <Table.Th key={privilege}>{messages.privileges[privilege] ?? privilege}</Table.Th>
                ))}
                <Table.Th>{messages.statistics.total}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((account) => (
                <Table.Tr key={account.userId}>
                  <Table.Td>
                    {account.userName}
                    {account.remark ? `（${account.remark}）` : ''}
                  </Table.Td>
                  <Table.Td>{messages.statistics.roles[account.role]}</Table.Td>
                  {privileges.map((privilege) => (
                    <Table.Td key={privilege}>{account.totals[privilege] ?? 0}</Table.Td>
                  ))}
                  <Table.Td>
                    {messages.statistics.times(
                      Object.values(account.totals).reduce((sum, used) => sum + used, 0),
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <EChart title={messages.statistics.daily} spec={chart} />
    </>
  );
}

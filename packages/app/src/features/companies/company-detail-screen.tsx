import {
  Alert,
  Anchor,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import type { CompanyProfile, companyPartnersEndpoint, EndpointResponse, GatePass } from '@tender/contracts';
import { showMessage } from '@tender/ui-kit';
import { useState } from 'react';
import { useLayoutDialogs } from '../../layout/use-layout-dialogs';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, gateRefusalOf, useGatedData } from '../../shell/use-gated-data';
import { BidderPredictionPanel, isPredictable } from '../analysis/bidder-prediction-panel';
import { type CompanyHistoryItem, CompanyItems } from './company-items';
import { COMPANY_PATHS, companyIdFromSearch, companyLink, companyNameFromSearch } from './company-route';
import { messages } from './messages';
import { NoCompany } from './no-company';

type MonitorRole = keyof typeof messages.detail.monitorAs;
type Partners = EndpointResponse<typeof companyPartnersEndpoint>;

/**
 * spec §2 /enterpriseDetails?companyId= (or ?name= from an item's company name): profile, figures, items,
 * partners, phone book, monitoring.
 */
export function CompanyDetailScreen() {
  const search = useSearch({ strict: false });
  const companyId = companyIdFromSearch(search);
  const name = companyNameFromSearch(search);
  if (companyId !== null) return <CompanyDetail key={companyId} companyId={companyId} />;
  if (name !== null) return <CompanyByName key={name} name={name} />;
  return <NoCompany />;
}

/** The contract's longest company-search keyword. */
const MAX_KEYWORD_LENGTH = 50;

/** A company named by its full name: the search's exact match, else a notice leading to the search. */
function CompanyByName({ name }: { name: string }) {
  const { api } = useAppServices();
  const found = useGatedData(
    (signal) =>
      api
        .companySearch({ keyword: name.slice(0, MAX_KEYWORD_LENGTH) }, gatedCallOptions(signal))
        .then((page) => page.records.find((company) => company.name === name) ?? null),
    [api, name],
  );
  return (
    <DataState state={found}>
      {(company) =>
        company ? (
          <CompanyDetail companyId={company.companyId} />
        ) : (
          <Alert color="yellow" role="alert">
            {messages.state.notFound(name)}{' '}
            <Anchor component={Link} to={COMPANY_PATHS.search}>
              {messages.state.toSearch}
            </Anchor>
          </Alert>
        )
      }
    </DataState>
  );
}

function CompanyDetail({ companyId }: { companyId: number }) {
  const { api, brand } = useAppServices();
  // Partners cost bussinessAnalyzer, an analysis privilege: brands without analysis do not offer them.
  const { analysis } = brand.flags;
  const profile = useGatedData(
    (signal) => api.companyDetail({ companyId }, gatedCallOptions(signal)),
    [api, companyId],
  );
  return (
    <DataState state={profile}>
      {(company) => (
        <Stack gap="md">
          <CompanyHeader company={company} />
          <CompanyFigures company={company} />
          <Paper withBorder p="md" component="section" aria-label={messages.detail.items}>
            <Title order={3} size="h5" mb="sm">
              {messages.detail.items}
            </Title>
            <CompanyItemList companyId={companyId} />
          </Paper>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            {analysis && (
              <OnDemandSection title={messages.detail.partners} button={messages.detail.loadPartners}>
                <PartnerLists companyId={companyId} />
              </OnDemandSection>
            )}
            <OnDemandSection title={messages.detail.phoneBook} button={messages.detail.loadPhoneBook}>
              <PhoneBook companyId={companyId} />
            </OnDemandSection>
          </SimpleGrid>
        </Stack>
      )}
    </DataState>
  );
}

function QuotaText({ permission }: { permission: GatePass }) {
  return (
    <Text size="xs" c="dimmed">
      {messages.detail.quota(permission.used, permission.limit)}
    </Text>
  );
}

function CompanyHeader({ company }: { company: CompanyProfile }) {
  // The atlas is analysis (spec §1 brand flags): a brand without it does not offer the way there.
  const analysis = useAppServices().brand.flags.analysis;
  return (
    <Paper withBorder p="md" component="section" aria-label={messages.detail.profile}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2} size="h4">
            {company.name}
          </Title>
          <Text size="sm">
            {messages.detail.creditCode}：{company.creditCode ?? '-'}
          </Text>
          <Text size="sm">
            {messages.detail.region}：{company.regionText || '-'}
          </Text>
          <Text size="sm">
            {messages.detail.lastActive}：{company.lastActiveDate ?? '-'}
          </Text>
          <QuotaText permission={company.permission} />
        </Stack>
        <Group gap="xs">
          <Button component={Link} variant="light" {...companyLink(COMPANY_PATHS.history, company.companyId)}>
            {messages.detail.history}
          </Button>
          {analysis && (
            <Button component={Link} variant="light" {...companyLink(COMPANY_PATHS.atlas, company.companyId)}>
              {messages.detail.atlas}
            </Button>
          )}
          <MonitorMenu company={company} />
        </Group>
      </Group>
    </Paper>
  );
}

/** 监控该企业: as owner, rival or agent (the monitoring pages list them); a refused monitor opens the dialog. */
function MonitorMenu({ company }: { company: CompanyProfile }) {
  const { api } = useAppServices();
  const { openRefusal } = useLayoutDialogs();
  const monitor = async (role: MonitorRole) => {
    try {
      await api.companyMonitorSave({ role, companyId: company.companyId }, { handleCodes: [403] });
      showMessage(messages.detail.monitored(company.name), 'success');
    } catch (error) {
      const refusal = gateRefusalOf(error);
      if (refusal && !openRefusal(refusal)) showMessage((error as Error).message);
    }
  };
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button>{messages.detail.monitor}</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {(Object.keys(messages.detail.monitorAs) as MonitorRole[]).map((role) => (
          <Menu.Item key={role} onClick={() => void monitor(role)}>
            {messages.detail.monitorAs[role]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

function CountedList({
  title,
  rows,
}: {
  title: string;
  rows: { code: string; name: string; items: number }[];
}) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          -
        </Text>
      ) : (
        <Table striped aria-label={title}>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.code}>
                <Table.Td>{row.name || '-'}</Table.Td>
                <Table.Td ta="right">{messages.detail.times(row.items)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

function CompanyFigures({ company }: { company: CompanyProfile }) {
  const { counts } = company;
  return (
    <Paper withBorder p="md" component="section" aria-label={messages.detail.figures}>
      <Title order={3} size="h5" mb="sm">
        {messages.detail.figures}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }}>
        <Figure label={messages.detail.asPurchaser} value={messages.detail.times(counts.purchaser)} />
        <Figure label={messages.detail.asAgency} value={messages.detail.times(counts.agency)} />
        <Figure label={messages.detail.asWinner} value={messages.detail.times(counts.winner)} />
        <Figure label={messages.detail.asCandidate} value={messages.detail.times(counts.candidate)} />
        <Figure label={messages.detail.won} value={counts.wonWanYuanText} />
        <Figure label={messages.detail.purchaseBudget} value={counts.purchaseBudgetWanYuanText} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} mt="md">
        <CountedList title={messages.detail.regions} rows={company.regions} />
        <CountedList title={messages.detail.industries} rows={company.industries} />
        <RelatedList
          title={messages.detail.rivals}
          rows={company.rivals}
          empty={messages.detail.rivalsEmpty}
        />
      </SimpleGrid>
    </Paper>
  );
}

function RelatedList({
  title,
  rows,
  empty,
}: {
  title: string;
  rows: CompanyProfile['rivals'];
  empty: string;
}) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
          {rows.map((row) => (
            <Group component="li" key={row.companyId} justify="space-between" wrap="nowrap">
              <Anchor component={Link} size="sm" {...companyLink(COMPANY_PATHS.detail, row.companyId)}>
                {row.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {messages.detail.sharedItems(row.items)}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function CompanyItemList({ companyId }: { companyId: number }) {
  const { api } = useAppServices();
  const [pageNumber, setPageNumber] = useState(1);
  const [predicted, setPredicted] = useState<CompanyHistoryItem | null>(null);
  const history = useGatedData(
    (signal) => api.companyHistory({ companyId, pageNumber }, gatedCallOptions(signal)),
    [api, companyId, pageNumber],
  );
  return (
    <>
      <DataState state={history}>
        {(page) => (
          <CompanyItems
            page={page}
            onPage={setPageNumber}
            action={(item) =>
              isPredictable(item.type) ? (
                <Button size="compact-xs" variant="subtle" onClick={() => setPredicted(item)}>
                  {messages.detail.predict}
                </Button>
              ) : null
            }
          />
        )}
      </DataState>
      <Modal
        opened={predicted !== null}
        onClose={() => setPredicted(null)}
        title={predicted ? messages.detail.predictTitle(predicted.title) : ''}
        size="xl"
      >
        {predicted && <BidderPredictionPanel itemId={predicted.id} />}
      </Modal>
    </>
  );
}

/** A section whose call costs a use: it runs only when the member asks for it. */
function OnDemandSection({
  title,
  button,
  children,
}: {
  title: string;
  button: string;
  children: React.ReactNode;
}) {
  const [opened, setOpened] = useState(false);
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {opened ? (
        children
      ) : (
        <Button variant="light" onClick={() => setOpened(true)}>
          {button}
        </Button>
      )}
    </Paper>
  );
}

function PartnerLists({ companyId }: { companyId: number }) {
  const { api } = useAppServices();
  const partners = useGatedData(
    (signal) => api.companyPartners({ companyId }, gatedCallOptions(signal)),
    [api, companyId],
  );
  return (
    <DataState state={partners}>
      {(data: Partners) => (
        <Stack gap="sm">
          <QuotaText permission={data.permission} />
          <RelatedList
            title={messages.detail.suppliers}
            rows={data.suppliers}
            empty={messages.detail.partnersEmpty}
          />
          <RelatedList
            title={messages.detail.owners}
            rows={data.owners}
            empty={messages.detail.partnersEmpty}
          />
          <RelatedList
            title={messages.detail.agencies}
            rows={data.agencies}
            empty={messages.detail.partnersEmpty}
          />
        </Stack>
      )}
    </DataState>
  );
}

function PhoneBook({ companyId }: { companyId: number }) {
  const { api } = useAppServices();
  const phoneBook = useGatedData(
    (signal) => api.companyPhoneBook({ companyId }, gatedCallOptions(signal)),
    [api, companyId],
  );
  return (
    <DataState state={phoneBook}>
      {(data) => (
        <Stack gap="sm">
          <QuotaText permission={data.permission} />
          {data.entries.length === 0 ? (
            <Text c="dimmed">{messages.detail.phoneBookEmpty}</Text>
          ) : (
            <Table striped aria-label={messages.detail.phoneBook}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{messages.detail.contactName}</Table.Th>
                  <Table.Th>{messages.detail.contactPhone}</Table.Th>
                  <Table.Th>{messages.detail.address}</Table.Th>
                  <Table.Th>{messages.detail.lastSeen}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.entries.map((entry) => (
                  <Table.Tr key={entry.contactPhone}>
                    <Table.Td>{entry.contactName ?? '-'}</Table.Td>
                    <Table.Td>{entry.contactPhone}</Table.Td>
                    <Table.Td>{entry.address ?? '-'}</Table.Td>
                    <Table.Td>{entry.lastSeenDate}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      )}
    </DataState>
  );
}

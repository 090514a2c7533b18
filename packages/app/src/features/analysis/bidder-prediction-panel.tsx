import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { EndpointResponse, toubiaoForecastListEndpoint } from '@tender/contracts';
import { ListPagination } from '@tender/ui-kit';
import { Fragment, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { COMPANY_PATHS, companyLink, itemLink } from '../companies/company-route';
import { messages } from './messages';

type Forecast = EndpointResponse<typeof toubiaoForecastListEndpoint>;
type PredictedBidder = Forecast['records'][number];

/** The types a prediction is made for: what is still to be awarded (招标, 更正, 预告, 意向). */
const PREDICTABLE_TYPES: readonly string[] = ['zb', 'bg', 'yg', 'yx'];

export function isPredictable(typeCode: string): boolean {
  return PREDICTABLE_TYPES.includes(typeCode);
}

export interface BidderPredictionPanelProps {
  /** The tender item (its type one of zb, bg, yg, yx). */
  itemId: number;
}

/**
 * 潜在投标人预测 (spec §7 toubiao-forecast/list): the companies most likely to bid on a tender, ranked by their
 * similar past wins, each with its evidence on demand. Costs toubiaoPredict once per item per day; a refusal opens
 * the layout's permission dialog and the panel says so. Reusable by any screen inside the main layout.
 */
export function BidderPredictionPanel({ itemId }: BidderPredictionPanelProps) {
  const { api } = useAppServices();
  const [pageNumber, setPageNumber] = useState(1);
  const forecast = useGatedData(
    (signal) => api.toubiaoForecastList({ id: itemId, pageNumber }, gatedCallOptions(signal)),
    [api, itemId, pageNumber],
  );
  return (
    <Stack gap="sm" role="region" aria-label={messages.prediction.title}>
      <DataState state={forecast}>
        {(data) => <ForecastTable itemId={itemId} forecast={data} onPage={setPageNumber} />}
      </DataState>
    </Stack>
  );
}

function ForecastTable({
  itemId,
  forecast,
  onPage,
}: {
  itemId: number;
  forecast: Forecast;
  onPage(page: number): void;
}) {
  const [opened, setOpened] = useState<number | null>(null);
  const { permission } = forecast;
  return (
    <>
      <Group gap="md">
        <Text size="sm">{messages.prediction.keywords(forecast.keywords.join('、') || '-')}</Text>
        <Text size="sm" c="dimmed">
          {messages.prediction.similar(forecast.similarItems)}
        </Text>
        <Text size="xs" c="dimmed">
          {messages.prediction.quota(permission.used, permission.limit)}
        </Text>
      </Group>
      {forecast.records.length === 0 ? (
        <Text c="dimmed">{messages.prediction.empty}</Text>
      ) : (
        <>
          <Table striped aria-label={messages.prediction.title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{messages.prediction.rank}</Table.Th>
                <Table.Th>{messages.prediction.company}</Table.Th>
                <Table.Th ta="right">{messages.prediction.score}</Table.Th>
                <Table.Th ta="right">{messages.prediction.wins}</Table.Th>
                <Table.Th ta="right">{messages.prediction.sameRegion}</Table.Th>
                <Table.Th ta="right">{messages.prediction.samePurchaser}</Table.Th>
                <Table.Th>{messages.prediction.lastWin}</Table.Th>
                <Table.Th>{messages.prediction.evidence}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {forecast.records.map((bidder) => (
                <Fragment key={bidder.companyId}>
                  <BidderRow
                    bidder={bidder}
                    opened={opened === bidder.companyId}
                    onToggle={() => setOpened(opened === bidder.companyId ? null : bidder.companyId)}
                  />
                  {opened === bidder.companyId && (
                    <Table.Tr>
                      <Table.Td colSpan={8}>
                        <BidderEvidence itemId={itemId} bidder={bidder} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
          <ListPagination
            total={forecast.total}
            page={forecast.pageNumber}
            pageSize={forecast.pageSize}
            maxPages={100}
            listKind="potential-customer"
            onChange={onPage}
          />
        </>
      )}
    </>
  );
}

function BidderRow({
  bidder,
  opened,
  onToggle,
}: {
  bidder: PredictedBidder;
  opened: boolean;
  onToggle(): void;
}) {
  return (
    <Table.Tr>
      <Table.Td>{bidder.rank}</Table.Td>
      <Table.Td>
        <Anchor component={Link} size="sm" {...companyLink(COMPANY_PATHS.detail, bidder.companyId)}>
          {bidder.name}
        </Anchor>
      </Table.Td>
      <Table.Td ta="right">{bidder.score}</Table.Td>
      <Table.Td ta="right">{bidder.wins}</Table.Td>
      <Table.Td ta="right">{bidder.sameRegionWins}</Table.Td>
      <Table.Td ta="right">{bidder.samePurchaserWins}</Table.Td>
      <Table.Td>{bidder.lastWinDate}</Table.Td>
      <Table.Td>
        <Button size="compact-xs" variant="subtle" onClick={onToggle} aria-expanded={opened}>
          {opened ? messages.prediction.hideEvidence : messages.prediction.showEvidence}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

/** One bidder's similar past wins (spec §7 toubiao/list; the same item's use is not charged again). */
function BidderEvidence({ itemId, bidder }: { itemId: number; bidder: PredictedBidder }) {
  const { api } = useAppServices();
  const evidence = useGatedData(
    (signal) => api.toubiaoList({ id: itemId, companyId: bidder.companyId }, gatedCallOptions(signal)),
    [api, itemId, bidder.companyId],
  );
  return (
    <DataState state={evidence}>
      {(data) => (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.records.map((win) => (
            <Group component="li" key={win.id} gap="xs" wrap="wrap">
              <Anchor component={Link} size="sm" {...itemLink({ id: win.id, type: 'jg' })}>
                {win.title}
              </Anchor>
              <Text size="xs" c="dimmed">
                {win.publishDate} {win.purchaserName ?? ''} {win.amountWanYuanText ?? ''}
              </Text>
              {win.matched.map((reason) => (
                <Badge key={reason} size="xs" variant="light">
                  {messages.prediction.matched[reason]}
                </Badge>
              ))}
            </Group>
          ))}
        </Stack>
      )}
    </DataState>
  );
}

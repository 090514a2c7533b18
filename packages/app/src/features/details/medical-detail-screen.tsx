import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { EndpointResponse, MedicalDevice, selMedicalDetailsEndpoint } from '@tender/contracts';
import { PageTable, type PageTableColumn } from '@tender/ui-kit';
import { useAppServices } from '../../shell/app-context';
import { DataState } from '../../shell/data-state';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import { DetailSection } from './detail-fields';
import { detailLink } from './detail-routes';
import { ItemIdScreen } from './item-id-screen';
import { messages } from './messages';

type MedicalDetail = EndpointResponse<typeof selMedicalDetailsEndpoint>;
type RegisterDate = MedicalDetail['registerDates'][number];

const t = messages.medical;
const orDash = (value: string | null) => value ?? '-';

const DEVICE_COLUMNS: readonly PageTableColumn<MedicalDevice>[] = [
  { key: 'name', title: t.columns.name, minWidth: 180, render: (device) => orDash(device.name) },
  { key: 'brand', title: t.columns.brand, width: 100, render: (device) => orDash(device.brand) },
  { key: 'model', title: t.columns.model, width: 130, render: (device) => orDash(device.model) },
  { key: 'quantity', title: t.columns.quantity, width: 80, render: (device) => orDash(device.quantity) },
  { key: 'registrationNumber', title: t.columns.registrationNumber, width: 190, nowrap: true },
  { key: 'holder', title: t.columns.holder, minWidth: 200, render: (device) => orDash(device.holder) },
  {
    key: 'authority',
    title: t.columns.registration,
    minWidth: 220,
    render: (device) =>
      t.registration(device.authority, device.origin, device.managementClass, device.approvalYear),
  },
  {
    key: 'approvedOn',
    title: t.columns.approvedOn,
    width: 120,
    nowrap: true,
    render: (d) => orDash(d.approvedOn),
  },
  {
    key: 'validUntil',
    title: t.columns.validUntil,
    width: 120,
    nowrap: true,
    render: (d) => orDash(d.validUntil),
  },
];

const DATE_COLUMNS: readonly PageTableColumn<RegisterDate>[] = [
  { key: 'date', title: t.columns.date, width: 120, nowrap: true },
  { key: 'kind', title: t.columns.kind, width: 100 },
  { key: 'registrationNumber', title: t.columns.registrationNumber, width: 190, nowrap: true },
  { key: 'name', title: t.columns.name, minWidth: 180, render: (entry) => orDash(entry.name) },
];

/**
 * 医疗详情 (/medicalDetail?id=, spec §2 menus "medical detail", §3 Medical state): the devices a medical-equipment
 * notice buys and their 医疗器械注册证 facts, and the register date list. The server reads them and gates the view
 * as the notice's detail (one use per item per day for both); without an id the screen says where to start.
 */
export function MedicalDetailScreen() {
  return <ItemIdScreen noItem={t.noItem}>{(id) => <MedicalDetailOf id={id} />}</ItemIdScreen>;
}

function MedicalDetailOf({ id }: { id: number }) {
  const { api } = useAppServices();
  const medical = useGatedData(
    (signal) => api.selMedicalDetails({ id }, gatedCallOptions(signal)),
    [api, id],
  );
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t.title}
      </Title>
      <DataState state={medical}>{(data) => <MedicalBody medical={data} />}</DataState>
    </Stack>
  );
}

function MedicalBody({ medical }: { medical: MedicalDetail }) {
  return (
    <>
      <Paper withBorder p="md" component="section" aria-label={t.notice}>
        <Anchor component={Link} {...detailLink({ id: medical.id, type: medical.type })} fw={600}>
          {medical.title}
        </Anchor>
        <Text size="sm" c="dimmed">
          {t.published(medical.publishDate)}
        </Text>
        {medical.sources.some((source) => source.id !== medical.id) && (
          <Text size="sm" mt="xs">
            {t.fromOthers}
            {medical.sources
              .filter((source) => source.id !== medical.id)
              .map((source) => (
                <Anchor key={source.id} component={Link} {...detailLink(source)} mr="sm">
                  {source.title}
                </Anchor>
              ))}
          </Text>
        )}
      </Paper>
      <DetailSection label={t.devices}>
        <PageTable
          ariaLabel={t.devices}
          columns={DEVICE_COLUMNS}
          rows={medical.devices}
          rowKey="registrationNumber"
          emptyText={medical.isMedical ? t.noRegistration : t.notMedical}
        />
      </DetailSection>
      <DetailSection label={t.registerDates}>
        <PageTable
          ariaLabel={t.registerDates}
          columns={DATE_COLUMNS}
          rows={medical.registerDates.map((entry) => ({
            ...entry,
            key: `${entry.registrationNumber}-${entry.kind}`,
          }))}
          rowKey="key"
          emptyText={t.noDates}
        />
      </DetailSection>
    </>
  );
}

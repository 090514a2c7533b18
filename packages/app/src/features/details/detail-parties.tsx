import { Button, Group, Table, Text } from '@mantine/core';
import type { DetailParty, ItemDetail } from '@tender/contracts';
import { amountText, DetailSection } from './detail-fields';
import { messages } from './messages';

/** 中标信息: winners and candidates by lot (and rank), each with its amount. */
export function AwardResults({ detail }: { detail: ItemDetail }) {
  const rows = [...detail.winners, ...detail.candidates];
  if (!rows.length) return null;
  const r = messages.results;
  return (
    <DetailSection label={messages.regions.results}>
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{r.lot}</Table.Th>
            <Table.Th>{r.role}</Table.Th>
            <Table.Th>{r.company}</Table.Th>
            <Table.Th>{r.amount}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((party) => (
            <Table.Tr key={`${party.role}-${party.lot}-${party.rank ?? ''}-${party.companyId}`}>
              <Table.Td>{party.lot || r.singleLot}</Table.Td>
              <Table.Td>
                {party.roleName}
                {party.rank !== null && ` ${r.rank(party.rank)}`}
              </Table.Td>
              <Table.Th scope="row" fw={400}>
                {party.name}
              </Table.Th>
              <Table.Td>{amountText(party.amount) ?? '-'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </DetailSection>
  );
}

const hasContact = (party: DetailParty) => Boolean(party.contactName || party.contactPhone || party.address);

export interface DetailContactsProps {
  detail: ItemDetail;
  /** Announcements without the right: open the membership modal. */
  onOpenMembership(): void;
  /** 拟建/审批 without the right: unlock this item's contacts (spends watchDesignedProjectConnector). */
  onUnlock(): void;
}

/**
 * 联系方式: the parties' contacts exactly as the server answers them — masked (`138****1234`, `王**`) unless
 * `contactVisible` (docs/business-rules.md "Contacts and phone numbers are masked").
 */
export function DetailContacts({ detail, onOpenMembership, onUnlock }: DetailContactsProps) {
  const parties = [...detail.purchasers, ...detail.agencies, ...detail.winners].filter(hasContact);
  const c = messages.contacts;
  const isProject = detail.project !== null;
  return (
    <DetailSection label={messages.regions.contacts}>
      {parties.length ? (
        <Table withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{c.company}</Table.Th>
              <Table.Th>{c.role}</Table.Th>
              <Table.Th>{c.name}</Table.Th>
              <Table.Th>{c.phone}</Table.Th>
              <Table.Th>{c.address}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {parties.map((party) => (
              <Table.Tr key={`${party.role}-${party.lot}-${party.companyId}`}>
                <Table.Th scope="row" fw={400}>
                  {party.name}
                </Table.Th>
                <Table.Td>{party.roleName}</Table.Td>
                <Table.Td>{party.contactName ?? '-'}</Table.Td>
                <Table.Td>{party.contactPhone ?? '-'}</Table.Td>
                <Table.Td>{party.address ?? '-'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          {c.none}
        </Text>
      )}
      {!detail.contactVisible && (
        <Group mt="sm" gap="sm">
          <Text size="sm" c="dimmed">
            {isProject ? c.maskedForProject : c.maskedForMember}
          </Text>
          <Button size="xs" variant="light" onClick={isProject ? onUnlock : onOpenMembership}>
            {isProject ? c.unlock : c.openMembership}
          </Button>
        </Group>
      )}
    </DetailSection>
  );
}

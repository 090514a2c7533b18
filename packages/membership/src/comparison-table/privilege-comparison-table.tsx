import { Table } from '@mantine/core';
import type { MemberLevel } from '@tender/contracts';
import { Fragment, useMemo } from 'react';
import { messages } from '../messages';
import { type ComparisonFeatures, privilegeComparisonRows } from './privilege-comparison';

export interface PrivilegeComparisonTableProps {
  /** The levels to compare, as `memberList` answers them (putong included), lowest first. */
  levels: readonly MemberLevel[];
  /** The brand flags (a BrandManifest's `flags`): rows of hidden features are left out. */
  features: ComparisonFeatures;
  /** The level being bought: its column is highlighted. */
  selectedMemberCode?: string;
}

/** spec §2 Membership modal: the privilege comparison table, one column per level, grouped rows. */
export function PrivilegeComparisonTable({
  levels,
  features,
  selectedMemberCode,
}: PrivilegeComparisonTableProps) {
  const rows = useMemo(() => privilegeComparisonRows(levels, features), [levels, features]);
  return (
    <Table withTableBorder withColumnBorders striped fz="xs" aria-label={messages.modal.comparison}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{messages.comparison.privilege}</Table.Th>
          {levels.map((level) => (
            <Table.Th
              key={level.memberCode}
              bg={level.memberCode === selectedMemberCode ? 'var(--mantine-primary-color-light)' : undefined}
            >
              {level.memberName}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row, index) => (
          <Fragment key={row.key}>
            {rows[index - 1]?.group !== row.group && (
              <Table.Tr>
                <Table.Th colSpan={levels.length + 1}>{row.group}</Table.Th>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {row.label}
              </Table.Th>
              {row.cells.map((cell, column) => (
                <Table.Td key={levels[column]?.memberCode}>{cell}</Table.Td>
              ))}
            </Table.Tr>
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
}

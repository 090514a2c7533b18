import { Table } from '@mantine/core';
import { Fragment } from 'react';
import type { PrivilegeTable } from '../membership-api';
import { messages } from '../messages';

export interface PrivilegeComparisonTableProps {
  /**
   * The table as the server words it (`memberPrivilegeList`): one column per level, rows of the features the
   * brand hides already left out. The server is the one place that words privilege values.
   */
  table: PrivilegeTable;
  /** The level being bought: its column is highlighted. */
  selectedMemberCode?: string;
}

/** spec §2 Membership modal: the privilege comparison table, one column per level, grouped rows. */
export function PrivilegeComparisonTable({ table, selectedMemberCode }: PrivilegeComparisonTableProps) {
  const { levels, rows } = table;
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
          <Fragment key={row.label}>
            {rows[index - 1]?.group !== row.group && (
              <Table.Tr>
                <Table.Th colSpan={levels.length + 1}>{row.group}</Table.Th>
              </Table.Tr>
            )}
            <Table.Tr>
              <Table.Th scope="row" fw={400}>
                {row.label}
              </Table.Th>
              {row.values.map((cell) => (
                <Table.Td key={cell.memberCode}>{cell.text}</Table.Td>
              ))}
            </Table.Tr>
          </Fragment>
        ))}
      </Table.Tbody>
    </Table>
  );
}

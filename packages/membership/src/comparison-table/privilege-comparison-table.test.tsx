import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { privilegeTable } from '../test/membership-fixtures';
import { renderWithKit } from '../test/render';
import { PrivilegeComparisonTable } from './privilege-comparison-table';

describe('PrivilegeComparisonTable', () => {
  it("shows one column per level, each group once and the server's cells", () => {
    renderWithKit(<PrivilegeComparisonTable table={privilegeTable} selectedMemberCode="qiye" />);
    const table = screen.getByRole('table', { name: '会员权益对比' });
    const headers = [...table.querySelectorAll('thead th')].map((cell) => cell.textContent);
    expect(headers).toEqual(['会员权益', '普通用户', '投标通', '企业通', '企业版']);
    const row = within(table).getByRole('rowheader', { name: '采购意向' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['不支持', '不支持', '50条/天', '无限']);
    const subscriptions = within(table)
      .getByRole('rowheader', { name: '招标订阅' })
      .closest('tr') as HTMLElement;
    expect(within(subscriptions).getAllByRole('cell')[3]).toHaveTextContent('50组，每组20个词');
    expect(within(table).getAllByRole('columnheader', { name: '每日可查看信息' })).toHaveLength(1);
    expect(within(table).getAllByRole('columnheader', { name: '订阅' })).toHaveLength(1);
  });
});

import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { PageTable, type PageTableColumn, type PageTableSort, sortRows } from './page-table';

interface Notice {
  id: number;
  title: string;
  budget: number | null;
  area: string;
  publishDate: string;
}

const rows: Notice[] = [
  { id: 1, title: '某医院医疗设备采购项目', budget: 320, area: '广东省', publishDate: '2026-03-02' },
  { id: 2, title: '市政道路维修工程', budget: null, area: '', publishDate: '2026-03-05' },
  { id: 3, title: '学校食堂食材配送服务', budget: 45, area: '湖南省', publishDate: '2026-03-01' },
  { id: 4, title: '办公楼物业管理服务', budget: 1280, area: '北京市', publishDate: '2026-03-04' },
];

const columns: PageTableColumn<Notice>[] = [
  { key: 'title', title: '项目名称', width: 320 },
  { key: 'budget', title: '预算（万元）', sortable: true, align: 'right' },
  { key: 'area', title: '地区' },
  { key: 'publishDate', title: '发布时间', sortable: true },
];

const titles = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

describe('PageTable', () => {
  it('shows a header and one row per item, with - for empty cells', () => {
    renderWithKit(<PageTable columns={columns} rows={rows} rowKey="id" ariaLabel="招标公告" />);
    const table = screen.getByRole('table', { name: '招标公告' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['项目名称', '预算（万元）', '地区', '发布时间']);
    const road = within(table).getByRole('row', { name: /市政道路维修工程/ });
    expect(
      within(road)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['市政道路维修工程', '-', '-', '2026-03-05']);
  });

  it('cycles a sortable column ascending → descending → none on each click, sorting local rows', async () => {
    const onSortChange = vi.fn();
    const { user } = renderWithKit(
      <PageTable columns={columns} rows={rows} rowKey="id" sortMode="local" onSortChange={onSortChange} />,
    );
    const budget = () => header('预算');
    expect(budget()).toHaveAttribute('aria-sort', 'none');
    await user.click(within(budget()).getByRole('button'));
    expect(budget()).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()).toEqual([
      '学校食堂食材配送服务',
      '某医院医疗设备采购项目',
      '办公楼物业管理服务',
      '市政道路维修工程',
    ]);
    await user.click(within(budget()).getByRole('button'));
    expect(budget()).toHaveAttribute('aria-sort', 'descending');
    expect(titles()).toEqual([
      '办公楼物业管理服务',
      '某医院医疗设备采购项目',
      '学校食堂食材配送服务',
      '市政道路维修工程',
    ]);
    await user.click(within(budget()).getByRole('button'));
    expect(budget()).toHaveAttribute('aria-sort', 'none');
    expect(titles()).toEqual(rows.map((row) => row.title));
    await user.click(within(budget()).getByRole('button'));
    expect(budget()).toHaveAttribute('aria-sort', 'ascending');
    expect(onSortChange.mock.calls.map(([sort]) => sort.order)).toEqual(['asc', 'desc', 'none', 'asc']);
  });

  it('starts another column at ascending and clears the first', async () => {
    const { user } = renderWithKit(<PageTable columns={columns} rows={rows} rowKey="id" sortMode="local" />);
    await user.click(within(header('预算')).getByRole('button'));
    await user.click(within(header('预算')).getByRole('button'));
    await user.click(within(header('发布时间')).getByRole('button'));
    expect(header('预算')).toHaveAttribute('aria-sort', 'none');
    expect(header('发布时间')).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()[0]).toBe('学校食堂食材配送服务');
  });

  it('sorts from the keyboard', async () => {
    const { user } = renderWithKit(<PageTable columns={columns} rows={rows} rowKey="id" sortMode="local" />);
    within(header('发布时间')).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header('发布时间')).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard(' ');
    expect(header('发布时间')).toHaveAttribute('aria-sort', 'descending');
    expect(titles()[0]).toBe('市政道路维修工程');
  });

  it('leaves the order to the caller in server mode, reporting the sort', async () => {
    function ServerList() {
      const [sort, setSort] = useState<PageTableSort>({ key: '', order: 'none' });
      const [asked, setAsked] = useState('');
      return (
        <>
          <PageTable
            columns={columns}
            rows={rows}
            rowKey="id"
            sort={sort}
            onSortChange={(next) => {
              setSort(next);
              setAsked(`${next.key}:${next.order}`);
            }}
          />
          <output>{asked}</output>
        </>
      );
    }
    const { user } = renderWithKit(<ServerList />);
    await user.click(within(header('预算')).getByRole('button'));
    expect(screen.getByText('budget:asc')).toBeInTheDocument();
    expect(header('预算')).toHaveAttribute('aria-sort', 'ascending');
    expect(titles()).toEqual(rows.map((row) => row.title));
  });

  it('gives every column a minimum width of 80 px unless told otherwise', () => {
    renderWithKit(
      <PageTable
        columns={[...columns.slice(0, 3), { key: 'publishDate', title: '发布时间', minWidth: 120 }]}
        rows={rows}
        rowKey="id"
      />,
    );
    expect(header('地区')).toHaveStyle({ minWidth: '80px' });
    expect(header('发布时间')).toHaveStyle({ minWidth: '120px' });
  });

  it('shows 暂无数据 without rows, and the pager under the table', () => {
    renderWithKit(
      <PageTable columns={columns} rows={[]} rowKey="id" pagination={{ total: 0, page: 1, onChange() {} }} />,
    );
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    expect(screen.getByText('共找到 0 条数据')).toBeInTheDocument();
  });

  it('pages with its pager', async () => {
    const onChange = vi.fn();
    const { user } = renderWithKit(
      <PageTable columns={columns} rows={rows} rowKey="id" pagination={{ total: 100, page: 1, onChange }} />,
    );
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});

describe('sortRows', () => {
  it('keeps empty values last in both directions and keeps ties in their order', () => {
    const asc = sortRows(rows, columns, { key: 'budget', order: 'asc' }).map((row) => row.id);
    const desc = sortRows(rows, columns, { key: 'budget', order: 'desc' }).map((row) => row.id);
    expect(asc).toEqual([3, 1, 4, 2]);
    expect(desc).toEqual([4, 1, 3, 2]);
    const ties = [
      { id: 1, budget: 5 },
      { id: 2, budget: 5 },
    ];
    expect(sortRows(ties, [{ key: 'budget', title: '' }], { key: 'budget', order: 'desc' })).toEqual(ties);
  });

  it('orders text in Chinese order with numbers read as numbers', () => {
    const items = [{ name: '第10标段' }, { name: '第2标段' }, { name: '第1标段' }];
    const sorted = sortRows(items, [{ key: 'name', title: '' }], { key: 'name', order: 'asc' });
    expect(sorted.map((item) => item.name)).toEqual(['第1标段', '第2标段', '第10标段']);
  });
});

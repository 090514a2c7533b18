import { Anchor } from '@mantine/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PageTable, type PageTableColumn } from './page-table';

interface Notice {
  id: number;
  title: string;
  type: string;
  budget: number | null;
  area: string;
  publishDate: string;
}

const types = ['招标公告', '中标公告', '采购意向', '招标预告'];
const areas = ['广东省', '湖南省', '北京市', '', '浙江省', '四川省'];
const subjects = [
  '医疗设备采购',
  '道路维修工程',
  '食堂食材配送',
  '物业管理服务',
  '信息化系统建设',
  '绿化养护',
];

const notices: Notice[] = Array.from({ length: 60 }, (_, index) => ({
  id: index + 1,
  title: `${areas[index % areas.length] || '某市'}${subjects[index % subjects.length]}项目（第${index + 1}标段）`,
  type: types[index % types.length] ?? '招标公告',
  budget: index % 7 === 3 ? null : ((index * 37) % 900) + 12,
  area: areas[index % areas.length] ?? '',
  publishDate: `2026-03-${String((index % 28) + 1).padStart(2, '0')}`,
}));

const columns: PageTableColumn<Notice>[] = [
  {
    key: 'title',
    title: '项目名称',
    minWidth: 320,
    render: (row) => (
      <Anchor size="sm" href="#" onClick={(event) => event.preventDefault()}>
        {row.title}
      </Anchor>
    ),
  },
  { key: 'type', title: '信息类型' },
  { key: 'budget', title: '预算（万元）', sortable: true, align: 'right' },
  { key: 'area', title: '地区' },
  { key: 'publishDate', title: '发布时间', sortable: true, minWidth: 110 },
];

const meta = {
  title: 'ui-kit/PageTable',
  component: PageTable<Notice>,
  args: { columns, rows: notices.slice(0, 20), rowKey: 'id', sortMode: 'local', maxHeight: 420 },
} satisfies Meta<typeof PageTable<Notice>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click 预算 or 发布时间: ascending, descending, then back to the original order. Empty cells show '-'. */
export const LocalSort: Story = {};

export const WithPagination: Story = {
  render: function Render(args) {
    const [page, setPage] = useState(1);
    return (
      <PageTable
        {...args}
        rows={notices.slice((page - 1) * 20, page * 20)}
        pagination={{ total: notices.length, page, onChange: setPage }}
      />
    );
  },
};

export const Loading: Story = { args: { loading: true } };

export const Empty: Story = { args: { rows: [] } };

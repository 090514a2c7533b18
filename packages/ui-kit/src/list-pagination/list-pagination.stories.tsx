import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { fn } from 'storybook/test';
import { ListPagination, type ListPaginationProps } from './list-pagination';

const meta = {
  title: 'ui-kit/ListPagination',
  component: ListPagination,
  args: { total: 1234, page: 1, onChange: fn(), contactPhone: '400-012-6688' },
  render: function Render(args: ListPaginationProps) {
    const [page, setPage] = useState(args.page);
    return (
      <ListPagination
        {...args}
        page={page}
        onChange={(next) => {
          args.onChange(next);
          setPage(next);
        }}
      />
    );
  },
} satisfies Meta<typeof ListPagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Press 下一页 to reach page 50: the toast says at most 50 pages can be viewed. */
export const NearThe50PageCap: Story = { args: { total: 50_000, page: 48 } };

/** Ten items a page, five pages: the last page says how many items can be viewed, with the contact phone. */
export const ItemCapWithPhone: Story = { args: { total: 500, pageSize: 10, maxPages: 5, page: 4 } };

export const CappedTotal: Story = { args: { total: 123_456 } };

export const CustomerListCap: Story = { args: { total: 3000, listKind: 'potential-customer' } };

export const Symbols: Story = { args: { symbols: true, total: 300, page: 3 } };

export const Empty: Story = { args: { total: 0 } };

import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithKit } from '../test/render';
import { ListPagination, type ListPaginationProps } from './list-pagination';

/** A pager that keeps its page, as a list screen does; `onChange` sees every choice. */
function Pager({
  initialPage = 1,
  ...props
}: Omit<ListPaginationProps, 'page' | 'onChange'> & {
  initialPage?: number;
  onChange?(page: number): void;
}) {
  const [page, setPage] = useState(initialPage);
  return (
    <ListPagination
      {...props}
      page={page}
      onChange={(next) => {
        props.onChange?.(next);
        setPage(next);
      }}
    />
  );
}

const pageButtons = () =>
  screen.getAllByRole('button', { name: /^第 \d+ 页$/ }).map((button) => Number(button.textContent));
const currentPage = () => screen.getByRole('button', { current: 'page' }).textContent;
const jumpBox = () => screen.getByRole('textbox', { name: '跳转到' });

describe('ListPagination', () => {
  it('shows 共找到 N 条数据, capped at 10000+ and at 2000+ for customer lists', () => {
    const { rerender } = renderWithKit(<ListPagination total={1234} page={1} onChange={() => {}} />);
    expect(screen.getByText('共找到 1234 条数据')).toBeInTheDocument();
    rerender(<ListPagination total={10_001} page={1} onChange={() => {}} />);
    expect(screen.getByText('共找到 10000+ 条数据')).toBeInTheDocument();
    rerender(<ListPagination total={2001} listKind="potential-customer" page={1} onChange={() => {}} />);
    expect(screen.getByText('共找到 2000+ 条数据')).toBeInTheDocument();
  });

  it('shows 上一页, five page buttons around the current page and 下一页', () => {
    renderWithKit(<ListPagination total={5000} page={10} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '上一页' })).toHaveTextContent('上一页');
    expect(screen.getByRole('button', { name: '下一页' })).toHaveTextContent('下一页');
    expect(pageButtons()).toEqual([8, 9, 10, 11, 12]);
    expect(currentPage()).toBe('10');
    expect(screen.getByText('跳转到')).toBeInTheDocument();
    expect(screen.getByText('页')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '确定' })).toBeInTheDocument();
  });

  it('uses symbols instead of 上一页 / 下一页 when asked, keeping their names', () => {
    renderWithKit(<ListPagination symbols total={100} page={2} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '上一页' })).toHaveTextContent('‹');
    expect(screen.getByRole('button', { name: '下一页' })).toHaveTextContent('›');
  });

  it('moves with 上一页, 下一页 and the page buttons, and stops at the ends', async () => {
    const onChange = vi.fn();
    const { user } = renderWithKit(<Pager total={95} onChange={onChange} />);
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '下一页' }));
    await user.click(screen.getByRole('button', { name: '第 5 页' }));
    expect(currentPage()).toBe('5');
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: '上一页' }));
    expect(onChange.mock.calls).toEqual([[2], [5], [4]]);
  });

  it('is usable with the keyboard alone', async () => {
    const onChange = vi.fn();
    const { user } = renderWithKit(<Pager total={200} onChange={onChange} />);
    screen.getByRole('button', { name: '第 3 页' }).focus();
    await user.keyboard('{Enter}');
    await user.click(jumpBox());
    await user.keyboard('7{Enter}');
    expect(onChange.mock.calls).toEqual([[3], [7]]);
  });

  describe('the jump box', () => {
    it('goes to the typed page with 确定 or Enter', async () => {
      const onChange = vi.fn();
      const { user } = renderWithKit(<Pager total={1000} onChange={onChange} />);
      await user.type(jumpBox(), '12');
      await user.click(screen.getByRole('button', { name: '确定' }));
      expect(currentPage()).toBe('12');
      await user.clear(jumpBox());
      await user.type(jumpBox(), '3页{Enter}');
      expect(onChange.mock.calls).toEqual([[12], [3]]);
    });

    it('goes to page 1 when the box is empty or not a number', async () => {
      const onChange = vi.fn();
      const { user } = renderWithKit(<Pager total={1000} initialPage={6} onChange={onChange} />);
      await user.click(screen.getByRole('button', { name: '确定' }));
      expect(currentPage()).toBe('1');
      await user.click(screen.getByRole('button', { name: '第 4 页' }));
      await user.clear(jumpBox());
      await user.type(jumpBox(), 'abc{Enter}');
      expect(onChange.mock.calls).toEqual([[1], [4], [1]]);
      expect(jumpBox()).toHaveValue('1');
    });

    it('caps the page at the last available one', async () => {
      const onChange = vi.fn();
      const { user } = renderWithKit(<Pager total={95} onChange={onChange} />);
      await user.type(jumpBox(), '99{Enter}');
      expect(onChange).toHaveBeenCalledWith(5);
      expect(jumpBox()).toHaveValue('5');
    });
  });

  describe('the page-limit toasts', () => {
    it('says at most 50 pages can be viewed on reaching page 50 with the default limits', async () => {
      const { user } = renderWithKit(<Pager total={50_000} initialPage={49} contactPhone="400-012-3456" />);
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '下一页' }));
      expect(screen.getByRole('status')).toHaveTextContent('最多只能查看前50页数据');
      expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
    });

    it('caps a jump beyond page 50 there, with the toast', async () => {
      const onChange = vi.fn();
      const { user } = renderWithKit(<Pager total={50_000} onChange={onChange} />);
      await user.type(jumpBox(), '80{Enter}');
      expect(onChange).toHaveBeenCalledWith(50);
      expect(screen.getByRole('status')).toHaveTextContent('最多只能查看前50页数据');
    });

    it('says how many items can be viewed, with the contact phone, on the last allowed page', async () => {
      const { user } = renderWithKit(
        <Pager total={500} pageSize={10} maxPages={5} initialPage={4} contactPhone="400-012-3456" />,
      );
      await user.click(screen.getByRole('button', { name: '第 5 页' }));
      expect(screen.getByRole('status')).toHaveTextContent(
        '最多可查看50条数据，如需查看更多数据，请联系客服：400-012-3456',
      );
    });

    it('leaves the phone out when the brand has none', async () => {
      const { user } = renderWithKit(<Pager total={500} pageSize={10} maxPages={5} initialPage={4} />);
      await user.click(screen.getByRole('button', { name: '下一页' }));
      expect(screen.getByRole('status')).toHaveTextContent(/^最多可查看50条数据$/);
    });

    it('says nothing at the natural end of a short list', async () => {
      const { user } = renderWithKit(<Pager total={95} initialPage={4} contactPhone="400-012-3456" />);
      await user.click(screen.getByRole('button', { name: '下一页' }));
      expect(currentPage()).toBe('5');
      expect(screen.queryByRole('status')).not.toBeInTheDocument();
    });

    it('stays 3 s, long enough to read the phone', () => {
      vi.useFakeTimers();
      try {
        renderWithKit(<Pager total={50_000} initialPage={49} />);
        fireEvent.click(screen.getByRole('button', { name: '下一页' }));
        act(() => vi.advanceTimersByTime(2999));
        expect(screen.getByRole('status')).toBeInTheDocument();
        act(() => vi.advanceTimersByTime(1));
        expect(screen.queryByRole('status')).not.toBeInTheDocument();
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('shows only the count for an empty list', () => {
    renderWithKit(<ListPagination total={0} page={1} onChange={() => {}} />);
    const nav = screen.getByRole('navigation', { name: '分页' });
    expect(within(nav).getByText('共找到 0 条数据')).toBeInTheDocument();
    expect(within(nav).queryByRole('button')).not.toBeInTheDocument();
  });
});

import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type PageLoader, usePagedRecords } from './use-paged-records';

/** A loader whose answers the test gives by hand, one per call, and which records the calls and their signals. */
function manualLoader() {
  const calls: { pageNumber: number; signal: AbortSignal; answer(records: string[]): void; fail(): void }[] =
    [];
  const load: PageLoader<string> = (query, { signal }) =>
    new Promise((resolve, reject) => {
      calls.push({
        pageNumber: query.pageNumber,
        signal,
        answer: (records) => resolve({ records, total: 25 }),
        fail: () => reject(new Error('网络异常')),
      });
    });
  return { load, calls };
}

describe('usePagedRecords', () => {
  it('loads the chosen page and keeps the shown one until the next arrives', async () => {
    const { load, calls } = manualLoader();
    const { result } = renderHook(() => usePagedRecords(load, 10));
    expect(result.current.table.loading).toBe(true);
    await act(async () => calls[0]?.answer(['第一页']));
    expect(result.current.table).toMatchObject({ rows: ['第一页'], loading: false });
    expect(result.current.table.pagination).toMatchObject({ total: 25, page: 1, pageSize: 10 });

    act(() => result.current.table.pagination.onChange(2));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.pageNumber).toBe(2);
    expect(result.current.table.rows).toEqual(['第一页']);
    await act(async () => calls[1]?.answer(['第二页']));
    expect(result.current.table.rows).toEqual(['第二页']);
  });

  it('cancels a page nobody waits for any more', async () => {
    const { load, calls } = manualLoader();
    const { result } = renderHook(() => usePagedRecords(load, 10));
    act(() => result.current.table.pagination.onChange(3));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(async () => calls[0]?.fail());
    expect(result.current.state.status).toBe('loading');
  });

  it('reports an error and loads again on retry', async () => {
    const { load, calls } = manualLoader();
    const { result } = renderHook(() => usePagedRecords(load, 10));
    await act(async () => calls[0]?.fail());
    expect(result.current.state.status).toBe('error');
    act(() => result.current.retry());
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1]?.answer(['重新加载']));
    expect(result.current.state).toEqual({ status: 'ready', records: ['重新加载'], total: 25 });
  });
});

import type { ListPaginationProps } from '@tender/ui-kit';
import { useEffect, useState } from 'react';

/** An endpoint function of a server-paged list (the api-client's, e.g. `api.myOrders`). */
export type PageLoader<TRecord> = (
  query: { pageNumber: number; pageSize: number },
  options: { signal: AbortSignal },
) => Promise<{ records: TRecord[]; total: number }>;

export type PagedRecords<TRecord> =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; records: TRecord[]; total: number };

export interface PagedRecordsView<TRecord> {
  state: PagedRecords<TRecord>;
  /** Loads the page again after an error. */
  retry(): void;
  /** What a `PageTable` shows: the page's rows (the previous page's while the next loads) and its pagination. */
  table: { rows: TRecord[]; loading: boolean; pagination: ListPaginationProps };
}

/**
 * One server-paged list (我的订单, 我的导出记录): loads the chosen page, cancels a superseded load, keeps the
 * shown page while the next one loads, and reports an error for a retry. `load` must keep its identity between
 * renders (an api-client function does).
 */
export function usePagedRecords<TRecord>(
  load: PageLoader<TRecord>,
  pageSize: number,
): PagedRecordsView<TRecord> {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PagedRecords<TRecord>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => (previous.status === 'ready' ? previous : { status: 'loading' }));
    load({ pageNumber: page, pageSize }, { signal: controller.signal }).then(
      (answer) => setState({ status: 'ready', records: answer.records, total: answer.total }),
      () => !controller.signal.aborted && setState({ status: 'error' }),
    );
    return () => controller.abort();
  }, [load, page, pageSize, attempt]);

  return {
    state,
    retry: () => setAttempt((value) => value + 1),
    table: {
      rows: state.status === 'ready' ? state.records : [],
      loading: state.status === 'loading',
      pagination: { total: state.status === 'ready' ? state.total : 0, page, onChange: setPage, pageSize },
    },
  };
}

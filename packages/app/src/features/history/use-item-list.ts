import type { ItemType } from '@tender/contracts';
import { DEFAULT_PAGE_SIZE } from '@tender/domain';
import { useEffect, useState } from 'react';
import { gatedCallOptions, useGatedData } from '../../shell/use-gated-data';
import type { TypeCount } from './item-summary-list';

export interface ItemListPage<Row> {
  records: Row[];
  total: number;
  typeCounts: TypeCount[];
}

/** Whether a call went through; on a failure the row stays and the api-client has said why. */
export function succeeded(call: Promise<unknown>): Promise<boolean> {
  return call.then(
    () => true,
    () => false,
  );
}

type ItemListRequest = { pageNumber: number; pageSize: number; type?: ItemType };

/**
 * A paged list of items by type (我的浏览历史, 我的关注): the page, the type tab, the last type counts (kept while the
 * next page loads) and `refresh` after a row was removed.
 */
export function useItemList<Row>(
  load: (
    request: ItemListRequest,
    options: ReturnType<typeof gatedCallOptions>,
  ) => Promise<ItemListPage<Row>>,
) {
  const [type, setType] = useState<ItemType | 'all'>('all');
  const [page, setPage] = useState(1);
  const [version, setVersion] = useState(0);
  const [typeCounts, setTypeCounts] = useState<readonly TypeCount[]>([]);
  const state = useGatedData(
    (signal) =>
      load(
        { pageNumber: page, pageSize: DEFAULT_PAGE_SIZE, ...(type === 'all' ? {} : { type }) },
        gatedCallOptions(signal),
      ),
    [type, page, version],
  );

  useEffect(() => {
    if (state.status === 'ready') setTypeCounts(state.data.typeCounts);
  }, [state]);

  return {
    state,
    type,
    page,
    typeCounts,
    chooseType(next: ItemType | 'all') {
      setType(next);
      setPage(1);
    },
    setPage,
    /** Loads again; after removing the last row of a page, the page before it. */
    refresh(removedLastOfPage = false) {
      if (removedLastOfPage && page > 1) setPage(page - 1);
      setVersion((value) => value + 1);
    },
  };
}

export type ItemList<Row> = ReturnType<typeof useItemList<Row>>;

/** Sort state of a sortable column. */
export type SortOrder = 'asc' | 'desc' | 'none';

export const SORT_ORDERS = ['asc', 'desc', 'none'] as const satisfies readonly SortOrder[];

/** spec §4 Sort: clicking a sortable column cycles ascending → descending → none → ascending. */
export function nextSortOrder(current: SortOrder): SortOrder {
  switch (current) {
    case 'asc':
      return 'desc';
    case 'desc':
      return 'none';
    case 'none':
      return 'asc';
  }
}

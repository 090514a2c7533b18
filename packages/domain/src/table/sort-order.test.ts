import { describe, expect, it } from 'vitest';
import { nextSortOrder, SORT_ORDERS } from './sort-order';

describe('nextSortOrder', () => {
  it('cycles asc → desc → none → asc', () => {
    expect(nextSortOrder('asc')).toBe('desc');
    expect(nextSortOrder('desc')).toBe('none');
    expect(nextSortOrder('none')).toBe('asc');
  });

  it('returns to where it started after three clicks', () => {
    for (const order of SORT_ORDERS) {
      expect(nextSortOrder(nextSortOrder(nextSortOrder(order)))).toBe(order);
    }
  });
});

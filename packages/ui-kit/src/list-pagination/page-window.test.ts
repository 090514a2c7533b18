import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows 5 pages with the current one in the middle', () => {
    expect(pageWindow(10, 50)).toEqual([8, 9, 10, 11, 12]);
  });

  it('keeps to the first and last pages', () => {
    expect(pageWindow(1, 50)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(2, 50)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(50, 50)).toEqual([46, 47, 48, 49, 50]);
    expect(pageWindow(49, 50)).toEqual([46, 47, 48, 49, 50]);
  });

  it('shows every page when there are fewer than 5', () => {
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([1]);
  });

  it('always contains the current page, within range', () => {
    for (let last = 1; last <= 12; last += 1) {
      for (let current = 1; current <= last; current += 1) {
        const pages = pageWindow(current, last);
        expect(pages).toContain(current);
        expect(pages.length).toBe(Math.min(5, last));
        expect(pages[0]).toBeGreaterThanOrEqual(1);
        expect(pages.at(-1)).toBeLessThanOrEqual(last);
      }
    }
  });
});

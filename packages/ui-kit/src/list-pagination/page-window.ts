import { PAGE_BUTTON_COUNT } from '@tender/domain';

/**
 * The pages the pager shows as buttons (spec §9: 5 page buttons): `count` consecutive pages with the current one
 * in the middle where possible, shifted to stay within 1…lastPage, fewer when there are fewer pages.
 */
export function pageWindow(current: number, lastPage: number, count: number = PAGE_BUTTON_COUNT): number[] {
  const last = Math.max(1, Math.floor(lastPage));
  const size = Math.min(Math.max(1, Math.floor(count)), last);
  const page = Math.min(Math.max(1, Math.floor(current)), last);
  const start = Math.min(Math.max(1, page - Math.floor(size / 2)), last - size + 1);
  return Array.from({ length: size }, (_, index) => start + index);
}

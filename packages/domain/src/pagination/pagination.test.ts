import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatTotalCount,
  foundCountText,
  lastReachablePage,
  pageLimitNotice,
  parseJumpPage,
  totalDisplayCap,
} from './pagination';

describe('lastReachablePage', () => {
  it('is the last page of the data while under the cap', () => {
    expect(lastReachablePage(1)).toBe(1);
    expect(lastReachablePage(20)).toBe(1);
    expect(lastReachablePage(21)).toBe(2);
    expect(lastReachablePage(999)).toBe(50);
  });

  it('stops at 50 pages by default', () => {
    expect(lastReachablePage(1000)).toBe(50);
    expect(lastReachablePage(1001)).toBe(50);
    expect(lastReachablePage(1_000_000)).toBe(50);
  });

  it('is at least 1 for an empty or unreadable total', () => {
    expect(lastReachablePage(0)).toBe(1);
    expect(lastReachablePage(-5)).toBe(1);
    expect(lastReachablePage(Number.NaN)).toBe(1);
  });

  it('follows a given page size and cap', () => {
    expect(lastReachablePage(95, { pageSize: 10 })).toBe(10);
    expect(lastReachablePage(1000, { pageSize: 10, maxPages: 30 })).toBe(30);
    expect(lastReachablePage(61, { pageSize: 10, maxPages: 7 })).toBe(7);
    expect(lastReachablePage(60, { pageSize: 10, maxPages: 7 })).toBe(6);
  });

  it('rejects a page size or cap below 1', () => {
    expect(() => lastReachablePage(10, { pageSize: 0 })).toThrow(RangeError);
    expect(() => lastReachablePage(10, { maxPages: 0 })).toThrow(RangeError);
    expect(() => lastReachablePage(10, { pageSize: 2.5 })).toThrow(RangeError);
  });

  it('is always within [1, maxPages] and shows every item when the cap allows', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 1, max: 200 }),
        (total, pageSize, maxPages) => {
          const last = lastReachablePage(total, { pageSize, maxPages });
          expect(last).toBeGreaterThanOrEqual(1);
          expect(last).toBeLessThanOrEqual(maxPages);
          if (total <= pageSize * maxPages) {
            expect(last * pageSize).toBeGreaterThanOrEqual(total);
            expect(last === 1 || (last - 1) * pageSize < total).toBe(true);
          } else {
            expect(last).toBe(maxPages);
          }
        },
      ),
    );
  });
});

describe('parseJumpPage', () => {
  it('reads the typed page', () => {
    expect(parseJumpPage('7', 50)).toBe(7);
    expect(parseJumpPage(' 12 ', 50)).toBe(12);
    expect(parseJumpPage(3, 50)).toBe(3);
  });

  it('defaults to 1 when empty or not a number', () => {
    expect(parseJumpPage('', 50)).toBe(1);
    expect(parseJumpPage('  ', 50)).toBe(1);
    expect(parseJumpPage('abc', 50)).toBe(1);
    expect(parseJumpPage(undefined, 50)).toBe(1);
    expect(parseJumpPage(null, 50)).toBe(1);
  });

  it('caps at the last available page', () => {
    expect(parseJumpPage('50', 50)).toBe(50);
    expect(parseJumpPage('51', 50)).toBe(50);
    expect(parseJumpPage('9999', 3)).toBe(3);
  });

  it('is at least 1', () => {
    expect(parseJumpPage('0', 50)).toBe(1);
    expect(parseJumpPage('-3', 50)).toBe(1);
    expect(parseJumpPage('5', 0)).toBe(1);
  });

  it('reads leading digits the way parseInt does', () => {
    expect(parseJumpPage('7页', 50)).toBe(7);
    expect(parseJumpPage('2.9', 50)).toBe(2);
  });

  it('always lands on a page between 1 and the last page', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.integer().map(String)),
        fc.integer({ min: 1, max: 100 }),
        (text, last) => {
          const page = parseJumpPage(text, last);
          expect(Number.isInteger(page)).toBe(true);
          expect(page).toBeGreaterThanOrEqual(1);
          expect(page).toBeLessThanOrEqual(last);
        },
      ),
    );
  });
});

describe('pageLimitNotice', () => {
  it('says at most 50 pages can be viewed at page 50 with the default limits', () => {
    expect(pageLimitNotice({ page: 50, total: 5000 })).toBe('最多只能查看前50页数据');
    expect(pageLimitNotice({ page: 50, total: 5000, contactPhone: '400-000-0000' })).toBe(
      '最多只能查看前50页数据',
    );
  });

  it('says nothing before page 50 with the default limits', () => {
    expect(pageLimitNotice({ page: 49, total: 5000 })).toBeUndefined();
    expect(pageLimitNotice({ page: 1, total: 5000 })).toBeUndefined();
  });

  it('says how many items can be viewed on the last allowed page of a capped list', () => {
    expect(pageLimitNotice({ page: 30, total: 1000, pageSize: 10, maxPages: 30 })).toBe(
      '最多可查看300条数据',
    );
    expect(pageLimitNotice({ page: 29, total: 1000, pageSize: 10, maxPages: 30 })).toBeUndefined();
  });

  it('appends the contact phone when one is given', () => {
    expect(
      pageLimitNotice({ page: 30, total: 1000, pageSize: 10, maxPages: 30, contactPhone: '400-123-4567' }),
    ).toBe('最多可查看300条数据，如需查看更多数据，请联系客服：400-123-4567');
    expect(pageLimitNotice({ page: 30, total: 1000, pageSize: 10, maxPages: 30, contactPhone: ' ' })).toBe(
      '最多可查看300条数据',
    );
  });

  it('says nothing at the natural end of a list the cap does not cut', () => {
    expect(pageLimitNotice({ page: 30, total: 300, pageSize: 10, maxPages: 30 })).toBeUndefined();
    expect(pageLimitNotice({ page: 30, total: 301, pageSize: 10, maxPages: 30 })).toBe('最多可查看300条数据');
  });

  it('uses the item notice, not the 50-page one, when the page size is not the default', () => {
    expect(pageLimitNotice({ page: 50, total: 5000, pageSize: 10 })).toBe('最多可查看500条数据');
  });
});

describe('formatTotalCount', () => {
  it("shows totals above 10000 as '10000+'", () => {
    expect(formatTotalCount(9999)).toBe('9999');
    expect(formatTotalCount(10_000)).toBe('10000');
    expect(formatTotalCount(10_001)).toBe('10000+');
  });

  it("shows potential- and financial-customer totals above 2000 as '2000+'", () => {
    expect(totalDisplayCap('potential-customer')).toBe(2000);
    expect(totalDisplayCap('financial-customer')).toBe(2000);
    expect(totalDisplayCap()).toBe(10_000);
    expect(formatTotalCount(2000, 'potential-customer')).toBe('2000');
    expect(formatTotalCount(2001, 'potential-customer')).toBe('2000+');
    expect(formatTotalCount(2001, 'financial-customer')).toBe('2000+');
    expect(formatTotalCount(2001)).toBe('2001');
  });

  it('shows an unreadable total as 0', () => {
    expect(formatTotalCount(Number.NaN)).toBe('0');
    expect(formatTotalCount(-1)).toBe('0');
  });
});

describe('foundCountText', () => {
  it("reads '共找到 N 条数据' with N capped", () => {
    expect(foundCountText(0)).toBe('共找到 0 条数据');
    expect(foundCountText(128)).toBe('共找到 128 条数据');
    expect(foundCountText(123_456)).toBe('共找到 10000+ 条数据');
    expect(foundCountText(3000, 'financial-customer')).toBe('共找到 2000+ 条数据');
  });
});

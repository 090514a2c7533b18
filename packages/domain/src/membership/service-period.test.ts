import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addCalendarMonths, toEpochMillis } from '../format/date-time';
import { memberLevelRank, PAID_MEMBER_CODES, type PaidMemberCode } from './member-level';
import {
  activeMemberLevelAt,
  applyServicePurchase,
  buildServiceTimeline,
  EMPTY_SERVICE_TIMELINE,
  membershipExpiry,
  projectedExpiry,
  remainingServiceMs,
  type ServicePurchase,
  type ServiceTimeline,
  servicePeriodRows,
} from './service-period';

const china = (text: string) => toEpochMillis(text) as number;
const DAY = 86_400_000;

function buy(
  timeline: ServiceTimeline,
  level: PaidMemberCode,
  months: number,
  when: string,
): ServiceTimeline {
  return applyServicePurchase(timeline, { level, months, purchasedAt: china(when) });
}

describe('applyServicePurchase', () => {
  it('starts a first purchase at the purchase time, for calendar months', () => {
    const timeline = buy(EMPTY_SERVICE_TIMELINE, 'toubiaotong', 1, '2024-01-31 10:00:00');
    expect(timeline.segments).toEqual([
      { level: 'toubiaotong', start: china('2024-01-31 10:00:00'), end: china('2024-02-29 10:00:00') },
    ]);
  });

  it('extends a running level from its current end date', () => {
    let timeline = buy(EMPTY_SERVICE_TIMELINE, 'toubiaotong', 3, '2024-01-01 00:00:00');
    timeline = buy(timeline, 'toubiaotong', 12, '2024-02-15 09:30:00');
    expect(projectedExpiry(timeline, 'toubiaotong', china('2024-02-15 09:30:00'))).toBe(
      china('2025-04-01 00:00:00'),
    );
    expect(timeline.segments).toHaveLength(1);
  });

  it('extends an expired level from the purchase time', () => {
    let timeline = buy(EMPTY_SERVICE_TIMELINE, 'toubiaotong', 1, '2024-01-01 00:00:00');
    timeline = buy(timeline, 'toubiaotong', 1, '2024-03-10 12:00:00');
    expect(projectedExpiry(timeline, 'toubiaotong', china('2024-03-10 12:00:00'))).toBe(
      china('2024-04-10 12:00:00'),
    );
    // the expired month stays in the history, with the gap between
    expect(timeline.segments.map((s) => s.start)).toEqual([
      china('2024-01-01 00:00:00'),
      china('2024-03-10 12:00:00'),
    ]);
  });

  it('pauses a running lower level under a higher one and resumes it with its remaining time', () => {
    let timeline = buy(EMPTY_SERVICE_TIMELINE, 'toubiaotong', 12, '2024-01-01 00:00:00');
    timeline = buy(timeline, 'qiyetong', 1, '2024-03-01 00:00:00');
    expect(timeline.segments).toEqual([
      { level: 'toubiaotong', start: china('2024-01-01 00:00:00'), end: china('2024-03-01 00:00:00') },
      { level: 'qiyetong', start: china('2024-03-01 00:00:00'), end: china('2024-04-01 00:00:00') },
      // 2025-01-01 pushed back by the 31 days of March
      { level: 'toubiaotong', start: china('2024-04-01 00:00:00'), end: china('2025-02-01 00:00:00') },
    ]);
    expect(activeMemberLevelAt(timeline, china('2024-03-31 23:59:59'))).toBe('qiyetong');
    expect(activeMemberLevelAt(timeline, china('2024-04-01 00:00:00'))).toBe('toubiaotong');
  });

  it('queues a lower level bought while a higher one runs', () => {
    let timeline = buy(EMPTY_SERVICE_TIMELINE, 'qiye', 12, '2024-01-01 00:00:00');
    timeline = buy(timeline, 'toubiaotong', 1, '2024-06-01 00:00:00');
    expect(activeMemberLevelAt(timeline, china('2024-06-02 00:00:00'))).toBe('qiye');
    expect(projectedExpiry(timeline, 'toubiaotong', china('2024-06-01 00:00:00'))).toBe(
      china('2025-01-01 00:00:00') + 30 * DAY, // June has 30 days
    );
  });

  it('renews a paused level from its projected end', () => {
    let timeline = buy(EMPTY_SERVICE_TIMELINE, 'toubiaotong', 1, '2024-01-01 00:00:00');
    timeline = buy(timeline, 'qiyetong', 1, '2024-01-11 00:00:00');
    // toubiaotong paused with 21 days left; it would now end on 2024-03-03
    const pausedEnd = china('2024-02-11 00:00:00') + 21 * DAY;
    expect(projectedExpiry(timeline, 'toubiaotong', china('2024-01-20 00:00:00'))).toBe(pausedEnd);
    timeline = buy(timeline, 'toubiaotong', 1, '2024-01-20 00:00:00');
    expect(projectedExpiry(timeline, 'toubiaotong', china('2024-01-20 00:00:00'))).toBe(
      addCalendarMonths(pausedEnd, 1),
    );
    expect(activeMemberLevelAt(timeline, china('2024-01-20 00:00:00'))).toBe('qiyetong');
  });

  it('uses several levels highest first', () => {
    let timeline = buy(EMPTY_SERVICE_TIMELINE, 'toubiaotong', 1, '2024-01-01 00:00:00');
    timeline = buy(timeline, 'qiye', 1, '2024-01-02 00:00:00');
    timeline = buy(timeline, 'qiyetong', 1, '2024-01-03 00:00:00');
    expect(timeline.segments.map((s) => s.level)).toEqual(['toubiaotong', 'qiye', 'qiyetong', 'toubiaotong']);
  });

  it('rejects putong, non-whole months, and purchases out of time order', () => {
    const t = china('2024-01-01 00:00:00');
    expect(() =>
      applyServicePurchase(EMPTY_SERVICE_TIMELINE, {
        level: 'putong' as PaidMemberCode,
        months: 1,
        purchasedAt: t,
      }),
    ).toThrow(RangeError);
    for (const months of [0, -1, 1.5]) {
      expect(() =>
        applyServicePurchase(EMPTY_SERVICE_TIMELINE, { level: 'qiye', months, purchasedAt: t }),
      ).toThrow(RangeError);
    }
    expect(() =>
      applyServicePurchase(EMPTY_SERVICE_TIMELINE, { level: 'qiye', months: 1, purchasedAt: Number.NaN }),
    ).toThrow(RangeError);
    const later = buy(EMPTY_SERVICE_TIMELINE, 'qiye', 1, '2024-02-01 00:00:00');
    expect(() => applyServicePurchase(later, { level: 'qiye', months: 1, purchasedAt: t })).toThrow(
      RangeError,
    );
  });

  it('does not change the timeline it is given', () => {
    const before = buy(EMPTY_SERVICE_TIMELINE, 'toubiaotong', 1, '2024-01-01 00:00:00');
    const copy = JSON.parse(JSON.stringify(before));
    buy(before, 'qiye', 1, '2024-01-05 00:00:00');
    expect(before).toEqual(copy);
  });
});

describe('reading a timeline', () => {
  let timeline = buy(EMPTY_SERVICE_TIMELINE, 'toubiaotong', 12, '2024-01-01 00:00:00');
  timeline = buy(timeline, 'qiyetong', 1, '2024-03-01 00:00:00');

  it('finds no level before the first purchase or after everything ran out', () => {
    expect(activeMemberLevelAt(timeline, china('2023-12-31 23:59:59'))).toBeUndefined();
    expect(activeMemberLevelAt(timeline, china('2025-02-01 00:00:00'))).toBeUndefined();
    expect(membershipExpiry(timeline, china('2025-02-01 00:00:00'))).toBeUndefined();
    expect(membershipExpiry(timeline, china('2024-03-15 00:00:00'))).toBe(china('2025-02-01 00:00:00'));
  });

  it('lists rows in the order the levels are used, the active one first', () => {
    expect(servicePeriodRows(timeline, china('2024-03-15 00:00:00'))).toEqual([
      { level: 'qiyetong', isActive: true, expiresAt: china('2024-04-01 00:00:00') },
      { level: 'toubiaotong', isActive: false, expiresAt: china('2025-02-01 00:00:00') },
    ]);
    expect(servicePeriodRows(timeline, china('2024-05-01 00:00:00'))).toEqual([
      { level: 'toubiaotong', isActive: true, expiresAt: china('2025-02-01 00:00:00') },
    ]);
    expect(servicePeriodRows(timeline, china('2026-01-01 00:00:00'))).toEqual([]);
    expect(servicePeriodRows(EMPTY_SERVICE_TIMELINE, 0)).toEqual([]);
  });

  it('builds the same timeline from an unsorted purchase list', () => {
    const purchases: ServicePurchase[] = [
      { level: 'qiyetong', months: 1, purchasedAt: china('2024-03-01 00:00:00') },
      { level: 'toubiaotong', months: 12, purchasedAt: china('2024-01-01 00:00:00') },
    ];
    expect(buildServiceTimeline(purchases)).toEqual(timeline);
  });
});

const START = china('2024-01-01 00:00:00');
const levelArb = fc.constantFrom(...PAID_MEMBER_CODES);
const purchasesArb = fc
  .array(
    fc.record({
      level: levelArb,
      months: fc.constantFrom(1, 3, 12),
      gap: fc.integer({ min: 0, max: 400 * DAY }),
    }),
    { minLength: 1, maxLength: 8 },
  )
  .map((steps) => {
    let at = START;
    return steps.map(({ level, months, gap }) => {
      at += gap;
      return { level, months, purchasedAt: at };
    });
  });

function totalMs(timeline: ServiceTimeline): number {
  return timeline.segments.reduce((sum, s) => sum + (s.end - s.start), 0);
}

describe('service-period properties', () => {
  it('conserves purchased time: each purchase adds exactly its calendar months and moves no other level', () => {
    fc.assert(
      fc.property(purchasesArb, (purchases) => {
        let timeline = EMPTY_SERVICE_TIMELINE;
        for (const purchase of purchases) {
          const at = purchase.purchasedAt;
          const base = projectedExpiry(timeline, purchase.level, at) ?? at;
          const granted = addCalendarMonths(base, purchase.months) - base;
          const next = applyServicePurchase(timeline, purchase);
          expect(totalMs(next)).toBe(totalMs(timeline) + granted);
          for (const level of PAID_MEMBER_CODES) {
            const before = remainingServiceMs(timeline, level, at);
            const expected = level === purchase.level ? before + granted : before;
            expect(remainingServiceMs(next, level, at)).toBe(expected);
          }
          timeline = next;
        }
      }),
    );
  });

  it('never rewrites history before a purchase', () => {
    fc.assert(
      fc.property(purchasesArb, levelArb, (purchases, level) => {
        const timeline = buildServiceTimeline(purchases);
        const at = (purchases.at(-1)?.purchasedAt ?? START) + DAY;
        const next = applyServicePurchase(timeline, { level, months: 1, purchasedAt: at });
        const clip = (t: ServiceTimeline) =>
          t.segments.filter((s) => s.start < at).map((s) => ({ ...s, end: Math.min(s.end, at) }));
        expect(clip(next)).toEqual(clip(timeline));
      }),
    );
  });

  it('keeps segments sorted, non-empty, non-overlapping and merged', () => {
    fc.assert(
      fc.property(purchasesArb, (purchases) => {
        const { segments } = buildServiceTimeline(purchases);
        segments.forEach((segment, i) => {
          expect(segment.end).toBeGreaterThan(segment.start);
          const previous = segments[i - 1];
          if (previous) {
            expect(segment.start).toBeGreaterThanOrEqual(previous.end);
            if (segment.start === previous.end) expect(segment.level).not.toBe(previous.level);
          }
        });
      }),
    );
  });

  it('has, at any instant, the highest level with time left active', () => {
    fc.assert(
      fc.property(purchasesArb, fc.integer({ min: -10 * DAY, max: 3000 * DAY }), (purchases, offset) => {
        const timeline = buildServiceTimeline(purchases);
        const lastPurchase = purchases.at(-1)?.purchasedAt ?? START;
        // from the latest purchase on, the schedule is what will happen
        const at = lastPurchase + Math.abs(offset);
        const withTime = PAID_MEMBER_CODES.filter((level) => remainingServiceMs(timeline, level, at) > 0);
        const highest = withTime.sort((a, b) => memberLevelRank(b) - memberLevelRank(a))[0];
        expect(activeMemberLevelAt(timeline, at)).toBe(highest);
      }),
    );
  });

  it('leaves the remaining time of a paused lower level unchanged by the pause', () => {
    fc.assert(
      fc.property(
        purchasesArb,
        fc.constantFrom(1, 3, 12),
        fc.integer({ min: 0, max: 100 * DAY }),
        (purchases, months, delay) => {
          const timeline = buildServiceTimeline(purchases);
          const at = (purchases.at(-1)?.purchasedAt ?? START) + delay;
          const next = applyServicePurchase(timeline, { level: 'qiye', months, purchasedAt: at });
          const qiyeEnd = projectedExpiry(next, 'qiye', at) as number;
          for (const lower of ['toubiaotong', 'qiyetong'] as const) {
            const before = remainingServiceMs(timeline, lower, at);
            // nothing of the lower level is used while qiye runs …
            expect(remainingServiceMs(next, lower, qiyeEnd)).toBe(before);
            // … and it ends exactly that much later than it would have
            if (before > 0) {
              expect(projectedExpiry(next, lower, at)).toBe(
                (projectedExpiry(timeline, lower, at) as number) +
                  (qiyeEnd - at) -
                  remainingServiceMs(timeline, 'qiye', at),
              );
            }
          }
        },
      ),
    );
  });

  it('lists exactly the levels with time left, the active one first and expiries in order', () => {
    fc.assert(
      fc.property(purchasesArb, fc.integer({ min: 0, max: 3000 * DAY }), (purchases, offset) => {
        const timeline = buildServiceTimeline(purchases);
        const at = (purchases.at(-1)?.purchasedAt ?? START) + offset;
        const rows = servicePeriodRows(timeline, at);
        const withTime = PAID_MEMBER_CODES.filter((level) => remainingServiceMs(timeline, level, at) > 0);
        expect(rows.map((row) => row.level).sort()).toEqual([...withTime].sort());
        expect(rows.filter((row) => row.isActive).length).toBe(rows.length > 0 ? 1 : 0);
        if (rows[0]) expect(rows[0].isActive).toBe(true);
        for (let i = 1; i < rows.length; i++) {
          expect((rows[i] as { expiresAt: number }).expiresAt).toBeGreaterThan(
            (rows[i - 1] as { expiresAt: number }).expiresAt,
          );
        }
      }),
    );
  });
});

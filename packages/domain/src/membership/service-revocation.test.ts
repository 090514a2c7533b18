import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toEpochMillis } from '../format/date-time';
import { PAID_MEMBER_CODES, type PaidMemberCode } from './member-level';
import {
  activeMemberLevelAt,
  applyServicePurchase,
  applyServiceRevocation,
  buildServiceTimeline,
  EMPTY_SERVICE_TIMELINE,
  projectedExpiry,
  remainingServiceMs,
  type ServiceEvent,
} from './service-period';

const china = (text: string) => toEpochMillis(text) as number;
const DAY = 86_400_000;

describe('applyServiceRevocation', () => {
  it('ends the revoked level at once and lets the paused lower level resume with its remaining time', () => {
    let timeline = applyServicePurchase(EMPTY_SERVICE_TIMELINE, {
      level: 'toubiaotong',
      months: 1,
      purchasedAt: china('2024-03-01 00:00:00'),
    });
    timeline = applyServicePurchase(timeline, {
      level: 'qiyetong',
      months: 12,
      purchasedAt: china('2024-03-11 00:00:00'),
    });
    const revokedAt = china('2024-04-01 00:00:00');
    const revoked = applyServiceRevocation(timeline, { level: 'qiyetong', revokedAt });
    expect(activeMemberLevelAt(revoked, revokedAt)).toBe('toubiaotong');
    expect(remainingServiceMs(revoked, 'qiyetong', revokedAt)).toBe(0);
    // toubiaotong had 21 days left when qiyetong paused it (March 11 → April 1)
    expect(projectedExpiry(revoked, 'toubiaotong', revokedAt)).toBe(revokedAt + 21 * DAY);
    // the history before the revocation stays
    expect(activeMemberLevelAt(revoked, china('2024-03-20 00:00:00'))).toBe('qiyetong');
  });

  it('changes nothing but the time order when the level has no time left', () => {
    const timeline = applyServicePurchase(EMPTY_SERVICE_TIMELINE, {
      level: 'toubiaotong',
      months: 1,
      purchasedAt: china('2024-03-01 00:00:00'),
    });
    const revoked = applyServiceRevocation(timeline, {
      level: 'qiye',
      revokedAt: china('2024-03-02 00:00:00'),
    });
    expect(revoked.segments).toEqual(timeline.segments);
    expect(() =>
      applyServicePurchase(revoked, { level: 'qiye', months: 1, purchasedAt: china('2024-03-01 12:00:00') }),
    ).toThrow(RangeError);
  });

  it('refuses unpaid levels and events out of time order', () => {
    expect(() =>
      applyServiceRevocation(EMPTY_SERVICE_TIMELINE, { level: 'putong' as PaidMemberCode, revokedAt: 0 }),
    ).toThrow(RangeError);
    const timeline = applyServicePurchase(EMPTY_SERVICE_TIMELINE, {
      level: 'qiye',
      months: 1,
      purchasedAt: 10,
    });
    expect(() => applyServiceRevocation(timeline, { level: 'qiye', revokedAt: 5 })).toThrow(RangeError);
    expect(() => applyServiceRevocation(timeline, { level: 'qiye', revokedAt: Number.NaN })).toThrow(
      RangeError,
    );
  });

  it('is replayed in time order by buildServiceTimeline', () => {
    const events: ServiceEvent[] = [
      { level: 'qiye', revokedAt: china('2024-02-01 00:00:00') },
      { level: 'qiye', months: 12, purchasedAt: china('2024-01-01 00:00:00') },
    ];
    const timeline = buildServiceTimeline(events);
    expect(activeMemberLevelAt(timeline, china('2024-01-15 00:00:00'))).toBe('qiye');
    expect(activeMemberLevelAt(timeline, china('2024-02-01 00:00:00'))).toBeUndefined();
  });

  it('never gives time to the revoked level and leaves every other level its remaining time', () => {
    const START = china('2024-01-01 00:00:00');
    const purchaseArb = fc.record({
      level: fc.constantFrom(...PAID_MEMBER_CODES),
      months: fc.integer({ min: 1, max: 24 }),
      offset: fc.integer({ min: 0, max: 400 * DAY }),
    });
    fc.assert(
      fc.property(
        fc.array(purchaseArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(...PAID_MEMBER_CODES),
        fc.integer({ min: 0, max: 400 * DAY }),
        (purchases, level, delay) => {
          const timeline = buildServiceTimeline(
            purchases.map((p) => ({ level: p.level, months: p.months, purchasedAt: START + p.offset })),
          );
          const at = (timeline.lastPurchaseAt ?? START) + delay;
          const revoked = applyServiceRevocation(timeline, { level, revokedAt: at });
          expect(remainingServiceMs(revoked, level, at)).toBe(0);
          for (const other of PAID_MEMBER_CODES.filter((code) => code !== level)) {
            expect(remainingServiceMs(revoked, other, at)).toBe(remainingServiceMs(timeline, other, at));
          }
        },
      ),
    );
  });
});

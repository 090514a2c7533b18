import { addCalendarMonths } from '../format/date-time';
import {
  compareMemberLevels,
  isPaidMemberCode,
  PAID_MEMBER_CODES,
  type PaidMemberCode,
} from './member-level';

/**
 * Service-period stacking (spec §2 服务期明细, docs/business-rules.md Service periods).
 *
 * The model is a timeline of half-open segments [start, end) in epoch milliseconds, each naming the level
 * that is in use during it. Segments before the latest purchase are history; from the latest purchase on,
 * the timeline is the schedule: the levels that still have time, highest rank first, back to back. Every
 * purchase keeps the history, adds the bought time to its level and rebuilds the schedule, so:
 *
 * - renewing a level extends its end date by the product's calendar months, counted from its current
 *   (projected) end while it has time left, otherwise from the purchase time;
 * - buying a higher level while a lower one runs pauses the lower one, which resumes with exactly the time
 *   it had left when the higher one expires;
 * - with several levels, the highest is in use first.
 *
 * Purchase regions are not part of this rule.
 */

/** A stretch of time during which `level` is the membership in use; `end` is exclusive. */
export interface ServicePeriodSegment {
  level: PaidMemberCode;
  start: number;
  end: number;
}

export interface ServiceTimeline {
  /** Sorted, non-overlapping, non-empty; adjacent segments of one level are merged. */
  segments: readonly ServicePeriodSegment[];
  /** Time of the latest purchase (or revocation) applied; events must come in time order. */
  lastPurchaseAt: number | undefined;
}

/** A paid purchase: `months` calendar months of `level`, bought at `purchasedAt` (epoch ms). */
export interface ServicePurchase {
  level: PaidMemberCode;
  months: number;
  purchasedAt: number;
}

/** One row of the service-period detail (spec §2 服务期明细): a level with time left. */
export interface ServicePeriodRow {
  level: PaidMemberCode;
  /** Whether this level is the one in use now (the wire's isActive 0). */
  isActive: boolean;
  /** When this level's time runs out, given the purchases so far (paused time included). */
  expiresAt: number;
}

/**
 * An operator withdrawing a level at `revokedAt` (epoch ms): its remaining time is gone from then on, and the
 * levels below it move up exactly as if it had run out.
 */
export interface ServiceRevocation {
  level: PaidMemberCode;
  revokedAt: number;
}

/** What the timeline is replayed from: purchases (grants) and revocations, in time order. */
export type ServiceEvent = ServicePurchase | ServiceRevocation;

/** When an event happened. */
export function serviceEventTime(event: ServiceEvent): number {
  return 'revokedAt' in event ? event.revokedAt : event.purchasedAt;
}

/** A user who never bought anything. */
export const EMPTY_SERVICE_TIMELINE: ServiceTimeline = { segments: [], lastPurchaseAt: undefined };

const highestFirst = [...PAID_MEMBER_CODES].sort((a, b) => compareMemberLevels(b, a));

/** Time `level` still has from `at` on (time in use after `at`), in milliseconds. */
export function remainingServiceMs(timeline: ServiceTimeline, level: PaidMemberCode, at: number): number {
  let remaining = 0;
  for (const segment of timeline.segments) {
    if (segment.level === level && segment.end > at) remaining += segment.end - Math.max(segment.start, at);
  }
  return remaining;
}

/** spec 服务期明细: the level in use at `at`, or undefined when no paid level is (the user is putong). */
export function activeMemberLevelAt(timeline: ServiceTimeline, at: number): PaidMemberCode | undefined {
  return timeline.segments.find((segment) => segment.start <= at && at < segment.end)?.level;
}

/** When `level` runs out, or undefined when it has no time left after `at`. */
export function projectedExpiry(
  timeline: ServiceTimeline,
  level: PaidMemberCode,
  at: number,
): number | undefined {
  let expiry: number | undefined;
  for (const segment of timeline.segments) {
    if (segment.level === level && segment.end > at) expiry = segment.end;
  }
  return expiry;
}

/** When the last paid level runs out, or undefined when none has time left after `at`. */
export function membershipExpiry(timeline: ServiceTimeline, at: number): number | undefined {
  const last = timeline.segments.at(-1);
  return last !== undefined && last.end > at ? last.end : undefined;
}

function mergeSegments(segments: readonly ServicePeriodSegment[]): ServicePeriodSegment[] {
  const merged: ServicePeriodSegment[] = [];
  for (const segment of segments) {
    if (segment.end <= segment.start) continue;
    const previous = merged.at(-1);
    if (previous && previous.level === segment.level && previous.end === segment.start) {
      merged[merged.length - 1] = { ...previous, end: segment.end };
    } else {
      merged.push(segment);
    }
  }
  return merged;
}

/**
 * Applies a purchase and returns the new timeline (the input is not changed).
 * @throws RangeError when the level is not a paid level, months is not an integer ≥ 1, the time is not
 *   finite, or the purchase is earlier than the latest one already applied.
 */
export function applyServicePurchase(timeline: ServiceTimeline, purchase: ServicePurchase): ServiceTimeline {
  const { level, months, purchasedAt: at } = purchase;
  if (!isPaidMemberCode(level)) throw new RangeError(`Only a paid level can be bought, got ${String(level)}`);
  if (!Number.isSafeInteger(months) || months < 1) {
    throw new RangeError(`A purchase must be for a whole number of months ≥ 1, got ${String(months)}`);
  }
  if (!Number.isFinite(at)) throw new RangeError(`Purchase time must be finite, got ${String(at)}`);
  if (timeline.lastPurchaseAt !== undefined && at < timeline.lastPurchaseAt) {
    throw new RangeError('Purchases must be applied in time order');
  }

  const history = timeline.segments
    .filter((segment) => segment.start < at)
    .map((segment) => ({ ...segment, end: Math.min(segment.end, at) }));

  const remaining = new Map(highestFirst.map((code) => [code, remainingServiceMs(timeline, code, at)]));
  // spec 服务期明细: same level accumulates — from its current end if it still has time, else from now
  const base = projectedExpiry(timeline, level, at) ?? at;
  const granted = addCalendarMonths(base, months) - base;
  remaining.set(level, (remaining.get(level) ?? 0) + granted);

  // highest rank first; a lower level waits, keeping its remaining time, until the higher ones run out
  return { segments: mergeSegments([...history, ...schedule(remaining, at)]), lastPurchaseAt: at };
}

/** Levels with time left, highest rank first, back to back from `at`. */
function schedule(remaining: ReadonlyMap<PaidMemberCode, number>, at: number): ServicePeriodSegment[] {
  const segments: ServicePeriodSegment[] = [];
  let cursor = at;
  for (const code of highestFirst) {
    const time = remaining.get(code) ?? 0;
    if (time <= 0) continue;
    segments.push({ level: code, start: cursor, end: cursor + time });
    cursor += time;
  }
  return segments;
}

/**
 * Withdraws a level at `revokedAt` and returns the new timeline (the input is not changed): the time it was in
 * use before stays in the history, its remaining time is dropped, and the other levels keep theirs, highest
 * first from `revokedAt` on. Revoking a level without time left changes nothing but the time order.
 * @throws RangeError when the level is not a paid level, the time is not finite, or it is earlier than the
 *   latest event already applied.
 */
export function applyServiceRevocation(
  timeline: ServiceTimeline,
  revocation: ServiceRevocation,
): ServiceTimeline {
  const { level, revokedAt: at } = revocation;
  if (!isPaidMemberCode(level))
    throw new RangeError(`Only a paid level can be revoked, got ${String(level)}`);
  if (!Number.isFinite(at)) throw new RangeError(`Revocation time must be finite, got ${String(at)}`);
  if (timeline.lastPurchaseAt !== undefined && at < timeline.lastPurchaseAt) {
    throw new RangeError('Revocations must be applied in time order');
  }
  const history = timeline.segments
    .filter((segment) => segment.start < at)
    .map((segment) => ({ ...segment, end: Math.min(segment.end, at) }));
  const remaining = new Map(highestFirst.map((code) => [code, remainingServiceMs(timeline, code, at)]));
  remaining.set(level, 0);
  return { segments: mergeSegments([...history, ...schedule(remaining, at)]), lastPurchaseAt: at };
}

/** Applies one event: a purchase or a revocation. */
export function applyServiceEvent(timeline: ServiceTimeline, event: ServiceEvent): ServiceTimeline {
  return 'revokedAt' in event
    ? applyServiceRevocation(timeline, event)
    : applyServicePurchase(timeline, event);
}

/** The timeline of a list of purchases (and revocations), applied in time order (ties in the given order). */
export function buildServiceTimeline(events: readonly ServiceEvent[]): ServiceTimeline {
  return [...events]
    .sort((a, b) => serviceEventTime(a) - serviceEventTime(b))
    .reduce(applyServiceEvent, EMPTY_SERVICE_TIMELINE);
}

/**
 * spec §2 服务期明细: one row per level with time left at `at`, in the order they will be used — the level
 * in use first, then each paused level in the order it takes over. Levels whose time has run out are not
 * listed.
 */
export function servicePeriodRows(timeline: ServiceTimeline, at: number): ServicePeriodRow[] {
  const active = activeMemberLevelAt(timeline, at);
  const firstUse = (code: PaidMemberCode) =>
    timeline.segments.find((segment) => segment.level === code && segment.end > at)?.start ?? 0;
  return PAID_MEMBER_CODES.flatMap((level) => {
    const expiresAt = projectedExpiry(timeline, level, at);
    return expiresAt === undefined ? [] : [{ level, isActive: level === active, expiresAt }];
  }).sort((a, b) => firstUse(a.level) - firstUse(b.level));
}

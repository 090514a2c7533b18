import { paymentAreas, WHOLE_COUNTRY } from '../area/area';
import type { PaidMemberCode } from './member-level';
import {
  applyServiceEvent,
  EMPTY_SERVICE_TIMELINE,
  remainingServiceMs,
  type ServicePurchase,
  type ServiceRevocation,
  serviceEventTime,
} from './service-period';

/**
 * Purchased regions (docs/business-rules.md Regions, spec §3 Order parameters payAreas).
 *
 * A paid level covers the regions bought for it: '全国', or a list of provinces by name. Renewing a level
 * while it still has time adds the renewal's regions to the ones it already covers, for all of its time; once
 * a level has run out (or was revoked), the next purchase of it starts afresh with its own regions.
 */

/** A purchase with the regions it was bought for (empty, or '全国' among them, means the whole country). */
export interface RegionalServicePurchase extends ServicePurchase {
  areas: readonly string[];
}

export type RegionalServiceEvent = RegionalServicePurchase | ServiceRevocation;

/** Regions as kept: trimmed, without duplicates, and ['全国'] when none or the whole country is among them. */
export function normalizeServiceAreas(areas: readonly string[]): string[] {
  return paymentAreas(0, areas);
}

function union(current: readonly string[], added: readonly string[]): string[] {
  return normalizeServiceAreas([...current, ...added]);
}

/**
 * The regions each paid level covers at `at`, for the levels with time left then (events after `at` are
 * ignored). Events are applied in time order, as the service-period timeline applies them.
 */
export function serviceAreasAt(
  events: readonly RegionalServiceEvent[],
  at: number,
): Map<PaidMemberCode, string[]> {
  const sorted = [...events]
    .filter((event) => serviceEventTime(event) <= at)
    .sort((a, b) => serviceEventTime(a) - serviceEventTime(b));
  const areas = new Map<PaidMemberCode, string[]>();
  let timeline = EMPTY_SERVICE_TIMELINE;
  for (const event of sorted) {
    const time = serviceEventTime(event);
    if ('areas' in event) {
      const running = remainingServiceMs(timeline, event.level, time) > 0;
      const before = running ? (areas.get(event.level) ?? []) : [];
      areas.set(event.level, union(before, event.areas));
    } else {
      areas.delete(event.level);
    }
    timeline = applyServiceEvent(timeline, event);
  }
  for (const level of [...areas.keys()]) {
    if (remainingServiceMs(timeline, level, at) <= 0) areas.delete(level);
  }
  return areas;
}

/** Whether regions cover a province (by name, e.g. '广东省'): '全国' covers every province. */
export function areasCoverProvince(areas: readonly string[], province: string): boolean {
  return areas.includes(WHOLE_COUNTRY) || areas.includes(province.trim());
}

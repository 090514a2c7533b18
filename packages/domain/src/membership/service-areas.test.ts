import { describe, expect, it } from 'vitest';
import { toEpochMillis } from '../format/date-time';
import { areasCoverProvince, normalizeServiceAreas, serviceAreasAt } from './service-areas';

const china = (text: string) => toEpochMillis(text) as number;

describe('normalizeServiceAreas', () => {
  it('keeps provinces once, and makes none or any 全国 the whole country', () => {
    expect(normalizeServiceAreas([' 广东省', '广东省', '广西壮族自治区'])).toEqual([
      '广东省',
      '广西壮族自治区',
    ]);
    expect(normalizeServiceAreas([])).toEqual(['全国']);
    expect(normalizeServiceAreas(['广东省', '全国'])).toEqual(['全国']);
  });
});

describe('areasCoverProvince', () => {
  it('covers the provinces bought, and every province with 全国', () => {
    expect(areasCoverProvince(['广东省'], '广东省')).toBe(true);
    expect(areasCoverProvince(['广东省', '广西壮族自治区'], '广西壮族自治区')).toBe(true);
    expect(areasCoverProvince(['广东省'], '湖南省')).toBe(false);
    expect(areasCoverProvince(['全国'], '西藏自治区')).toBe(true);
    expect(areasCoverProvince([], '广东省')).toBe(false);
  });
});

describe('serviceAreasAt', () => {
  it('answers the regions of each level with time left', () => {
    const areas = serviceAreasAt(
      [
        { level: 'toubiaotong', months: 1, purchasedAt: china('2024-01-01 00:00:00'), areas: ['广东省'] },
        { level: 'qiyetong', months: 1, purchasedAt: china('2024-01-02 00:00:00'), areas: [] },
      ],
      china('2024-01-03 00:00:00'),
    );
    expect(Object.fromEntries(areas)).toEqual({ toubiaotong: ['广东省'], qiyetong: ['全国'] });
  });

  it('adds a renewal’s regions while the level runs, and starts afresh once it ran out', () => {
    const running = serviceAreasAt(
      [
        { level: 'toubiaotong', months: 1, purchasedAt: china('2024-01-01 00:00:00'), areas: ['广东省'] },
        { level: 'toubiaotong', months: 1, purchasedAt: china('2024-01-20 00:00:00'), areas: ['湖南省'] },
      ],
      china('2024-02-15 00:00:00'),
    );
    expect(running.get('toubiaotong')).toEqual(['广东省', '湖南省']);

    const afresh = serviceAreasAt(
      [
        { level: 'toubiaotong', months: 1, purchasedAt: china('2024-01-01 00:00:00'), areas: ['广东省'] },
        { level: 'toubiaotong', months: 1, purchasedAt: china('2024-03-01 00:00:00'), areas: ['湖南省'] },
      ],
      china('2024-03-02 00:00:00'),
    );
    expect(afresh.get('toubiaotong')).toEqual(['湖南省']);
  });

  it('forgets a revoked level and ignores events after the instant asked about', () => {
    const events = [
      { level: 'qiye' as const, months: 12, purchasedAt: china('2024-01-01 00:00:00'), areas: ['全国'] },
      { level: 'qiye' as const, revokedAt: china('2024-02-01 00:00:00') },
    ];
    expect(serviceAreasAt(events, china('2024-01-15 00:00:00')).get('qiye')).toEqual(['全国']);
    expect(serviceAreasAt(events, china('2024-02-15 00:00:00')).has('qiye')).toBe(false);
    expect(serviceAreasAt(events, china('2023-12-31 00:00:00')).size).toBe(0);
  });

  it('keeps a paused level’s regions until it resumes and runs out', () => {
    const events = [
      {
        level: 'toubiaotong' as const,
        months: 1,
        purchasedAt: china('2024-01-01 00:00:00'),
        areas: ['广东省'],
      },
      { level: 'qiyetong' as const, months: 1, purchasedAt: china('2024-01-11 00:00:00'), areas: ['全国'] },
    ];
    // qiyetong runs Jan 11 → Feb 11; toubiaotong resumes with its 21 days until Mar 3
    expect(serviceAreasAt(events, china('2024-02-20 00:00:00')).get('toubiaotong')).toEqual(['广东省']);
    expect(serviceAreasAt(events, china('2024-02-20 00:00:00')).has('qiyetong')).toBe(false);
    expect(serviceAreasAt(events, china('2024-03-04 00:00:00')).size).toBe(0);
  });
});

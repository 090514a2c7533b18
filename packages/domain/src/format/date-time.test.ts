import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addCalendarMonths,
  CHINA_UTC_OFFSET_MINUTES,
  dateTimeParts,
  formatDateTime,
  toEpochMillis,
} from './date-time';

// 2024-03-05 06:07:08 in China = 2024-03-04T22:07:08Z
const SECONDS = 1_709_590_028;
const MILLIS = SECONDS * 1000;

describe('toEpochMillis', () => {
  it('reads a 10-digit timestamp as seconds, as number or numeric string', () => {
    expect(toEpochMillis(SECONDS)).toBe(MILLIS);
    expect(toEpochMillis(String(SECONDS))).toBe(MILLIS);
  });

  it('reads a 13-digit timestamp as milliseconds, as number or numeric string', () => {
    expect(toEpochMillis(MILLIS)).toBe(MILLIS);
    expect(toEpochMillis(` ${MILLIS} `)).toBe(MILLIS);
  });

  it('treats only exactly 10 digits as seconds', () => {
    expect(toEpochMillis(999_999_999)).toBe(999_999_999);
    expect(toEpochMillis(1_000_000_000)).toBe(1_000_000_000_000);
    expect(toEpochMillis(9_999_999_999)).toBe(9_999_999_999_000);
    expect(toEpochMillis(10_000_000_000)).toBe(10_000_000_000);
  });

  it('reads zone-less date texts in China time', () => {
    expect(toEpochMillis('2024-03-05 06:07:08')).toBe(MILLIS);
    expect(toEpochMillis('2024/3/5 06:07:08')).toBe(MILLIS);
    expect(toEpochMillis('2024-03-05')).toBe(Date.UTC(2024, 2, 4, 16));
    expect(toEpochMillis('2024-03-05T06:07')).toBe(MILLIS - 8000);
  });

  it('honours an explicit zone in the text', () => {
    expect(toEpochMillis('2024-03-04T22:07:08Z')).toBe(MILLIS);
    expect(toEpochMillis('2024-03-05T06:07:08+08:00')).toBe(MILLIS);
    expect(toEpochMillis('2024-03-04T17:07:08.000-0500')).toBe(MILLIS);
  });

  it('reads texts at another offset when asked', () => {
    expect(toEpochMillis('2024-03-04 22:07:08', { utcOffsetMinutes: 0 })).toBe(MILLIS);
  });

  it('returns undefined for empty or unreadable input and impossible dates', () => {
    for (const bad of [
      undefined,
      null,
      '',
      '  ',
      'tomorrow',
      '2024-13-01',
      '2023-02-29',
      '2024-01-01 24:00',
    ]) {
      expect(toEpochMillis(bad)).toBeUndefined();
    }
    expect(toEpochMillis(Number.NaN)).toBeUndefined();
    expect(toEpochMillis(new Date(Number.NaN))).toBeUndefined();
    expect(toEpochMillis('2024-02-29')).toBeDefined();
  });

  it('passes a Date through', () => {
    expect(toEpochMillis(new Date(MILLIS))).toBe(MILLIS);
  });
});

describe('formatDateTime', () => {
  it('formats in China time with the default pattern YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime(SECONDS)).toBe('2024-03-05 06:07:08');
    expect(formatDateTime(MILLIS)).toBe('2024-03-05 06:07:08');
    expect(formatDateTime(String(SECONDS))).toBe('2024-03-05 06:07:08');
  });

  it('prints the China calendar day even when UTC is still on the previous day', () => {
    expect(formatDateTime(Date.UTC(2024, 11, 31, 16, 0, 0), 'YYYY-MM-DD')).toBe('2025-01-01');
    expect(formatDateTime(Date.UTC(2024, 11, 31, 15, 59, 59), 'YYYY-MM-DD')).toBe('2024-12-31');
  });

  it('accepts other patterns built from the tokens', () => {
    expect(formatDateTime(MILLIS, 'YYYY年MM月DD日')).toBe('2024年03月05日');
    expect(formatDateTime(MILLIS, 'HH:mm')).toBe('06:07');
    expect(formatDateTime(MILLIS, 'YYYY/MM/DD ss')).toBe('2024/03/05 08');
  });

  it('formats at another offset when asked', () => {
    expect(formatDateTime(MILLIS, undefined, { utcOffsetMinutes: 0 })).toBe('2024-03-04 22:07:08');
  });

  it('returns an empty text for empty or unreadable input', () => {
    expect(formatDateTime(undefined)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });

  it('round-trips any instant to the second through the default pattern', () => {
    fc.assert(
      // From 1970-04-26: earlier instants are 10 digits in milliseconds, which spec §5 reads as seconds.
      fc.property(fc.integer({ min: 10_000_000, max: 4_102_444_800 }), (seconds) => {
        const text = formatDateTime(seconds * 1000);
        expect(toEpochMillis(text)).toBe(seconds * 1000);
      }),
    );
  });
});

describe('dateTimeParts', () => {
  it('splits an instant into China calendar fields', () => {
    expect(dateTimeParts(MILLIS)).toEqual({
      year: 2024,
      month: 3,
      day: 5,
      hour: 6,
      minute: 7,
      second: 8,
      millisecond: 0,
    });
    expect(CHINA_UTC_OFFSET_MINUTES).toBe(480);
  });
});

describe('addCalendarMonths', () => {
  const china = (text: string) => toEpochMillis(text) as number;

  it('adds calendar months keeping the China time of day', () => {
    expect(addCalendarMonths(china('2024-03-05 06:07:08'), 1)).toBe(china('2024-04-05 06:07:08'));
    expect(addCalendarMonths(china('2024-03-05 06:07:08'), 12)).toBe(china('2025-03-05 06:07:08'));
    expect(addCalendarMonths(china('2024-11-30 23:00:00'), 3)).toBe(china('2025-02-28 23:00:00'));
  });

  it('clamps to the last day of a shorter month', () => {
    expect(addCalendarMonths(china('2024-01-31 10:00:00'), 1)).toBe(china('2024-02-29 10:00:00'));
    expect(addCalendarMonths(china('2023-01-31 10:00:00'), 1)).toBe(china('2023-02-28 10:00:00'));
  });

  it('works on the China day, not the UTC day', () => {
    // 2024-01-31 00:30 in China is still Jan 30 in UTC
    expect(addCalendarMonths(china('2024-01-31 00:30:00'), 1)).toBe(china('2024-02-29 00:30:00'));
  });

  it('adds between 28 and 31 days per month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 36 }),
        (start, m) => {
          const days = (addCalendarMonths(start, m) - start) / 86_400_000;
          expect(days).toBeGreaterThanOrEqual(28 * m);
          expect(days).toBeLessThanOrEqual(31 * m);
        },
      ),
    );
  });

  it('rejects fractional months', () => {
    expect(() => addCalendarMonths(0, 1.5)).toThrow(RangeError);
  });
});

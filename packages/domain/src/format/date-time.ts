/**
 * Date parsing and formatting in China time (spec §5), without a date library.
 *
 * China has used UTC+8 without daylight saving since 1991, so a fixed offset is exact and makes client and
 * server print the same text whatever the machine's time zone.
 */

/** China Standard Time, UTC+8, in minutes east of UTC. */
export const CHINA_UTC_OFFSET_MINUTES = 480;

/** spec §5: the default format is year-month-day hour:minute:second. */
export const DEFAULT_DATE_TIME_PATTERN = 'YYYY-MM-DD HH:mm:ss';

/** A date as it comes over the wire: a timestamp (seconds or milliseconds), a date text, or a Date. */
export type DateInput = number | string | Date;

export interface TimeZoneOptions {
  /** Minutes east of UTC used to read zone-less texts and to print; China time (480) by default. */
  utcOffsetMinutes?: number;
}

/** Calendar fields of an instant as seen at a fixed UTC offset. */
export interface DateTimeParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const MINUTE_MS = 60_000;

const DATE_TEXT =
  /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

function offsetOf(options: TimeZoneOptions | undefined): number {
  return options?.utcOffsetMinutes ?? CHINA_UTC_OFFSET_MINUTES;
}

/**
 * spec §5: a 10-digit numeric timestamp is seconds; 13 digits (and any other length) are milliseconds.
 * Numeric strings count as timestamps too.
 */
function timestampToMillis(timestamp: number): number {
  const digits = String(Math.abs(Math.trunc(timestamp))).length;
  return Number.isInteger(timestamp) && digits === 10 ? timestamp * 1000 : timestamp;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 31);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** Epoch milliseconds of calendar fields read at a fixed offset. */
function fieldsToMillis(parts: DateTimeParts, utcOffsetMinutes: number): number {
  const date = new Date(0);
  date.setUTCFullYear(parts.year, parts.month - 1, parts.day);
  date.setUTCHours(parts.hour, parts.minute, parts.second, parts.millisecond);
  return date.getTime() - utcOffsetMinutes * MINUTE_MS;
}

function parseDateText(text: string, utcOffsetMinutes: number): number | undefined {
  const match = DATE_TEXT.exec(text);
  if (!match) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '0', zone] = match;
  const parts: DateTimeParts = {
    year: Number(year),
    month: Number(month),
    day: Number(day),
    hour: Number(hour),
    minute: Number(minute),
    second: Number(second),
    millisecond: Number(fraction.padEnd(3, '0')),
  };
  if (parts.month < 1 || parts.month > 12) return undefined;
  if (parts.day < 1 || parts.day > daysInMonth(parts.year, parts.month)) return undefined;
  if (parts.hour > 23 || parts.minute > 59 || parts.second > 59) return undefined;
  let offset = utcOffsetMinutes;
  if (zone !== undefined) {
    if (zone.toUpperCase() === 'Z') {
      offset = 0;
    } else {
      const sign = zone.startsWith('-') ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
    }
  }
  return fieldsToMillis(parts, offset);
}

/**
 * Epoch milliseconds of a wire date, or undefined when it cannot be read.
 *
 * spec §5: 10-digit timestamps are seconds, 13-digit ones milliseconds. Texts 'YYYY-MM-DD', 'YYYY/MM/DD',
 * optionally followed by ' HH:mm[:ss[.SSS]]' (or ISO 'T…' with Z/±hh:mm) are read in China time unless they
 * carry a zone.
 */
export function toEpochMillis(
  value: DateInput | null | undefined,
  options?: TimeZoneOptions,
): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) {
    const time = value.getTime();
    return Number.isNaN(time) ? undefined : time;
  }
  if (typeof value === 'number') {
    return Number.isFinite(value) ? timestampToMillis(value) : undefined;
  }
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+$/.test(text)) return timestampToMillis(Number(text));
  return parseDateText(text, offsetOf(options));
}

/** Calendar fields of an instant in China time (or the given offset). */
export function dateTimeParts(epochMillis: number, options?: TimeZoneOptions): DateTimeParts {
  const shifted = new Date(epochMillis + offsetOf(options) * MINUTE_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
    second: shifted.getUTCSeconds(),
    millisecond: shifted.getUTCMilliseconds(),
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/**
 * Formats a wire date; tokens YYYY, MM, DD, HH, mm, ss (spec §5, default 'YYYY-MM-DD HH:mm:ss').
 * Printed in China time by default so every machine prints the same text.
 * Returns '' when the input is empty or cannot be read.
 */
export function formatDateTime(
  value: DateInput | null | undefined,
  pattern: string = DEFAULT_DATE_TIME_PATTERN,
  options?: TimeZoneOptions,
): string {
  const millis = toEpochMillis(value, options);
  if (millis === undefined) return '';
  const parts = dateTimeParts(millis, options);
  const tokens: Record<string, string> = {
    YYYY: pad(parts.year, 4),
    MM: pad(parts.month),
    DD: pad(parts.day),
    HH: pad(parts.hour),
    mm: pad(parts.minute),
    ss: pad(parts.second),
  };
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => tokens[token] ?? token);
}

/**
 * Adds whole calendar months in China time, keeping the time of day; a day that does not exist in the
 * target month is clamped to its last day (Jan 31 + 1 month → Feb 28/29).
 * @throws RangeError when months is not an integer.
 */
export function addCalendarMonths(epochMillis: number, months: number, options?: TimeZoneOptions): number {
  if (!Number.isInteger(months)) throw new RangeError(`Months must be an integer, got ${String(months)}`);
  const offset = offsetOf(options);
  const parts = dateTimeParts(epochMillis, options);
  const monthIndex = parts.month - 1 + months;
  const year = parts.year + Math.floor(monthIndex / 12);
  const month = (((monthIndex % 12) + 12) % 12) + 1;
  const day = Math.min(parts.day, daysInMonth(year, month));
  return fieldsToMillis({ ...parts, year, month, day }, offset);
}

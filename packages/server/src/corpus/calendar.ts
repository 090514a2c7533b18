/**
 * Calendar days of the corpus as day numbers (days since 1970-01-01), read as dates in China: the corpus
 * speaks in China dates only, so no time zone enters. The reference date is an input, never the wall clock.
 */

const DAY_MS = 86_400_000;

export function dayFromIso(date: string): number {
  const [year, month, day] = date.split('-').map(Number);
  return Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS);
}

export function isoFromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday */
export function weekday(day: number): number {
  return new Date(day * DAY_MS).getUTCDay();
}

export function isWorkday(day: number): boolean {
  const dayOfWeek = weekday(day);
  return dayOfWeek !== 0 && dayOfWeek !== 6;
}

/** The day itself when it is a workday, else the next Monday: notices are rarely published at weekends. */
export function onWorkday(day: number): number {
  const dayOfWeek = weekday(day);
  return dayOfWeek === 6 ? day + 2 : dayOfWeek === 0 ? day + 1 : day;
}

export function addWorkdays(day: number, count: number): number {
  let current = day;
  for (let added = 0; added < count; ) {
    current += 1;
    if (isWorkday(current)) added += 1;
  }
  return current;
}

export function monthOf(day: number): number {
  return new Date(day * DAY_MS).getUTCMonth() + 1;
}

export function yearOf(day: number): number {
  return new Date(day * DAY_MS).getUTCFullYear();
}

/** `2024年5月6日` */
export function chineseDate(day: number): string {
  const date = new Date(day * DAY_MS);
  return `${date.getUTCFullYear()}年${date.getUTCMonth() + 1}月${date.getUTCDate()}日`;
}

/** `2024年05月06日 09:30`, the form notices give deadlines in. */
export function chineseDateTime(day: number, time: string): string {
  const date = new Date(day * DAY_MS);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getUTCFullYear()}年${pad(date.getUTCMonth() + 1)}月${pad(date.getUTCDate())}日 ${time}`;
}

/** `2024-05-06 09:30`: the import format's zone-less China time. */
export function recordDateTime(day: number, time: string): string {
  return `${isoFromDay(day)} ${time}`;
}

/**
 * How busy a publishing day is: weekdays carry the volume, government budgets start slowly in January and
 * February (Spring Festival) and rush before the year closes; the volume grows a little year on year.
 */
const MONTH_WEIGHTS = [0.7, 0.55, 1.0, 1.0, 1.05, 1.1, 1.0, 0.95, 1.05, 0.85, 1.15, 1.3] as const;

export function publishingWeight(day: number, firstDay: number, lastDay: number): number {
  const dayOfWeek = weekday(day);
  const weekFactor = dayOfWeek === 0 ? 0.06 : dayOfWeek === 6 ? 0.1 : 1;
  const trend = 1 + (0.12 * (day - firstDay)) / Math.max(1, lastDay - firstDay);
  return weekFactor * (MONTH_WEIGHTS[monthOf(day) - 1] ?? 1) * trend;
}

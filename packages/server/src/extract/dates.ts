import type { ChinaDateTime } from './types';

export interface FoundDate {
  /** Where the date starts and ends in the text searched. */
  index: number;
  end: number;
  year: number;
  month: number;
  day: number;
  /** Null when the text gives the day only. */
  hour: number | null;
  minute: number | null;
  second: number | null;
}

/**
 * One date with an optional time, as notices write them: `2025年3月5日9时30分`, `2025年03月05日 09点30分
 * （北京时间）`, `2025年3月5日（星期三）下午2:30`, `2025-03-05 09:30:00`, `2025/3/5`, `2025.3.5`.
 */
const DATE_PATTERN =
  /(?<!\d)(\d{4})\s*(?:年\s*|[-/.](?=\s*\d))(\d{1,2})\s*(?:月\s*|[-/.](?=\s*\d))(\d{1,2})(?!\d)\s*[日号]?(?:\s*[（(]\s*(?:星期|周|礼拜)[一二三四五六日天]\s*[)）])?(?:\s*(?:北京时间)?\s*(上午|下午|中午|晚上|早上|凌晨|AM|PM)?\s*(\d{1,2})\s*(?:[:：]|时|点)\s*(?:(\d{1,2})\s*(?:分(?!钟))?(?:\s*[:：]\s*(\d{1,2})\s*秒?)?|整)?)?/gi;

/** The same in Chinese numerals, as formal notices write it: `二〇二四年五月六日上午九时三十分`. */
const CHINESE_DATE_PATTERN =
  /([〇○零一二三四五六七八九]{4})\s*年\s*([一二三四五六七八九十]{1,2})\s*月\s*([一二三四五六七八九十]{1,3})\s*[日号](?:\s*(上午|下午|中午|晚上|早上|凌晨)?\s*([零一二三四五六七八九十]{1,3})\s*[时点](?:\s*([零一二三四五六七八九十]{1,3})\s*分|\s*(半)|整)?)?/g;

const CHINESE_DIGITS = '〇一二三四五六七八九';

/** `二〇二四` → 2024, `十二` → 12, `二十三` → 23, `三十` → 30. */
function chineseNumber(written: string): number {
  const digits = written.replace(/[○零]/g, '〇');
  if (!digits.includes('十')) return Number([...digits].map((char) => CHINESE_DIGITS.indexOf(char)).join(''));
  const [tens = '', ones = ''] = digits.split('十');
  return (tens ? CHINESE_DIGITS.indexOf(tens) : 1) * 10 + (ones ? CHINESE_DIGITS.indexOf(ones) : 0);
}

function isValidDay(year: number, month: number, day: number): boolean {
  if (year < 1990 || year > 2100 || month < 1 || month > 12 || day < 1) return false;
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return day <= (days[month - 1] ?? 31);
}

/** Every date (with its time when given) in a text, in order. Impossible dates are skipped. */
export function findDates(text: string): FoundDate[] {
  const found: FoundDate[] = [];
  for (const match of text.matchAll(DATE_PATTERN)) {
    const [whole, y, mo, d, meridiem, h, mi, s] = match;
    const year = Number(y);
    const month = Number(mo);
    const day = Number(d);
    if (!isValidDay(year, month, day)) continue;
    let hour = h === undefined ? null : Number(h);
    const minute = hour === null ? null : Number(mi ?? 0);
    const second = hour === null ? null : Number(s ?? 0);
    if (hour !== null && meridiem && /下午|晚上|PM/i.test(meridiem) && hour < 12) hour += 12;
    if (hour !== null && meridiem === '中午' && hour < 6) hour += 12;
    const index = match.index ?? 0;
    let end = index + whole.length;
    if (hour !== null && (hour > 24 || (minute ?? 0) > 59 || (second ?? 0) > 59)) {
      // Keep the day; the "time" was something else.
      found.push({ index, end, year, month, day, hour: null, minute: null, second: null });
      continue;
    }
    // Trailing space matched while looking for a time belongs to the text after the date.
    while (end > index && /\s/.test(text[end - 1] ?? '')) end -= 1;
    found.push({ index, end, year, month, day, hour, minute, second });
  }
  for (const match of text.matchAll(CHINESE_DATE_PATTERN)) {
    const [whole, y = '', mo = '', d = '', meridiem, h, mi, half] = match;
    const [year, month, day] = [y, mo, d].map(chineseNumber) as [number, number, number];
    if (!isValidDay(year, month, day)) continue;
    let hour = h === undefined ? null : chineseNumber(h);
    if (hour !== null && meridiem && /下午|晚上/.test(meridiem) && hour < 12) hour += 12;
    const minute = hour === null ? null : half ? 30 : mi ? chineseNumber(mi) : 0;
    const valid = hour === null || (hour <= 24 && (minute ?? 0) <= 59);
    const index = match.index ?? 0;
    found.push({
      index,
      end: index + whole.length,
      year,
      month,
      day,
      hour: valid ? hour : null,
      minute: valid ? minute : null,
      second: valid && hour !== null ? 0 : null,
    });
  }
  return found.sort((a, b) => a.index - b.index);
}

const pad = (value: number) => String(value).padStart(2, '0');

/** ISO 8601 in China time (UTC+8, no daylight saving since 1991); the date alone when no time was given. */
export function toChinaIso(
  date: Pick<FoundDate, 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second'>,
): ChinaDateTime {
  const day = `${date.year}-${pad(date.month)}-${pad(date.day)}`;
  if (date.hour === null) return day;
  if (date.hour === 24) {
    // 24:00 is the end of the day: the next day's 00:00.
    const next = new Date(Date.UTC(date.year, date.month - 1, date.day + 1));
    return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}T00:00:00+08:00`;
  }
  return `${day}T${pad(date.hour)}:${pad(date.minute ?? 0)}:${pad(date.second ?? 0)}+08:00`;
}

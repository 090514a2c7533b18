import { decodeEntities, htmlToText, looksLikeHtml } from '../extract/normalize';

/**
 * How long the contract of an award notice runs (src/renewal/README.md): 服务期：三年, 合同履行期限：自合同签订之日起
 * 12个月, 服务期限：2023年1月1日至2025年12月31日. Read from the text after a period label; a notice without one
 * has no period (a 工期 or 交货期 is the time to build or deliver, not a contract that comes up again).
 */
export interface ServicePeriod {
  /** The phrase as the notice words it, label included (`服务期：三年`). */
  text: string;
  /** Length in months; days count as days × 12 / 365, rounded to one decimal. */
  months: number;
  /** 'YYYY-MM-DD' when the notice names the first day (`2023年1月1日至…`). */
  startDate: string | null;
  /** 'YYYY-MM-DD' when the notice names the last day. */
  endDate: string | null;
}

/** The labels a period follows, longest first so that 服务期限 is not read as 服务期 + 限. */
const LABELS = [
  '合同履行期限',
  '合同履约期限',
  '合同服务期限',
  '合同有效期',
  '合同期限',
  '服务期限',
  '服務期限',
  '经营期限',
  '經營期限',
  '服务年限',
  '服务时间',
  '服務時間',
  '服务周期',
  '履行期限',
  '履约期限',
  '租赁期限',
  '托管期限',
  '承包期限',
  '运维期限',
  '维保期限',
  '合同期',
  '服务期',
  '服務期',
  '运维期',
  '维保期',
  '租赁期',
];

const DIGIT_OF: Record<string, number> = {
  〇: 0,
  零: 0,
  一: 1,
  壹: 1,
  二: 2,
  贰: 2,
  两: 2,
  三: 3,
  叁: 3,
  四: 4,
  肆: 4,
  五: 5,
  伍: 5,
  六: 6,
  陆: 6,
  七: 7,
  柒: 7,
  八: 8,
  捌: 8,
  九: 9,
  玖: 9,
};

/** 一, 两, 十二, 二十四, 三百六十五, or Arabic digits; undefined for anything else. */
export function chineseNumber(text: string): number | undefined {
  if (/^\d+(?:\.\d+)?$/.test(text)) return Number(text);
  let total = 0;
  let digit = 0;
  let seen = false;
  for (const char of text) {
    if (char in DIGIT_OF) {
      digit = DIGIT_OF[char] as number;
      seen = true;
    } else if (char === '十' || char === '拾') {
      total += (seen ? digit : 1) * 10;
      digit = 0;
      seen = false;
    } else if (char === '百' || char === '佰') {
      total += digit * 100;
      digit = 0;
      seen = false;
    } else return undefined;
  }
  return total + digit;
}

const NUMBER = '(\\d+(?:\\.\\d+)?|[〇零一壹二贰两三叁四肆五伍六陆七柒八捌九玖十拾百佰]+)';
const DURATION = new RegExp(`${NUMBER}\\s*(?:个)?\\s*(年|月|日历天|个日历日|日历日|天|日|周|星期)`);
const DAY = '(\\d{4})\\s*(?:年|-|\\.|/)\\s*(\\d{1,2})\\s*(?:月|-|\\.|/)\\s*(\\d{1,2})\\s*日?';
const RANGE = new RegExp(`${DAY}\\s*(?:起)?\\s*(?:至|到|—|－|-|~|～)\\s*${DAY}`);
const MONTH_RANGE =
  /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(?:起)?\s*(?:至|到|—|－|-|~|～)\s*(\d{4})\s*年\s*(\d{1,2})\s*月(?!\s*\d)/;

const pad2 = (value: number) => String(value).padStart(2, '0');

function isoDay(year: string, month: string, day: string): string | null {
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return date.toISOString().slice(0, 10);
}

function lastDayOfMonth(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/** Whole months from `start` to the day after `end`, plus the days left over as a fraction. */
export function monthsBetween(start: string, end: string): number {
  const from = new Date(`${start}T00:00:00Z`);
  const after = new Date(`${end}T00:00:00Z`);
  after.setUTCDate(after.getUTCDate() + 1);
  let months =
    (after.getUTCFullYear() - from.getUTCFullYear()) * 12 + after.getUTCMonth() - from.getUTCMonth();
  let anchor = addMonths(start, months);
  if (anchor > isoOf(after)) {
    months -= 1;
    anchor = addMonths(start, months);
  }
  const leftDays = (after.getTime() - new Date(`${anchor}T00:00:00Z`).getTime()) / 86_400_000;
  return Math.round((months + (leftDays * 12) / 365) * 10) / 10;
}

const isoOf = (date: Date) => date.toISOString().slice(0, 10);

/** 'YYYY-MM-DD' moved by whole months, the day kept or cut to the month's last. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const index = year * 12 + month - 1 + months;
  const lastDay = new Date(Date.UTC(Math.floor(index / 12), (index % 12) + 1, 0)).getUTCDate();
  return `${Math.floor(index / 12)}-${pad2((index % 12) + 1)}-${pad2(Math.min(date, lastDay))}`;
}

export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return isoOf(date);
}

function durationMonths(count: number, unit: string): number {
  if (unit === '年') return count * 12;
  if (unit === '月') return count;
  if (unit === '周' || unit === '星期') return Math.round(((count * 7 * 12) / 365) * 10) / 10;
  return Math.round(((count * 12) / 365) * 10) / 10;
}

/** The period in the words after one label (up to the end of the clause). */
function periodIn(label: string, clause: string): ServicePeriod | null {
  const range = RANGE.exec(clause);
  if (range) {
    const [, y1, m1, d1, y2, m2, d2] = range as unknown as string[];
    const startDate = isoDay(y1 as string, m1 as string, d1 as string);
    const endDate = isoDay(y2 as string, m2 as string, d2 as string);
    if (startDate && endDate && endDate >= startDate) {
      return {
        text: `${label}${clause.slice(0, range.index + range[0].length)}`,
        months: monthsBetween(startDate, endDate),
        startDate,
        endDate,
      };
    }
  }
  const monthRange = MONTH_RANGE.exec(clause);
  if (monthRange) {
    const [, y1, m1, y2, m2] = (monthRange as unknown as string[]).map(Number) as number[];
    if ((m1 as number) >= 1 && (m1 as number) <= 12 && (m2 as number) >= 1 && (m2 as number) <= 12) {
      const startDate = `${y1}-${pad2(m1 as number)}-01`;
      const endDate = lastDayOfMonth(y2 as number, m2 as number);
      if (endDate >= startDate) {
        return {
          text: `${label}${clause.slice(0, monthRange.index + monthRange[0].length)}`,
          months: monthsBetween(startDate, endDate),
          startDate,
          endDate,
        };
      }
    }
  }
  // 合同一年一签 is how often the contract is renewed; the period is the total the clause states besides it.
  const duration = DURATION.exec(
    clause.replace(/[一1]\s*年\s*一\s*签/g, (signing) => '　'.repeat(signing.length)),
  );
  // 施工工期的基础上再增加90天 measures from a build time the notice does not state: no length of its own.
  if (duration && !/工期|施工/.test(clause.slice(0, duration.index))) {
    const count = chineseNumber(duration[1] as string);
    if (count !== undefined && count > 0) {
      const months = durationMonths(count, duration[2] as string);
      // Longer than ten years is a 质保期 or a concession, not a service contract that comes up again; under a
      // month is a goods notice's 交货期 (交货 within 5日), not a service that is bought again.
      if (months <= 120 && months >= 1) {
        return {
          text: `${label}${clause.slice(0, duration.index + duration[0].length)}`,
          months,
          startDate: null,
          endDate: null,
        };
      }
    }
  }
  return null;
}

/** Full-width digits and letters to ASCII, odd spaces to spaces; the phrase keeps its own spacing. */
function halfWidth(text: string): string {
  return text
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff0e\uff0d\uff5e]/g, (char) =>
      String.fromCharCode(char.charCodeAt(0) - 0xfee0),
    );
}

const SPLIT_UNIT = new RegExp(`${NUMBER}[ \\t]*\\n\\s*(个|年|月|日历天|天|日)`);
const LABEL_PATTERN = new RegExp(`(${LABELS.join('|')})`, 'g');
/** Where a clause stops: the sentence's end, the next field, or 60 characters. */
const CLAUSE_END = /[。；;\n]|[，,]\s*(?:[^，,。；;\n]{0,8}[：:])/;

/** The first stated contract period of a notice's text (HTML or plain), or null. */
export function extractServicePeriod(input: string): ServicePeriod | null {
  const text = looksLikeHtml(input) ? htmlToText(input).text : decodeEntities(input);
  for (const match of text.matchAll(LABEL_PATTERN)) {
    const start = match.index + match[0].length;
    // Only the words after a label are normalised: a notice is read once per import.
    // A number and its unit split across a line break (三\n年) are one length.
    const after = halfWidth(text.slice(start, start + 120)).replace(SPLIT_UNIT, '$1$2');
    const end = CLAUSE_END.exec(after);
    const clause = (end ? after.slice(0, end.index) : after).slice(0, 60);
    const period = periodIn(match[0], clause);
    if (period) return period;
  }
  return periodInTable(text);
}

const TABLE_LABEL = new RegExp(`^(?:${LABELS.join('|')})$`);

/** A period in a table cell under a label column (`| 服务时间 |` over `| 合同签订之日起12个月 |`). */
function periodInTable(text: string): ServicePeriod | null {
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (!line.includes('|')) continue;
    const header = line.split('|').map((cell) => cell.trim());
    const column = header.findIndex((cell) => TABLE_LABEL.test(cell));
    if (column < 0) continue;
    for (const row of lines.slice(index + 1, index + 6)) {
      if (!row.includes('|')) break;
      const cell = row.split('|')[column]?.trim();
      const period = cell ? periodIn(`${header[column]}：`, halfWidth(cell).slice(0, 60)) : null;
      if (period) return period;
    }
  }
  return null;
}

/**
 * The day the contract is expected to end: the notice's own last day, else its first day (or, when it names
 * none, the award's publishing day: contracts are signed within days of it) plus the period, less one day.
 */
export function predictedEndDate(period: ServicePeriod, publishDate: string): string {
  if (period.endDate) return period.endDate;
  const start = period.startDate ?? publishDate;
  const whole = Math.floor(period.months);
  const leftDays = Math.round(((period.months - whole) * 365) / 12);
  return addDays(addMonths(start, whole), leftDays - 1);
}

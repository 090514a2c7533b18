import { bounded, MAX_MATCH_CHARS } from './bounded';
import { type FoundDate, findDates, toChinaIso } from './dates';
import { lineStartBefore } from './labels';
import type { ExtractedDeadlines } from './types';

type DateRole = 'bid' | 'opening' | 'documents';

interface ClassifiedDate {
  date: FoundDate;
  roles: Set<DateRole>;
  /** Stated as the new value of a correction (`更正为`, `变更后的…`, `延期至`). */
  corrected: boolean;
}

const BID = /截止|截标/;
const BID_SUBJECT =
  /投标|截标|竞价|响应|应答|报价|递交|提交|接收|上传|申请文件|磋商文件|谈判文件|询价文件|投标文件/;
const NOT_BID = /资格预审|报名|获取|领取|购买|下载|发售|质疑|疑问|澄清|答疑|公示期|异议|保证金/;
const OPENING = /开标|开启|唱标|磋商时间|谈判时间|开标时间|开评标/;
const DOCUMENTS = /获取|领取|购买|下载|发售|出售|报名/;
/** `已获取采购文件的供应商，请于…前联系`: not the period to obtain them. */
const NOT_DOCUMENTS = /已(?:获取|领取|购买|下载)|联系|退还|退款/;
const CORRECTION_AT_END = /(?:更正|变更|调整|修改|延期|延长|推迟|顺延|改)(?:后)?(?:为|至|到)[:：]?\s*$/;
const CORRECTED_LINE =
  /^[ ]*(?:[一二三四五六七八九十\d]{1,3}[、.．][ ]*)?(?:现(?:更正|变更|调整)|更正后|变更后|调整后)(?:为|内容|信息)?[:：]/;
const CORRECTION_WORDS = /变更后|更正后|调整后|延期后|修改后|现(?:更正|变更|调整)|新的/;
/** `…前递交投标文件`: the date before is the bid deadline whatever preceded it. */
const DEADLINE_AFTER = /^\s*(?:[（(][^）)]{0,12}[)）])?\s*(?:之)?前\s*(?:递交|提交|上传|送达|将)/;
const RANGE_GAP = /^\s*(?:[（(][^）)]{0,12}[)）])?\s*(?:至|到|—|-|~|～|起至)\s*$/;
/** `响应文件递交时间：A 至 B`: a window for handing bids in, whose end is the deadline. */
const SUBMISSION_WINDOW =
  /(?:投标|响应|申请)文件(?:递交|提交|接收|上传)时间|(?:递交|提交|接收)(?:投标|响应|申请)文件(?:的)?时间|(?:^|[\s、.．:：\d）)])(?:投标|报价|应答)时间[:：]?\s*$/;
/** `递交投标文件时间：2025年3月26日8:30-9:30`: the hours of the day the bids are handed in, the last one the deadline. */
const DAY_SPAN =
  /^\s*[-—–~～至到]\s*(\d{1,2})\s*日(?:\s*\d{1,2}\s*[:：]\s*\d{2}\s*[-—–~～至到]\s*(\d{1,2})\s*[:：]\s*(\d{2}))?/;
const SAME_DAY_UNTIL = /^\s*(?:[-—–~～至到]|起至)\s*(\d{1,2})\s*[:：时点]\s*(\d{1,2})?/;

/** The words that say what a date is: its sentence up to the date, and the line before when it starts a line. */
function contextBefore(text: string, date: FoundDate, previousEnd: number): string {
  const lineStart = lineStartBefore(text, date.index);
  const window = text.slice(lineStart, date.index);
  // A page flattened to one line keeps its numbered items apart only by their numbers (`…地点： 1、投标文件递交时间：`).
  const item = [...window.matchAll(/\s(?:\d{1,2}|[一二三四五六七八九十]{1,3})[、．](?!\d)/g)].at(-1);
  const sentenceStart = Math.max(
    lineStart,
    previousEnd,
    item ? lineStart + item.index + 1 : 0,
    ...['。', '；', ';'].map((mark) => {
      const at = window.lastIndexOf(mark);
      return at === -1 ? 0 : lineStart + at + 1;
    }),
  );
  let context = text.slice(sentenceStart, date.index);
  if (
    sentenceStart === lineStart &&
    context.replace(/[\s:：\t]|时间|日期/g, '').length < 4 &&
    lineStart > 0
  ) {
    // Only a heading above says what the date under it is (`四、提交投标文件截止时间、开标时间和地点`).
    const previousLineStart = lineStartBefore(text, lineStart - 1);
    const previousLine = text.slice(previousLineStart, lineStart - 1);
    if (previousLine.length <= 40 && findDates(previousLine).length === 0)
      context = `${previousLine}\n${context}`;
  }
  return context.slice(-80);
}

/** The rest of a date's sentence (to 。 or the end of the line), at most 120 characters. */
function sentenceAfter(text: string, date: FoundDate): string {
  const rest = text.slice(date.end, date.end + 120);
  const end = rest.search(/[。\n]/);
  return end === -1 ? rest : rest.slice(0, end);
}

/** Daily hours after a documents period (`每天上午09:00至12:00，下午14:00至17:00`): the first start, the last end. */
function dailyHours(sentence: string): { start: [number, number]; end: [number, number] } | undefined {
  const ranges = [
    ...sentence.matchAll(
      /(上午|下午)?\s*(\d{1,2})\s*(?:[:：时点])\s*(\d{1,2})?\s*分?\s*(?:至|到|-|—|~|～)\s*(上午|下午)?\s*(\d{1,2})\s*(?:[:：时点])\s*(\d{1,2})?\s*分?/g,
    ),
  ];
  const first = ranges[0];
  const last = ranges.at(-1);
  if (!first || !last) return undefined;
  const hour = (value: string | undefined, meridiem: string | undefined) => {
    const h = Number(value ?? 0);
    return meridiem === '下午' && h < 12 ? h + 12 : h;
  };
  const start: [number, number] = [hour(first[2], first[1]), Number(first[3] ?? 0)];
  const end: [number, number] = [hour(last[5], last[4] ?? last[1]), Number(last[6] ?? 0)];
  if (start[0] > 23 || end[0] > 24 || start[1] > 59 || end[1] > 59) return undefined;
  return { start, end };
}

/**
 * The deadlines of a notice, read from the words around each date: the time bidding documents can be obtained
 * (a range, with daily hours applied when the days carry none), the bid deadline and the opening. A correction's
 * new value (`由…更正为…`, `变更后的投标截止时间`) wins over the first statement. Null when none is stated.
 */
export function extractDeadlines(text: string): ExtractedDeadlines | null {
  const dates = findDates(text);
  const classified: ClassifiedDate[] = [];
  let previousEnd = 0;
  let lastRoles: Set<DateRole> = new Set();
  let windowEnd = false;
  for (const [at, date] of dates.entries()) {
    const before = contextBefore(text, date, previousEnd);
    const after = text.slice(date.end, date.end + 20);
    const roles = new Set<DateRole>();
    // `三、现更正:…递交时间:A至B 递交截止时间:C`: every date of a line the correction heads is a corrected one.
    const lineHead = bounded(text, lineStartBefore(text, date.index), date.index);
    let corrected = CORRECTION_WORDS.test(before) || CORRECTED_LINE.test(lineHead);
    if (CORRECTION_AT_END.test(before)) {
      corrected = true;
      for (const role of lastRoles) roles.add(role);
    }
    // `…前将报名资料发送至`, `…前递交投标保证金`: what is handed in then is no bid.
    if ((DEADLINE_AFTER.test(after) && !NOT_BID.test(after)) || windowEnd) {
      roles.add('bid');
    } else if (roles.size === 0) {
      if (BID.test(before) && BID_SUBJECT.test(before) && !NOT_BID.test(before)) {
        roles.add('bid');
      }
      if (OPENING.test(before)) roles.add('opening');
      if (
        roles.size === 0 &&
        DOCUMENTS.test(before) &&
        /文件|时间|期限/.test(before) &&
        !NOT_DOCUMENTS.test(before)
      ) {
        roles.add('documents');
      }
      // `请于…至…，登录…下载招标文件`: the words come after the period.
      if (
        roles.size === 0 &&
        /请于|于$/.test(before) &&
        /(?:获取|领取|购买|下载|发售)[^。\n]{0,12}文件/.test(sentenceAfter(text, date))
      ) {
        roles.add('documents');
      }
    }
    const next = dates[at + 1];
    const submission = roles.size === 0 && SUBMISSION_WINDOW.test(before);
    windowEnd = submission && next !== undefined && RANGE_GAP.test(bounded(text.slice(date.end, next.index)));
    if (submission && !windowEnd && !CORRECTION_AT_END.test(before)) {
      // A single time to hand the bids in is their deadline; a span of hours that day ends at its last hour.
      roles.add('bid');
      // `2019年7月9-11日8:30—16:00`: days and hours written as spans; the bids are in by the last of both.
      const days = DAY_SPAN.exec(after);
      if (days && date.hour === null) {
        date.day = Number(days[1]);
        if (days[2] !== undefined) {
          date.hour = Number(days[2]);
          date.minute = Number(days[3]);
          date.second = 0;
        }
      }
      const until = SAME_DAY_UNTIL.exec(after);
      if (until && date.hour !== null) {
        date.hour = Number(until[1]);
        date.minute = Number(until[2] ?? 0);
        date.second = 0;
      }
    }
    classified.push({ date, roles, corrected });
    if (roles.size > 0) lastRoles = roles;
    previousEnd = date.end;
  }

  const pick = (role: DateRole): ClassifiedDate | undefined =>
    classified.filter((item) => item.roles.has(role) && item.corrected).at(-1) ??
    classified.find((item) => item.roles.has(role));

  const bid = pick('bid');
  let opening = pick('opening');
  if (!opening && bid && /开标[^。\n]{0,12}(?:同|与|即)[^。\n]{0,10}截止/.test(text)) opening = bid;

  let documentsFrom: string | null = null;
  let documentsUntil: string | null = null;
  const documents = pick('documents');
  if (documents) {
    const at = classified.indexOf(documents);
    const next = classified[at + 1];
    // A gap longer than a value reader reads is no range's `至`.
    const hasRange =
      next !== undefined &&
      next.date.index - documents.date.end <= MAX_MATCH_CHARS &&
      RANGE_GAP.test(bounded(text, documents.date.end, next.date.index));
    const from = { ...documents.date };
    const until = hasRange && next ? { ...next.date } : undefined;
    if (until) {
      const sentence = sentenceAfter(text, until);
      const hours = from.hour === null && until.hour === null ? dailyHours(sentence) : undefined;
      if (hours) {
        [from.hour, from.minute] = hours.start;
        [until.hour, until.minute] = hours.end;
        from.second = 0;
        until.second = 0;
      }
      documentsFrom = toChinaIso(from);
      documentsUntil = toChinaIso(until);
    } else if (
      /^\s*(?:[（(][^）)]{0,12}[)）])?\s*(?:之)?前/.test(bounded(text, documents.date.end)) ||
      /截止/.test(text.slice(Math.max(0, documents.date.index - 40), documents.date.index))
    ) {
      documentsUntil = toChinaIso(from);
    } else {
      documentsFrom = toChinaIso(from);
    }
  }

  const result: ExtractedDeadlines = {
    documentsFrom,
    documentsUntil,
    bidDeadline: bid ? toChinaIso(bid.date) : null,
    openingTime: opening ? toChinaIso(opening.date) : null,
  };
  return Object.values(result).some((value) => value !== null) ? result : null;
}

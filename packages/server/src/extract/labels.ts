import { MAX_MATCH_CHARS } from './bounded';
/**
 * Label/value reading over the normalised text (normalize.ts): `项目编号：ZJ-2025-001`, `名 称：…` (spaces
 * inside labels), `预算金额（万元）：380`, a label cell and its value cell (`项目名称\t…`), and a value on the
 * line after its label.
 */

export interface LabeledValue {
  /** The label as written. */
  label: string;
  /** What stood in brackets after the label: `万元` in `预算金额（万元）`, `如有` in `最高限价（如有）`. */
  qualifier: string;
  value: string;
  /** Offset of the label in the text. */
  index: number;
  /** Offset of the value in the text (the line after the label's when the value stands there). */
  valueIndex: number;
  /** The label stood alone on its line, without a colon (`采购单位\n…`): weaker evidence than `label：`. */
  ownLine?: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `名称` → `名[ ]*称`: notices pad labels with spaces (`名 称`, `地　址`). */
export function labelSource(label: string): string {
  return [...label].map(escapeRegExp).join('[ ]*');
}

/** Numbering that may stand before a label: `1.` `1、` `（一）` `(2)` `一、` `①` (and then `本`: `7. 本项目预算：`). */
const NUMBERING = String.raw`(?:(?:[（(]?[一二三四五六七八九十\d]{1,3}[)）.、．]|\d{1,2}(?:[.．]\d{1,2})+|[①-⑳])[ ]*)*`;

const LABEL_CACHE = new Map<string, RegExp>();

function labelRegExp(labels: readonly string[]): RegExp {
  const key = labels.join('|');
  let pattern = LABEL_CACHE.get(key);
  if (!pattern) {
    // Longest first so that 采购项目名称 wins over 项目名称 at the same place. A flattened page runs a section's
    // heading into its first label (`一、项目名称采购项目名称：…`).
    const alternatives = [...labels].sort((a, b) => b.length - a.length).map(labelSource);
    pattern = new RegExp(
      String.raw`(?:^|(?<=[\n\t，,。；;、 :：的（(]|[一二三四五六七八九十]{1,2}、[\u4e00-\u9fa5]{2,6}(?:名称|编号|信息|概况)))${NUMBERING}(?:本[ ]*)?(${alternatives.join('|')})[ ]*(?:[（(]([^）)\n\t]{0,40})[）)])?[ ]*(?:为(?=[:：]))?([:：]|\t)(?:(?<=[:：])[ \t]*|[ ]*)`,
      'g',
    );
    LABEL_CACHE.set(key, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

function cachedRegExp(key: string, source: () => string): RegExp {
  let pattern = LABEL_CACHE.get(key);
  if (!pattern) {
    pattern = new RegExp(source(), 'g');
    LABEL_CACHE.set(key, pattern);
  }
  pattern.lastIndex = 0;
  return pattern;
}

const alternation = (labels: readonly string[]) =>
  [...labels]
    .sort((a, b) => b.length - a.length)
    .map(labelSource)
    .join('|');

/**
 * Labels unmistakable enough to be read where a flattened page writes them straight after the value before,
 * with no separator: a party's name (`…管理处采购代理机构名称：…`) and a phone label before a number
 * (`…有限公司电话：0731-…`, `…140号联系方式: 0411-…`, but not `传真电话`).
 */
function runTogetherRegExps(labels: readonly string[]): RegExp[] {
  const named = labels.filter((label) => label.length >= 5 && /(?:名称|全称)$/.test(label));
  const phones = labels.filter((label) => /(?:电话|手机|联系方式)$/.test(label));
  const sums = labels.filter((label) => label.length >= 4 && /(?:金额|总价)$/.test(label));
  const codes = labels.filter((label) => label.length >= 4 && /编号$/.test(label));
  const patterns: RegExp[] = [];
  if (sums.length > 0) {
    // `…有限公司成交金额：壹拾叁万…`: a sum's label written straight after the name before it.
    patterns.push(
      cachedRegExp(
        `joined-sum:${sums.join('|')}`,
        () =>
          String.raw`(?<=[\u4e00-\u9fa5)）])(${alternation(sums)})()[ ]*([:：])[ ]*(?=[\d￥¥壹贰叁肆伍陆柒捌玖拾人])`,
      ),
    );
  }
  if (codes.length > 0) {
    // `…工程施工项目编号：A4313810001000038`, `…服务项目编号:(ORDOS…)`: a code's label written straight after the name
    // before it.
    patterns.push(
      cachedRegExp(
        `joined-code:${codes.join('|')}`,
        () => String.raw`(?<=[\u4e00-\u9fa5])(${alternation(codes)})()[ ]*([:：])[ ]*(?=[（(]?[A-Za-z\d])`,
      ),
    );
  }
  if (named.length > 0) {
    patterns.push(
      cachedRegExp(
        `joined:${named.join('|')}`,
        () => String.raw`(?<=[\u4e00-\u9fa5])(${alternation(named)})()[ ]*([:：])[ ]*`,
      ),
    );
  }
  if (phones.length > 0) {
    patterns.push(
      cachedRegExp(
        `joined-phone:${phones.join('|')}`,
        () =>
          String.raw`(?<=[\u4e00-\u9fa5\d])(?<!传[ ]*真)(${alternation(phones)})()[ ]*([:：])[ ]*(?=[\d(（+])`,
      ),
    );
  }
  return patterns;
}

/** The label matches from `from` on, in text order; with `runTogether` also the party names written on. */
function labelMatches(
  scope: string,
  labels: readonly string[],
  from: number,
  runTogether: boolean,
): RegExpExecArray[] {
  const matches: RegExpExecArray[] = [];
  for (const pattern of [labelRegExp(labels), ...(runTogether ? runTogetherRegExps(labels) : [])]) {
    pattern.lastIndex = from;
    for (let match = pattern.exec(scope); match; match = pattern.exec(scope)) {
      matches.push(match);
      // Continue right after the label: its value may hold the next label (`项目编号：\t项目名称：…`).
      pattern.lastIndex = match.index + Math.max(1, match[0].length);
    }
  }
  // `采购代理机构名称：` read by both patterns, or `代理机构名称` inside it: keep the longest label ending there.
  const byEnd = new Map<number, RegExpExecArray>();
  for (const match of matches) {
    const end = match.index + match[0].length;
    const kept = byEnd.get(end);
    if (!kept || match.index < kept.index) byEnd.set(end, match);
  }
  return [...byEnd.values()].sort((a, b) => a.index - b.index);
}

/**
 * Labels that end a value even when written straight after it: pages flattened to one line run their fields
 * together (`采购人名称：长沙市XX处采购代理机构名称：湖南XX公司电话：0731-…`), and no name or number holds them.
 */
const RUN_TOGETHER_LABEL =
  /(?:采购代理机构|招标代理机构|代理机构|采购人|采购单位|招标人)(?:名称|全称)?[:：]|(?:联系)?(?:电[ ]?话|地[ ]?址|传[ ]?真)[:：]|联系人[:：]|联系方式[:：]|邮政编码[:：]|(?:中标|成交)(?:（成交）|\(成交\))?(?:金额|价格?|总价)[:：]|[一二三四五六七八九十]{1,2}、[\u4e00-\u9fa5]{2,8}(?:信息|情况|结果)|首次公告日期[:：]|原公告的?(?:采购)?项目(?:编号|名称)[:：]|更正(?:事项|内容|日期)[:：]/;

/**
 * A following `label：` in the same cell ends a value: `王工 电话：138…` → `王工`, `XX工程 2. 项目编号：…` and
 * `XX项目 （2）采购计划编号：…` and `XX项目 2.2采购编号：…` → the name, as does one with readings (`预(yù)算金额:`);
 * so does a flattened table's header (`五湖路二标 序号 项目名称 …`).
 */
function cutAtNextLabel(value: string): string {
  const next =
    /[ ]+(?=(?:\d{1,3}(?:[.．]\d{1,3})+[.、．]?[ ]*|\d{1,3}[.、．][ ]*|[（(][\d一二三四五六七八九十]{1,3}[)）][ ]*)?[\u4e00-\u9fa5（）()A-Za-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü ]{2,16}[:：])|[ ]*[;；,，][ ]*(?=[\u4e00-\u9fa5]{2,10}(?:为)?[:：])|[ ]+(?=序号[ ])/.exec(
      value,
    );
  const spaced = next ? value.slice(0, next.index) : value;
  const joined = RUN_TOGETHER_LABEL.exec(spaced);
  return (joined && joined.index > 0 ? spaced.slice(0, joined.index) : spaced).trim();
}

/** Whether a line starts with a label of its own (so it is not the value of the line before). */
function startsWithLabel(line: string): boolean {
  return /^[^\t：:]{1,16}[：:]/.test(line) || /^[一二三四五六七八九十]+[、.．]/.test(line);
}

/** Where the line holding `index` ends (its `\n`, the end of the text, or MAX_MATCH_CHARS further). */
export function lineEndAfter(text: string, index: number): number {
  const end = text.indexOf('\n', index);
  const limit = Math.min(text.length, index + MAX_MATCH_CHARS);
  return end === -1 || end > limit ? limit : end;
}

/** Where the line holding `index` starts (after its `\n`, or at most MAX_MATCH_CHARS back). */
export function lineStartBefore(text: string, index: number): number {
  const from = Math.max(0, index - MAX_MATCH_CHARS);
  const start = text.slice(from, index).lastIndexOf('\n');
  return start === -1 ? from : from + start + 1;
}

/** A table header cell (`供应商地址`, `中标金额（元）`): what stands beside a header is another header, not a value. */
const HEADER_CELL =
  /^[\u4e00-\u9fa5（）()]{0,10}(?:名称|地址|金额|报价|价格|编号|序号|备注|内容|数量|单位|时间|日期|方式|包号|标段|排名|名次|描述|规格|型号|参数)(?:[（(](?:元|万元)[）)])?$/;

/**
 * A label followed by a tab is a label cell only in a label/value table: the label at an even cell of a row with
 * an even number of cells (`项目名称\t…` or `项目编号\t…\t项目名称\t…`), and its neighbour not a header itself.
 * The header row of a data table (`序号\t包号\t供应商名称\t…`) is not.
 */
function isLabelCell(text: string, labelIndex: number, value: string): boolean {
  const lineStart = lineStartBefore(text, labelIndex);
  const lineEnd = lineEndAfter(text, labelIndex);
  const line = text.slice(lineStart, lineEnd);
  const cells = line.split('\t');
  const cellIndex = text.slice(lineStart, labelIndex).split('\t').length - 1;
  return cells.length % 2 === 0 && cellIndex % 2 === 0 && !HEADER_CELL.test(value.trim());
}

/**
 * The value cell of a label cell followed by empty cells: read as a label cell of the row without its empty
 * cells (an even number of them, the label at an even one), the next non-empty cell being its value.
 */
function valueAfterEmptyCells(
  text: string,
  labelIndex: number,
  rest: string,
): { value: string; offset: number } | null {
  const lineStart = lineStartBefore(text, labelIndex);
  const line = text.slice(lineStart, lineEndAfter(text, labelIndex));
  const filled = line.split('\t').filter((cell) => cell.trim() !== '');
  const before = text
    .slice(lineStart, labelIndex)
    .split('\t')
    .filter((cell) => cell.trim() !== '').length;
  if (filled.length % 2 !== 0 || before % 2 !== 0) return null;
  const gap = /^[ \t]*/.exec(rest)?.[0].length ?? 0;
  const value = rest.slice(gap).split('\t')[0] ?? '';
  return value.trim() === '' || HEADER_CELL.test(value.trim()) ? null : { value, offset: gap };
}

/**
 * Every value given under one of the labels, in text order. A label followed by a tab takes the next cell; a
 * label with an empty value takes the next line when that line is not a label itself. `runTogether` also reads
 * party-name and phone labels written straight after the value before them (`…管理处采购代理机构名称：`);
 * `ownLine` also labels alone on their line with the value on the next (`采购单位\n清河市人民医院`).
 */
export function findLabeled(
  text: string,
  labels: readonly string[],
  from = 0,
  to = text.length,
  { runTogether = false, ownLine = false }: { runTogether?: boolean; ownLine?: boolean } = {},
): LabeledValue[] {
  const scope = text.slice(0, to);
  const results: LabeledValue[] = [];
  for (const match of labelMatches(scope, labels, from, runTogether)) {
    const [whole, label = '', qualifier = '', separator] = match;
    const valueStart = match.index + whole.length;
    const lineEnd = lineEndAfter(scope, valueStart);
    const rest = scope.slice(valueStart, lineEnd);
    let value: string;
    let valueIndex = valueStart;
    if (separator === '\t') {
      value = rest.split('\t')[0] ?? '';
      if (value.trim() === '') {
        // `招标人\t\t宜昌市…`: a merged or spacer cell left empty between the label and its value.
        const spaced = valueAfterEmptyCells(scope, match.index, rest);
        if (!spaced) continue;
        value = spaced.value;
        valueIndex = valueStart + spaced.offset;
      } else if (!isLabelCell(scope, match.index, value)) continue;
    } else {
      const cells = rest.split('\t');
      value = cells[0] ?? '';
      if (value.trim() === '' && cells.length > 1) {
        value = cells[1] ?? '';
        valueIndex = valueStart + (cells[0]?.length ?? 0) + 1;
      }
    }
    if (value.trim() === '' && scope[lineEnd] === '\n' && !rest.includes('\t')) {
      const nextLine = scope.slice(lineEnd + 1, lineEndAfter(scope, lineEnd + 1));
      if (!startsWithLabel(nextLine)) {
        value = nextLine.split('\t')[0] ?? '';
        valueIndex = lineEnd + 1;
      }
    }
    results.push({
      label: label.replace(/ /g, ''),
      qualifier: qualifier.trim(),
      value: cutAtNextLabel(value),
      index: match.index,
      valueIndex,
    });
  }
  if (ownLine) results.push(...ownLineLabels(scope, labels, from), ...spacedLabels(scope, labels, from));
  return results.sort((a, b) => a.index - b.index);
}

/**
 * A label alone on its line with its value on the next (a table a crawler wrote out one cell per line:
 * `采购单位\n清河市人民医院`). Labels of three characters or more, and only when the next line is not a label
 * or heading itself.
 */
function ownLineLabels(scope: string, labels: readonly string[], from: number): LabeledValue[] {
  const long = labels.filter((label) => label.length >= 3);
  if (long.length === 0) return [];
  const pattern = cachedRegExp(
    `own-line:${long.join('|')}`,
    () =>
      String.raw`(?<=^|\n)[ ]*${NUMBERING}(${alternation(long)})[ ]*(?:[（(]([^）)\n\t]{0,20})[）)])?[ ]*(?=\n)`,
  );
  pattern.lastIndex = from;
  const results: LabeledValue[] = [];
  for (let match = pattern.exec(scope); match; match = pattern.exec(scope)) {
    let valueIndex = match.index + match[0].length + 1;
    // A numbered heading over its value with a blank line between (`一、项目编号\n\nWHJK-…`).
    const blank = /^(?:[ ]*\n){1,2}/.exec(scope.slice(valueIndex, valueIndex + 8));
    if (blank) valueIndex += blank[0].length;
    const nextLine = scope.slice(valueIndex, lineEndAfter(scope, valueIndex));
    pattern.lastIndex = valueIndex;
    const bare = nextLine.trim();
    if (bare === '' || nextLine.includes('\t') || startsWithLabel(nextLine) || isTopHeading(nextLine))
      continue;
    if (
      long.some((label) => bare.replace(/ /g, '') === label) ||
      HEADER_CELL.test(bare) ||
      LABEL_LINE.test(bare) ||
      // A sentence under a heading that happens to be a label (`采购人\n应当在…，…`) is no value.
      /^[应须在为的将对向和与及或可不需是于已]/.test(bare) ||
      (/[，。]/.test(bare) && bare.length > 30)
    )
      continue;
    results.push({
      label: (match[1] ?? '').replace(/ /g, ''),
      qualifier: (match[2] ?? '').trim(),
      value: cutAtNextLabel(nextLine),
      index: match.index,
      valueIndex,
      ownLine: true,
    });
  }
  return results;
}

/**
 * A label cell and its value cell in a table a crawler flattened into spaces (`招标人 清河县教育局 工程名称 …`): a
 * label of three characters or more between spaces, without a colon, and the one word after it as its value.
 */
function spacedLabels(scope: string, labels: readonly string[], from: number): LabeledValue[] {
  const long = labels.filter((label) => label.length >= 3);
  if (long.length === 0) return [];
  const pattern = cachedRegExp(
    `spaced:${long.join('|')}`,
    () =>
      String.raw`(?<=^|\n|[ :：;；])(${alternation(long)})(?:[（(]([^）)\n\t ]{0,20})[）)])? (?=[^ \n\t:：])`,
  );
  pattern.lastIndex = from;
  const results: LabeledValue[] = [];
  for (let match = pattern.exec(scope); match; match = pattern.exec(scope)) {
    const valueIndex = match.index + match[0].length;
    const lineEnd = lineEndAfter(scope, valueIndex);
    if (scope.slice(lineStartBefore(scope, match.index), lineEnd).includes('\t')) continue;
    const word = /^[^ \n\t]+/.exec(scope.slice(valueIndex, lineEnd))?.[0] ?? '';
    // `中标单位名称 第一中标候选人：XX`: a word holding a label of its own is no value; nor is the rest of a sentence
    // that names the role (`采购人 应当在…`).
    if (
      long.some((label) => word === label) ||
      HEADER_CELL.test(word) ||
      LABEL_LINE.test(word) ||
      /[:：]/.test(word) ||
      word.length < 2 ||
      /^[应须在为的将对向和与及或可不需是于已]/.test(word)
    )
      continue;
    results.push({
      label: (match[1] ?? '').replace(/ /g, ''),
      qualifier: (match[2] ?? '').trim(),
      value: word,
      index: match.index,
      valueIndex,
      ownLine: true,
    });
  }
  return results;
}

/** A short line that is a label of its own (`联系人`, `联系电话`, `采购单位地址`), not a value: the cell before it was empty. */
const LABEL_LINE =
  /^[\u4e00-\u9fa5（）() ]{0,8}(?:名称|地址|电话|联系人|联系方式|方式|编号|金额|时间|日期|期限|地点|邮编|传真|邮箱|单位|机构|人|概况|情况|说明|要求)$/;

/** The lines of a text with their offsets. */
export function linesOf(text: string): { line: string; index: number }[] {
  const lines: { line: string; index: number }[] = [];
  let index = 0;
  for (const line of text.split('\n')) {
    lines.push({ line, index });
    index += line.length + 1;
  }
  return lines;
}

/** A top-level heading of a notice: `一、项目基本情况`, `七、对本次招标提出询问…`, `1. 招标条件`, `第一章`. */
export function isTopHeading(line: string): boolean {
  return /^(?:[一二三四五六七八九十]+[、.．]|第[一二三四五六七八九十]+[章节部分]|\d{1,2}[、.．](?!\d)\s*[\u4e00-\u9fa5]{2,14}$)/.test(
    line.trim(),
  );
}

export interface ColumnValue {
  /** The header cell, e.g. `预算金额（万元）`. */
  header: string;
  value: string;
  /** The data row's position among its table's rows (0 = first data row). */
  row: number;
  /** Every header cell of the row's table. */
  headers: readonly string[];
}

const HEADER_LIKE = /^[\u4e00-\u9fa5（）()A-Za-z/、\s]{1,16}$/;

/**
 * A header run together with the first data row (`编号 | 项目名称 | 采购预算 (万元) | 备注 | 1 | 某某项目 | 270`, as
 * a page store keeps a table): split where the row's number `1` follows a header that starts with 序号 or 编号.
 */
function headerAndFirstRow(cells: string[]): string[][] {
  if (cells.length < 7 || !/^(?:序号|编号)$/.test(cells[0] ?? '')) return [cells];
  const first = cells.indexOf('1');
  if (first < 3 || !cells.slice(0, first).every((cell) => HEADER_LIKE.test(cell))) return [cells];
  return [cells.slice(0, first), cells.slice(first)];
}

/**
 * A table a page store wrote out one cell a line (`序号` / `采购项目名称` / `预算金额（万元）` … / `1` / `XX项目` /
 * `201.3392` …): its header and each numbered row put back together as tab-separated lines. A row ends at the next
 * row's number, an empty line, a line ending in a colon or a heading, or after as many cells as the header has.
 */
function unstackedTables(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trim();
    if (!/^(?:序号|编号)$/.test(line)) {
      out.push(lines[i] ?? '');
      continue;
    }
    let j = i + 1;
    while (
      j < lines.length &&
      HEADER_LIKE.test((lines[j] ?? '').trim()) &&
      !/^\d+$/.test((lines[j] ?? '').trim())
    )
      j += 1;
    const header = [line, ...lines.slice(i + 1, j).map((cell) => cell.trim())];
    if (header.length < 4 || (lines[j] ?? '').trim() !== '1') {
      out.push(lines[i] ?? '');
      continue;
    }
    out.push(header.join('\t'));
    for (let number = 1; (lines[j] ?? '').trim() === String(number); number += 1) {
      const row = [String(number)];
      for (j += 1; j < lines.length && row.length < header.length; j += 1) {
        const cell = (lines[j] ?? '').trim();
        if (cell === '' || cell === String(number + 1) || /[:：]$/.test(cell) || isTopHeading(cell)) break;
        row.push(cell);
      }
      out.push(row.join('\t'));
    }
    i = j - 1;
  }
  return out;
}

/**
 * Values of a column table: a header row of at least three short label cells followed by data rows with the
 * same number of cells. Answers each data row's cell under the first header matching `header`, in order.
 */
export function columnValues(text: string, header: RegExp): ColumnValue[] {
  const rows = unstackedTables(text.split('\n')).flatMap((line) => headerAndFirstRow(line.split('\t')));
  const values: ColumnValue[] = [];
  for (let i = 0; i < rows.length; i += 1) {
    const head = rows[i] ?? [];
    if (head.length < 3 || !head.every((cell) => HEADER_LIKE.test(cell))) continue;
    const column = head.findIndex((cell) => header.test(cell));
    if (column === -1) continue;
    let j = i + 1;
    // Trailing empty cells (an empty 备注) are dropped by the normalisation: a row may be shorter than its header.
    const inTable = (row: string[] | undefined) =>
      !!row && row.length > Math.max(1, column) && row.length <= head.length;
    for (; j < rows.length && inTable(rows[j]); j += 1) {
      values.push({
        header: head[column] ?? '',
        value: rows[j]?.[column] ?? '',
        row: j - i - 1,
        headers: head,
      });
    }
    i = j - 1;
  }
  return values;
}

import { bounded } from './bounded';
import { findLabeled, isTopHeading, lineEndAfter, lineStartBefore, linesOf } from './labels';
import { isMasked } from './masking';
import type { ContactRole, ExtractedContact, ExtractedPhone } from './types';

const MOBILE = /(?<![\d-])(?:\+?86[- ]?)?(1[3-9]\d)[- ]?(\d{4})[- ]?(\d{4})(?!\d)/g;
// A number may run straight into the next item's number (`电话:0769-228618027.若对…`: item 7). Area codes that start
// 01 or 02 have three digits (010, 020–029), the others four: `02349891783` is 023-49891783.
const LANDLINE =
  /(?<![\d-])[（(]?(0(?:[12]\d|[3-9]\d{2}))[)）]?(?:[ ]*-{1,2}[ ]*|[ ])?(\d{3,4}[ ]?\d{4})(?:[ ]*(?:转|分机|-|ext\.?|#|，转)[ ]*(\d{1,6}))?(?:(?!\d)|(?=\d{1,2}[.、．][\u4e00-\u9fa5]))/gi;
const SERVICE_NUMBER = /(?<![\d-])([48]00)[- ]?(\d{3})[- ]?(\d{4})(?!\d)/g;
const BARE_LANDLINE = /(?<![\d-])(\d{7,8})(?:[ ]*(?:转|分机|ext\.?|#|-)[ ]*(\d{1,6}))?(?![\d-])/gi;

const TWO_MOBILES = /(?<!\d)(1[3-9]\d{9})(1[3-9]\d{9})(?!\d)/g;

/** A partly hidden number (`138****1234`, `0571-8512****`) is dropped whole, never read as a shorter number. */
const MASKED_NUMBER = /[\d()（）-]*[*＊]{2,}[\d-]*|[\d-]*[xX×]{3,}[\d-]*/g;

/**
 * The phones in a value, in order (a doubled separator, `0469--5629754`, read as one): mobiles (`138 0571 1234`, `+86 13805711234`), landlines with area code and
 * extension (`0571-85123456转8012`, `（010）12345678-123`), 400/800 numbers, and — where the value is a phone
 * field — bare landlines, which take the area code of a landline just before them (`0571-85123456、85123457`).
 */
export function parsePhones(value: string, allowBare = true): ExtractedPhone[] {
  let rest = bounded(value)
    .replace(MASKED_NUMBER, (masked) => ' '.repeat(masked.length))
    // `1866960999118653975151`: two mobiles of two people in one cell, written without a break.
    .replace(TWO_MOBILES, '$1 $2');
  const found: { at: number; phone: ExtractedPhone }[] = [];
  const take = (pattern: RegExp, build: (match: RegExpMatchArray) => ExtractedPhone | null) => {
    for (const match of rest.matchAll(pattern)) {
      const phone = build(match);
      if (phone) found.push({ at: match.index ?? 0, phone });
    }
    rest = rest.replace(pattern, (whole) => ' '.repeat(whole.length));
  };
  take(MOBILE, ([, a, b, c]) => ({
    type: 'mobile',
    number: `${a}${b}${c}`,
    areaCode: null,
    extension: null,
  }));
  take(LANDLINE, ([, area = '', number = '', extension]) => ({
    type: 'landline',
    // `0755-8394 8126`, `028-8888 8888`: the local number written in two groups.
    number: `${area}-${number.replace(' ', '')}`,
    areaCode: area,
    extension: extension ?? null,
  }));
  take(SERVICE_NUMBER, ([, a, b, c]) => ({
    type: 'landline',
    number: `${a}-${b}-${c}`,
    areaCode: null,
    extension: null,
  }));
  if (allowBare) {
    take(BARE_LANDLINE, (match) => {
      const at = match.index ?? 0;
      const previous = found.filter((item) => item.at < at && item.phone.areaCode).at(-1);
      const areaCode = previous?.phone.areaCode ?? null;
      const number = match[1] ?? '';
      return {
        type: 'landline',
        number: areaCode ? `${areaCode}-${number}` : number,
        areaCode,
        extension: match[2] ?? null,
      };
    });
  }
  const seen = new Set<string>();
  return found
    .sort((a, b) => a.at - b.at)
    .map((item) => item.phone)
    .filter((phone) => {
      const key = `${phone.number}#${phone.extension ?? ''}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const PERSON_LABELS = [
  '项目联系人',
  '联系人',
  '联系人姓名',
  '经办人',
  '项目负责人',
  '采购联系人',
  '采购人联系人',
  '招标人联系人',
  '代理机构联系人',
  '采购代理机构联系人',
  '联系人及电话',
  '联系人及联系方式',
];
const PHONE_LABELS = [
  '联系电话',
  '联系方式',
  '电话',
  '手机',
  '联系手机',
  '电话号码',
  '咨询电话',
  '联系人电话',
  '项目联系电话',
  '项目联系方式',
  '联系人及电话',
  '联系人及联系方式',
  '采购人联系方式',
  '采购人联系电话',
  '采购单位联系方式',
  '采购单位联系电话',
  '招标人联系方式',
  '招标人联系电话',
  '代理机构联系方式',
  '代理机构联系电话',
  '采购代理机构联系方式',
  '采购代理机构联系电话',
  '招标代理机构联系方式',
  '招标代理机构联系电话',
];
const PARTY_LABELS = [
  '招标人',
  '采购人',
  '采购单位',
  '招标机构',
  '代理机构',
  '招标代理',
  '招标代理机构',
  '采购代理机构',
];

/** Lines with these labels carry numbers that are not phones to call. */
const NOT_PHONE_LINE =
  /传\s*真|邮\s*编|邮政编码|邮\s*箱|E-?mail|网\s*址|账\s*号|开户|QQ|统一社会信用代码|地\s*址/i;
/**
 * A site's own help lines in its page footer (`门户网站咨询电话`, `CA咨询电话`, `客服热线`, an aggregator's
 * `全国免费咨询热线`) and the supervising or complaints office (`监督电话`, `投诉电话`): no party's number.
 */
const HELP_LINE =
  /(?:网站|平台|门户|CA|数字证书|营业执照|系统)[^\n：:]{0,6}(?:咨询|客服|服务|技术支持)[^\n：:]{0,4}[：:]|客服(?:电话|热线)|服务热线|技术支持(?:电话|热线)|免费咨询热线|全国[^\n：:]{0,6}热线|监督(?:部门|单位|电话|热线)|投诉(?:电话|热线)/i;

const COMPLAINTS_OFFICE = /^[^\n]{0,12}(?:投诉|监督|监察|纪检)[^\n]{0,20}[:：]/;

/** A site's page footer: its own office's number stands on a line beside these. */
const SITE_FOOTER = /Copyright|©|版权所有|ICP备|公网安备|网站标识码|技术支持[:：]/i;

/** The line before the one starting at `lineStart` (empty for the first). */
function lineBefore(block: string, lineStart: number): string {
  return lineStart > 0 ? block.slice(lineStartBefore(block, lineStart - 1), lineStart - 1) : '';
}

/** Whether the line at `lineStart`, or the line before or after it, belongs to the site's footer. */
function inSiteFooter(block: string, lineStart: number): boolean {
  const lineEnd = lineEndAfter(block, lineStart);
  const after = block.slice(lineEnd + 1, lineEndAfter(block, lineEnd + 1));
  return [lineBefore(block, lineStart), block.slice(lineStart, lineEnd), after].some((line) =>
    SITE_FOOTER.test(line),
  );
}

/** A person written before a number (`王先生 0571-…`, `李工：138…`). */
const LEADING_PERSON =
  /^([\u4e00-\u9fa5]{1,4}(?:先生|女士|老师|工|经理|主任|科长)|[\u4e00-\u9fa5]{2,3})[ ,，、:：]*(?=[\d(（+])/;

function cleanPerson(stated: string): string | null {
  const value = bounded(stated);
  if (isMasked(value)) return null;
  const name = value
    .replace(/[ ]*(?:电话|手机|联系方式|联系电话)[\s\S]*$/, '')
    .replace(/[\d()（）+\-\s、,，;；:：]+$/, '')
    .trim();
  if (name === '' || isMasked(name) || name.length > 20 || /\d{3}/.test(name)) return null;
  return name;
}

/** Reads one contact block (a section of the notice, or one column of a contact table). */
function readBlock(role: ContactRole, block: string): ExtractedContact | null {
  let name: string | null = null;
  for (const { value } of findLabeled(block, PERSON_LABELS)) {
    const person = cleanPerson(value);
    if (person) {
      name = person;
      break;
    }
  }
  const phones: ExtractedPhone[] = [];
  const phoneValues = findLabeled(block, PHONE_LABELS, 0, block.length, { runTogether: true });
  for (const { value, label, index } of phoneValues) {
    if (NOT_PHONE_LINE.test(label)) continue;
    const lineStart = lineStartBefore(block, index);
    if (HELP_LINE.test(block.slice(lineStart, index + label.length + 1)) || inSiteFooter(block, lineStart))
      continue;
    // `投诉受理部门:XX监察室\n联系电话:…`: the number of the office named on the line above, or of the one the
    // sentence just before sends complaints to (`…向XX厅提出书面投诉。电话:…`).
    if (COMPLAINTS_OFFICE.test(lineBefore(block, lineStart))) continue;
    if (/投诉[^\n]{0,6}$/.test(block.slice(Math.max(lineStart, index - 12), index))) continue;
    if (!name) {
      const leading = LEADING_PERSON.exec(value);
      if (leading?.[1] && !isMasked(value)) name = leading[1];
    }
    phones.push(...parsePhones(value));
  }
  // A person label with the phone in the same value (联系人：王工 13805711234).
  for (const { value } of findLabeled(block, PERSON_LABELS)) phones.push(...parsePhones(value, false));
  // `质疑联系电话 招标人：0558-5582632 招标机构：0558-5991108`: a party's number written under its role.
  for (const { value } of findLabeled(block, PARTY_LABELS)) {
    if (/^[ ]*[\d(（+]/.test(value)) phones.push(...parsePhones(value, false));
  }
  if (phoneValues.length === 0) {
    for (const line of block.split('\n')) {
      if (!NOT_PHONE_LINE.test(line) && !HELP_LINE.test(line)) phones.push(...parsePhones(line, false));
    }
  }
  const seen = new Set<string>();
  const unique = phones.filter((phone) => {
    const key = `${phone.number}#${phone.extension ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (!name && unique.length === 0) return null;
  return { role, name, phones: unique };
}

/**
 * How a contact section starts: `1.采购人信息`, `招 标 人：…`, `3.项目联系方式`, `采购代理机构：…`; a head with its
 * fields on the same line (`2.采购代理机构信息 名 称：…`) too.
 */
const BLOCK_HEADS: readonly { role: ContactRole; pattern: RegExp }[] = [
  {
    role: 'agency',
    pattern:
      /^(?:[\d一二三四五六七八九十]+[.、．)）]\s*|[（(][\d一二三四五六七八九十]+[)）]\s*)?(?:(?:采购|招标)?代理机构(?:信息|名称|联系人|联系方式)?|(?:采购|招标)代理|集中采购机构(?:信息)?)(?:[ ]*[（(](?:如有|若有|如适用)[)）])?(?:\s*(?:[:：]|$)|(?<=信息|联系方式|[)）])[ ]+(?=\S))/,
  },
  {
    role: 'purchaser',
    pattern:
      /^(?:[\d一二三四五六七八九十]+[.、．)）]\s*|[（(][\d一二三四五六七八九十]+[)）]\s*)?(?:采\s*购\s*人(?:信息|名称|联系人|联系方式)?|采购单位(?:信息|名称)?|招\s*标\s*人(?:信息|名称|联系人|联系方式)?|招标单位(?:信息|名称)?|建设单位(?:信息|名称)?|项目业主)(?:[ ]*[（(](?:如有|若有|如适用)[)）])?(?:\s*(?:[:：]|$)|(?<=信息|联系方式|[)）])[ ]+(?=\S))/,
  },
  {
    role: 'project',
    pattern:
      /^(?:[\d一二三四五六七八九十]+[.、．)）]\s*|[（(][\d一二三四五六七八九十]+[)）]\s*)?项目联系(?:方式|人)(?:[ ]*[（(](?:如有|若有|如适用)[)）])?(?:\s*(?:[:：]|$)|(?<=信息|联系方式|[)）])[ ]+(?=\S))/,
  },
];

function blockRole(cell: string): ContactRole | undefined {
  const trimmed = cell.trim();
  return BLOCK_HEADS.find((head) => head.pattern.test(trimmed))?.role;
}

interface Block {
  role: ContactRole;
  text: string;
}

/**
 * Contact tables put the purchaser and the agency side by side: `招标人：A\t招标代理机构：B` then `地址：…\t地址：…`
 * rows, or four cells (`招标人\tA\t招标代理机构\tB`). Each column becomes a block of its own.
 */
function columnBlocks(
  lines: { line: string }[],
  start: number,
): { blocks: Block[]; consumed: number } | undefined {
  const cells = lines[start]?.line.split('\t') ?? [];
  const paired = cells.length === 4;
  if (cells.length !== 2 && !paired) return undefined;
  const leftRole = blockRole(paired ? `${cells[0]}：` : (cells[0] ?? ''));
  const rightRole = blockRole(paired ? `${cells[2]}：` : (cells[1] ?? ''));
  if (!leftRole || !rightRole || leftRole === rightRole) return undefined;
  const left: string[] = [];
  const right: string[] = [];
  let consumed = 0;
  for (let i = start; i < lines.length; i += 1) {
    const row = lines[i]?.line.split('\t') ?? [];
    if (row.length !== cells.length || (i > start && isTopHeading(lines[i]?.line ?? ''))) break;
    left.push(paired ? `${row[0]}：${row[1]}` : (row[0] ?? ''));
    right.push(paired ? `${row[2]}：${row[3]}` : (row[1] ?? ''));
    consumed += 1;
  }
  return {
    blocks: [
      { role: leftRole, text: left.join('\n') },
      { role: rightRole, text: right.join('\n') },
    ],
    consumed,
  };
}

const BLOCK_MAX_LINES = 8;

/** The contact sections of a notice, in order. */
export function contactBlocks(text: string): Block[] {
  const lines = linesOf(text);
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const columns = columnBlocks(lines, i);
    if (columns) {
      blocks.push(...columns.blocks);
      i += columns.consumed - 1;
      continue;
    }
    const line = lines[i]?.line ?? '';
    // The header row of a data table (`采购单位\t项目名称\t…`) starts no contact section.
    const role = line.split('\t').length <= 2 ? blockRole(line.split('\t')[0] ?? '') : undefined;
    if (!role) continue;
    const body = [line];
    for (let j = i + 1; j < lines.length && j <= i + BLOCK_MAX_LINES; j += 1) {
      const next = lines[j]?.line ?? '';
      if (blockRole(next.split('\t')[0] ?? '') || isTopHeading(next)) break;
      body.push(next);
    }
    blocks.push({ role, text: body.join('\n') });
    i += body.length - 1;
  }
  return blocks;
}

/** The text without the rows of tables whose header names the suppliers (`供应商名称`, `中标人`, `投标人`). */
function withoutSupplierRows(text: string): string {
  const lines = text.split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const cells = (lines[i] ?? '').split('\t');
    kept.push(lines[i] ?? '');
    if (
      cells.length < 3 ||
      !cells.some((cell) => /供应商|中标人|中标单位|成交人|成交单位|投标人|候选人/.test(cell))
    )
      continue;
    while (i + 1 < lines.length && (lines[i + 1] ?? '').split('\t').length >= 3) i += 1;
  }
  return kept.join('\n');
}

/** A line that is a phone label of its own: `（三）税务总局联系电话：…`. */
const OWN_PHONE_LINE =
  /^[ ]*(?:[（(][一二三四五六七八九十\d]{1,3}[)）]|[一二三四五六七八九十\d]{1,3}[、.．])?[ ]*[\u4e00-\u9fa5]{0,10}联系电话[ ]*[:：]/;

/**
 * Contacts of a notice: one per contact section with a person or a phone (masked phones dropped), in the
 * order of the notice; null when there is none.
 */
export function extractContacts(text: string): ExtractedContact[] | null {
  const contacts: ExtractedContact[] = [];
  const blocks = contactBlocks(text);
  for (const block of blocks) {
    const contact = readBlock(block.role, block.text);
    if (!contact) continue;
    const same = contacts.find(
      (other) =>
        other.role === contact.role &&
        other.name === contact.name &&
        JSON.stringify(other.phones) === JSON.stringify(contact.phones),
    );
    if (!same) contacts.push(contact);
  }
  // A `XX联系电话：` line outside every section (税务总局联系电话：…) is a contact as well.
  const loose = linesOf(text)
    .map(({ line }) => line)
    .filter((line) => OWN_PHONE_LINE.test(line) && !blocks.some((block) => block.text.includes(line)));
  if (contacts.length > 0 && loose.length > 0) {
    const known = new Set(contacts.flatMap((contact) => contact.phones.map((phone) => phone.number)));
    const phones = loose.flatMap((line) => parsePhones(line.replace(OWN_PHONE_LINE, '')));
    const fresh = phones.filter((phone) => !known.has(phone.number));
    if (fresh.length > 0) contacts.push({ role: 'project', name: null, phones: fresh });
  }
  if (contacts.length === 0) {
    // No contact section (forecasts, proposed projects): a 联系人/联系电话 anywhere is the project's contact —
    // but not a supplier's number in a result table (`供应商名称\t…\t企业办公电话`).
    const loose = readBlock('project', withoutSupplierRows(text));
    if (loose) contacts.push(loose);
  }
  return contacts.length > 0 ? contacts : null;
}

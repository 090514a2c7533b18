/// <reference path="./opencc-dict.d.ts" />
import { decodeHTMLStrict } from 'entities';
import { Parser } from 'htmlparser2';
import TS_CHARACTERS from 'opencc-js/dict/TSCharacters';
import { bounded } from './bounded';

/**
 * Turns a notice, HTML or plain text, into the one text shape every field reader works on: one line per
 * paragraph or table row, table cells separated by a tab, ASCII digits and letters, single spaces.
 */

/** Decodes character references in text that is not HTML (a scraped page's text with `&nbsp;` left in it). */
export function decodeEntities(text: string): string {
  // Strict: only references closed by `;` — in plain text `&copy` without one is more likely prose than a symbol.
  return decodeHTMLStrict(text);
}

/** Whether the input reads as HTML rather than text that happens to contain a `<`. */
export function looksLikeHtml(input: string): boolean {
  return /<\s*(?:html|body|head|div|p|table|tr|td|th|br|span|h[1-6]|meta|section|article|ul|li|font|strong)\b[^>]*>/i.test(
    input,
  );
}

const BLOCK_TAGS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'br',
  'caption',
  'center',
  'dd',
  'div',
  'dl',
  'dt',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'tr',
  'ul',
]);

export interface HtmlText {
  text: string;
  /** The `<h1>`–`<h3>` headings, then the `<title>`, as text: candidates for the notice's title. */
  titles: string[];
}

/** Elements whose content is never notice text. */
const SKIPPED_TAGS = new Set(['script', 'style', 'noscript', 'template', 'iframe', 'svg', 'object', 'head']);

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** A block's line break inside a table cell, until the cell closes and shows whether it is a layout cell. */
const CELL_BREAK = '\u0000';

/**
 * HTML to text, tokenised by htmlparser2 (which also decodes the character references): scripts, styles,
 * comments and the head dropped; block elements and table rows end a line; table cells are separated by a tab,
 * and line breaks inside a cell become spaces so that a row stays one line and a label cell stays beside its
 * value cell — except in a cell that holds a table of its own: a layout cell around the whole notice, whose
 * paragraphs keep their lines. Unclosed cells, rows and tags are closed the way a browser would.
 */
export function htmlToText(html: string): HtmlText {
  let out = '';
  let skipDepth = 0;
  // The open cells, innermost last: where each began in `out`, and whether it holds a table (a layout cell).
  const cells: { start: number; layout: boolean }[] = [];
  let title = '';
  let inTitle = false;
  const headings: string[] = [];
  let heading: string | null = null;

  const parser = new Parser(
    {
      onopentag(name) {
        if (name === 'title') inTitle = true;
        if (SKIPPED_TAGS.has(name)) {
          skipDepth += 1;
          return;
        }
        if (skipDepth > 0) return;
        if (/^h[1-3]$/.test(name)) heading = '';
        if (name === 'td' || name === 'th') cells.push({ start: out.length, layout: false });
        else if (name === 'tr' || name === 'table') {
          if (name === 'table' && cells.length > 0)
            (cells[cells.length - 1] as { layout: boolean }).layout = true;
          out += '\n';
        } else if (BLOCK_TAGS.has(name)) out += cells.length > 0 ? CELL_BREAK : '\n';
      },
      ontext(text) {
        if (inTitle) title += text;
        if (skipDepth > 0) return;
        if (heading !== null) heading += text;
        out += text.replace(/[\r\n\t]+/g, ' ');
      },
      onclosetag(name) {
        if (name === 'title') inTitle = false;
        if (SKIPPED_TAGS.has(name)) {
          skipDepth = Math.max(0, skipDepth - 1);
          return;
        }
        if (skipDepth > 0) return;
        if (/^h[1-3]$/.test(name) && heading !== null) {
          headings.push(oneLine(heading));
          heading = null;
        }
        if (name === 'td' || name === 'th') {
          const cell = cells.pop();
          if (cell) {
            const breaks = cell.layout ? '\n' : ' ';
            out = out.slice(0, cell.start) + out.slice(cell.start).replaceAll(CELL_BREAK, breaks);
          }
          out += '\t';
        } else if (name === 'tr' || name === 'table') {
          out += '\n';
        } else if (BLOCK_TAGS.has(name)) {
          out += cells.length > 0 ? CELL_BREAK : '\n';
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  // A cell left open at the end is closed by the parser; its tab would end the text.
  if (out.endsWith('\t')) out = out.slice(0, -1);
  out = out.replaceAll(CELL_BREAK, ' ');
  const titles = [...headings, oneLine(title)].filter((candidate) => candidate !== '');
  return { text: out, titles };
}

/**
 * Traditional characters of procurement notices (Hong Kong, Taiwan and older pages) and their simplified forms:
 * labels and names are matched in simplified Chinese. OpenCC's character table (TSCharacters), less every
 * character GB 2312 holds — those are written in simplified text too (乾 of 乾坤, 於 the surname) — except 於, 後
 * and 徵, which notices only ever mean as 于, 后 and 征.
 */
const TO_SIMPLIFIED = simplifiedForms();
const TRADITIONAL_CHAR = new RegExp(`[${[...TO_SIMPLIFIED.keys()].join('')}]`, 'gu');

function simplifiedForms(): Map<string, string> {
  const gb2312 = new Set<string>();
  const decoder = new TextDecoder('gb2312');
  // GB 2312's hanzi: rows 0xB0–0xF7, cells 0xA1–0xFE.
  for (let row = 0xb0; row <= 0xf7; row += 1) {
    for (let cell = 0xa1; cell <= 0xfe; cell += 1) gb2312.add(decoder.decode(new Uint8Array([row, cell])));
  }
  const forms = new Map<string, string>();
  for (const entry of TS_CHARACTERS.split('|')) {
    const [traditional = '', simplified = ''] = entry.split(' ');
    const alsoSimplified = gb2312.has(traditional) && !'於後徵'.includes(traditional);
    if (traditional !== simplified && simplified !== '' && !alsoSimplified)
      forms.set(traditional, simplified);
  }
  return forms;
}

/** Full-width forms kept as they are: Chinese punctuation that names and sentences are written with. */
const FULL_WIDTH_KEPT = new Set([
  '（',
  '）',
  '：',
  '，',
  '；',
  '！',
  '？',
  '｛',
  '｝',
  '～',
  '｜',
  '＂',
  '＇',
]);

/**
 * Plain-text normalisation shared by both inputs: full-width digits, letters and number signs to ASCII
 * (Chinese punctuation such as （）：，； stays, names keep it), odd spaces to spaces, zero-width characters
 * removed, spaces collapsed, each table cell trimmed (empty cells kept, so columns stay aligned), empty lines
 * dropped.
 */
export function normalizeText(text: string): string {
  const converted = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\u200b-\u200d\u2060\ufeff\u00ad]/g, '')
    .replace(TRADITIONAL_CHAR, (char) => TO_SIMPLIFIED.get(char) ?? char)
    .replace(READING_NOTE, '')
    // 釆 (U+91C6, 辨) looks like 采 and is typed for it (`釆购人信息`).
    .replace(/釆/g, '采')
    // A space a copy lost to `?` between an item's number and its label (`1.?项目名称：`, `（2）?具有…`) or a day and
    // its hour (`2025年5月6日?17:00`).
    .replace(
      /(?<=(?:^|[\s])(?:\d{1,3}[.、．]|[（(]\d{1,3}[)）]))\?(?=[\u4e00-\u9fa5])|(?<=\d日)\?(?=\d{1,2}[:：]\d{2})/gm,
      ' ',
    )
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\uff01-\uff5e]/g, (char) =>
      FULL_WIDTH_KEPT.has(char) ? char : String.fromCharCode(char.charCodeAt(0) - 0xfee0),
    )
    .replace(/[‐‑‒–—―－]/g, (dash, offset: number, whole: string) =>
      // Dashes between digits are phone and code separators; elsewhere (ranges, punctuation) they stay.
      /\d/.test(whole[offset - 1] ?? '') && /\d/.test(whole[offset + 1] ?? '') ? '-' : dash,
    );
  return (
    converted
      .split('\n')
      .flatMap(splitFlattenedLine)
      // `…联系方式:0546-8296630 2.采购代理机构信息`: a numbered contact head run onto the line before starts its own.
      .flatMap((line) => (line.includes('信息') ? line.split(CONTACT_HEAD_AFTER_SPACE) : [line]))
      .map((line) =>
        line
          .split('\t')
          .map((cell) => cell.replace(/ +/g, ' ').trim())
          .join('\t')
          .replace(/\t+$/, ''),
      )
      .filter((line) => line.trim() !== '')
      .join('\n')
  );
}

/** A reading in brackets after a character (`物业(yè)`), as reposts annotated for readers write it: not the text. */
export const READING_NOTE = /(?<=[\u4e00-\u9fa5])\([a-zāáǎàēéěèīíǐìōóǒòūúǔùǖǘǚǜü]{1,6}\)/g;

/** A line this long is a page a crawler flattened to one line, not a paragraph. */
const FLATTENED_LINE_CHARS = 300;

/**
 * Where a flattened page's sections began: a space before `一、项目基本情况`, `七、对本次招标提出询问`, or a
 * numbered contact head (`1.采购人信息`, `2.采购代理机构信息`, `3.项目联系方式`).
 */
const CONTACT_HEAD = String.raw`\d[.、．][ ]*(?:(?:采购人|采购代理机构|代理机构|招标人|招标代理机构|采购单位)信息(?:[（(]如有[)）])?|项目联系方式)`;
const SECTION_START = new RegExp(
  String.raw`^(?:[一二三四五六七八九十]{1,3}[、.．][ ]*[\u4e00-\u9fa5]|${CONTACT_HEAD})`,
);
const CONTACT_HEAD_END = new RegExp(`${CONTACT_HEAD}$`);
/**
 * The national template's section and contact heads run on with no space at all (`…03月27日二、更正信息更正事项:`,
 * `…拒绝。三、其他补充事宜四、对本次采购提出询问…1.采购人信息名 称:`): a space goes in before and after them.
 */
const TEMPLATE_HEAD = String.raw`(?:${CONTACT_HEAD}|[一二三四五六七八九十]{1,2}、(?:项目基本情况|更正信息|其他补充事宜|对本次(?:采购|招标)提出询问|采购结果|主要标的信息|评审专家[^、]{0,12}名单|代理服务收费标准及金额|公告期限|申请人的资格要求|获取(?:招标|采购|磋商|谈判|询价)文件|(?:提交)?(?:投标|响应)文件[^、]{0,8}|开标|发布公告的媒介))`;
const RUN_ON_HEAD = new RegExp(String.raw`(?<=\S)(?=${TEMPLATE_HEAD})|(?<=${CONTACT_HEAD})(?=\S)`, 'g');
const CONTACT_HEAD_AFTER_SPACE = new RegExp(`(?<=\\S) +(?=${CONTACT_HEAD})`);

/**
 * A crawler's one-line page split back into its sections (a space before `一、…` or a numbered contact head
 * becomes a line break, as does the space after the head), so that section and contact readers find them.
 * Each space is tested on a bounded slice: the line may be a whole notice.
 */
function splitFlattenedLine(flattened: string): string[] {
  if (flattened.length < FLATTENED_LINE_CHARS || flattened.includes('\t')) return [flattened];
  const line = flattened.replace(RUN_ON_HEAD, ' ');
  const parts: string[] = [];
  let from = 0;
  for (let space = line.indexOf(' '); space !== -1; space = line.indexOf(' ', space + 1)) {
    const next = line[space + 1] ?? '';
    const breaks =
      (/[一二三四五六七八九十\d]/.test(next) && SECTION_START.test(bounded(line, space + 1, space + 40))) ||
      (line[space - 1] === '息' || line[space - 1] === '式' || /[)）]/.test(line[space - 1] ?? '')
        ? CONTACT_HEAD_END.test(line.slice(Math.max(0, space - 20), space))
        : false);
    if (breaks) {
      parts.push(line.slice(from, space));
      from = space + 1;
    }
  }
  parts.push(line.slice(from));
  return parts;
}

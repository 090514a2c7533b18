import { decodeHTMLStrict } from 'entities';
import { Parser } from 'htmlparser2';

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

/**
 * HTML to text, tokenised by htmlparser2 (which also decodes the character references): scripts, styles,
 * comments and the head dropped; block elements and table rows end a line; table cells are separated by a tab,
 * and line breaks inside a cell become spaces so that a row stays one line and a label cell stays beside its
 * value cell. Unclosed cells, rows and tags are closed the way a browser would.
 */
export function htmlToText(html: string): HtmlText {
  let out = '';
  let skipDepth = 0;
  let cellDepth = 0; // > 0 inside a table cell, where line breaks become spaces
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
        if (name === 'td' || name === 'th') cellDepth += 1;
        else if (name === 'tr' || name === 'table') out += '\n';
        else if (BLOCK_TAGS.has(name)) out += cellDepth > 0 ? ' ' : '\n';
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
          out += '\t';
          cellDepth = Math.max(0, cellDepth - 1);
        } else if (name === 'tr' || name === 'table') {
          out += '\n';
        } else if (BLOCK_TAGS.has(name)) {
          out += cellDepth > 0 ? ' ' : '\n';
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  // A cell left open at the end is closed by the parser; its tab would end the text.
  if (out.endsWith('\t')) out = out.slice(0, -1);
  const titles = [...headings, oneLine(title)].filter((candidate) => candidate !== '');
  return { text: out, titles };
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
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/[\uff01-\uff5e]/g, (char) =>
      FULL_WIDTH_KEPT.has(char) ? char : String.fromCharCode(char.charCodeAt(0) - 0xfee0),
    )
    .replace(/[‐‑‒–—―－]/g, (dash, offset: number, whole: string) =>
      // Dashes between digits are phone and code separators; elsewhere (ranges, punctuation) they stay.
      /\d/.test(whole[offset - 1] ?? '') && /\d/.test(whole[offset + 1] ?? '') ? '-' : dash,
    );
  return converted
    .split('\n')
    .map((line) =>
      line
        .split('\t')
        .map((cell) => cell.replace(/ +/g, ' ').trim())
        .join('\t')
        .replace(/\t+$/, ''),
    )
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/**
 * Turns a notice, HTML or plain text, into the one text shape every field reader works on: one line per
 * paragraph or table row, table cells separated by a tab, ASCII digits and letters, single spaces.
 */

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  yen: '¥',
  middot: '·',
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  mdash: '—',
  ndash: '–',
  hellip: '…',
  times: '×',
  divide: '÷',
  deg: '°',
  plusmn: '±',
  copy: '©',
  reg: '®',
  sup2: '²',
  sup3: '³',
  bull: '•',
  laquo: '«',
  raquo: '»',
  permil: '‰',
};

/** Decodes named (the common ones) and numeric character references; unknown ones stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z][a-zA-Z0-9]{1,8});?/g,
    (whole, body: string) => {
      if (body.startsWith('#')) {
        const code =
          body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
        if (!Number.isInteger(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
          return whole;
        }
        return String.fromCodePoint(code);
      }
      return NAMED_ENTITIES[body.toLowerCase()] ?? whole;
    },
  );
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

function innerText(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * HTML to text: scripts, styles, comments and the head dropped; block elements and table rows end a line;
 * table cells are separated by a tab, and line breaks inside a cell become spaces so that a row stays one line
 * and a label cell stays beside its value cell.
 */
export function htmlToText(html: string): HtmlText {
  const cleaned = html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, ' ')
    .replace(/<(script|style|noscript|template|iframe|svg|object)\b[^>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ');
  const titleTag = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(cleaned);
  const headings = [...cleaned.matchAll(/<h([1-3])\b[^>]*>([\s\S]*?)<\/h\1\s*>/gi)].map((match) =>
    innerText(match[2] ?? ''),
  );
  const titles = [...headings, titleTag ? innerText(titleTag[1] ?? '') : ''].filter((title) => title !== '');
  const body = cleaned.replace(/<head\b[^>]*>[\s\S]*?<\/head\s*>/i, ' ');

  let out = '';
  let cellDepth = 0; // 1 inside a table cell, where line breaks become spaces
  const tagPattern = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b(?:[^>"']|"[^"]*"|'[^']*')*>|<[!?][^>]*>/g;
  let last = 0;
  for (let match = tagPattern.exec(body); match; match = tagPattern.exec(body)) {
    out += decodeEntities(body.slice(last, match.index).replace(/[\r\n\t]+/g, ' '));
    last = match.index + match[0].length;
    const name = match[1]?.toLowerCase();
    if (!name) continue;
    const closing = match[0].startsWith('</');
    if (name === 'td' || name === 'th') {
      // A cell ends with a tab; an unclosed cell (sloppy HTML) is ended by the next one.
      if (closing || cellDepth > 0) out += '\t';
      cellDepth = closing ? 0 : 1;
    } else if (name === 'tr' || name === 'table') {
      out += '\n';
      cellDepth = 0;
    } else if (BLOCK_TAGS.has(name)) {
      out += cellDepth > 0 ? ' ' : '\n';
    }
  }
  out += decodeEntities(body.slice(last).replace(/[\r\n\t]+/g, ' '));
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

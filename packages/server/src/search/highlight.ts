import { normalizeForSearch } from './tokens';

/** The markup around a match: `<em class="hl">医院</em>` (the client styles `.hl`). */
const OPEN = '<em class="hl">';
const CLOSE = '</em>';

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/**
 * A character's normalized form. Most characters of a notice are their own: ideographs of the basic block (the
 * compatibility ideographs that NFKC maps lie elsewhere) and ASCII other than capitals; only the rest go through
 * `normalizeForSearch`, which costs a string normalization each (a page's records hold tens of thousands).
 */
function normalizedChar(char: string): string {
  const code = char.charCodeAt(0);
  if ((code >= 0x4e00 && code <= 0x9fff) || (code < 0x80 && (code < 0x41 || code > 0x5a))) return char;
  return normalizeForSearch(char);
}

/**
 * The characters of a text with where each one's normalized form starts in the normalized text: matches are
 * found on normalized text (`ＬＥＤ` matches `led`) and marked on the original characters.
 */
function normalizedChars(text: string) {
  const chars = Array.from(text);
  const starts: number[] = [];
  let normalized = '';
  for (const char of chars) {
    starts.push(normalized.length);
    normalized += normalizedChar(char);
  }
  starts.push(normalized.length);
  return { chars, starts, normalized };
}

/** The last character whose normalized form starts at or before `offset` (`starts` ascends). */
function charAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** Character ranges [start, end) of the original text that hold a needle, merged and in order. */
function matchRanges(
  text: string,
  needles: readonly string[],
): { chars: string[]; ranges: [number, number][] } {
  const { chars, starts, normalized } = normalizedChars(text);
  const ranges: [number, number][] = [];
  for (const needle of needles) {
    if (!needle) continue;
    for (let at = normalized.indexOf(needle); at >= 0; at = normalized.indexOf(needle, at + needle.length)) {
      const end = at + needle.length;
      // The original characters whose normalized forms overlap [at, end).
      ranges.push([charAt(starts, at), charAt(starts, end - 1) + 1]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const previous = merged[merged.length - 1];
    if (previous && range[0] <= previous[1]) previous[1] = Math.max(previous[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return { chars, ranges: merged };
}

function markup(
  chars: readonly string[],
  ranges: readonly [number, number][],
  from: number,
  to: number,
): string {
  let html = '';
  let at = from;
  for (const [start, end] of ranges) {
    if (end <= from || start >= to) continue;
    const s = Math.max(start, from);
    const e = Math.min(end, to);
    html += escapeHtml(chars.slice(at, s).join('')) + OPEN + escapeHtml(chars.slice(s, e).join('')) + CLOSE;
    at = e;
  }
  return html + escapeHtml(chars.slice(at, to).join(''));
}

/**
 * The text as HTML with every occurrence of the needles (normalized, as `splitKeywords` gives them) marked.
 * Done here because PostgreSQL's ts_headline cannot highlight Chinese (it knows no Chinese words).
 */
export function highlightHtml(text: string, needles: readonly string[]): string {
  const { chars, ranges } = matchRanges(text, needles);
  return markup(chars, ranges, 0, chars.length);
}

/**
 * A passage of about `2 × radius` characters around the first match, as HTML with the matches marked and '…'
 * where the text was cut; null when nothing matches. Line breaks become spaces.
 */
export function snippetHtml(text: string, needles: readonly string[], radius = 40): string | null {
  const flat = text.replace(/\s*\n\s*/g, ' ');
  const { chars, ranges } = matchRanges(flat, needles);
  const first = ranges[0];
  if (!first) return null;
  const from = Math.max(0, first[0] - radius);
  const to = Math.min(chars.length, first[1] + radius);
  return `${from > 0 ? '…' : ''}${markup(chars, ranges, from, to)}${to < chars.length ? '…' : ''}`;
}

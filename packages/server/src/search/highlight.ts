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
 * The characters of a text with where each one's normalized form starts in the normalized text: matches are
 * found on normalized text (`ＬＥＤ` matches `led`) and marked on the original characters.
 */
function normalizedChars(text: string) {
  const chars = Array.from(text);
  const starts: number[] = [];
  let normalized = '';
  for (const char of chars) {
    starts.push(normalized.length);
    normalized += normalizeForSearch(char);
  }
  starts.push(normalized.length);
  return { chars, starts, normalized };
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
      let first = 0;
      while (first < chars.length && (starts[first + 1] ?? 0) <= at) first += 1;
      let last = first;
      while (last < chars.length && (starts[last] ?? 0) < end) last += 1;
      ranges.push([first, last]);
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

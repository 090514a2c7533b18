/**
 * The most characters a value reader's regular expression is given at once, and how far values, cells and lines
 * are read (labels.ts). Several of those expressions backtrack polynomially (degree 2–5: the amount, phone and
 * deadline patterns), so each reads a bounded prefix and the extractor's work stays linear in the notice by
 * construction, also on a pathological line (a label repeated 40,000 times); no real value, cell or gap between
 * two dates is this long. Only single passes over the whole document (normalising, finding labels, dates and
 * contact sections) read more. odd-input.test.ts checks what every expression is given.
 */
export const MAX_MATCH_CHARS = 400;

/** `text` from `start` on (or between `start` and `end`), cut to what a value reader may match against. */
export function bounded(text: string, start = 0, end = text.length): string {
  return text.slice(start, Math.min(end, start + MAX_MATCH_CHARS));
}

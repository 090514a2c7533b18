import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { TENDER_WORDS } from './tender-dictionary';

/** A search token: a lexeme and the 1-based character offset where it starts in its field. */
export interface Token {
  lexeme: string;
  position: number;
}

/** PostgreSQL keeps tsvector positions up to 16,383 and at most 256 of them per lexeme. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS_PER_LEXEME = 256;

const HAN = /\p{Script=Han}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Full-width letters and digits become ASCII and letters lower-case, so 'ＬＥＤ' finds 'led'. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

type Run = { kind: 'han' | 'word'; text: string; start: number };

/** Splits normalized text into runs of Han characters and runs of other letters/digits (offsets 0-based). */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  const chars = Array.from(text);
  let current: Run | undefined;
  chars.forEach((char, index) => {
    const kind = HAN.test(char) ? 'han' : LETTER_OR_DIGIT.test(char) ? 'word' : undefined;
    if (kind && current?.kind === kind) {
      current.text += char;
      return;
    }
    current = kind ? { kind, text: char, start: index } : undefined;
    if (current) runs.push(current);
  });
  return runs;
}

/**
 * The exact-recall tokens (as Lucene's CJKAnalyzer): every overlapping pair of Han characters, plus the last
 * character of each Han run alone, so that a one-character query still finds a run's final character by
 * prefix; other letters and digits as whole words. Any substring of two or more Han characters of the text is
 * then a chain of bigrams at consecutive positions.
 */
export function bigramTokens(text: string): Token[] {
  const tokens: Token[] = [];
  for (const run of runsOf(normalizeForSearch(text))) {
    const chars = Array.from(run.text);
    if (run.kind === 'word') {
      tokens.push({ lexeme: run.text, position: run.start + 1 });
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i += 1) {
      tokens.push({ lexeme: `${chars[i]}${chars[i + 1]}`, position: run.start + i + 1 });
    }
    tokens.push({ lexeme: chars[chars.length - 1] as string, position: run.start + chars.length });
  }
  return tokens;
}

let segmenter: Jieba | undefined;

/** jieba with the tender-trade words; built on first use (loading the dictionary takes ~0.1 s). */
function jieba(): Jieba {
  if (!segmenter) {
    segmenter = Jieba.withDict(dict);
    segmenter.loadDict(Buffer.from(TENDER_WORDS.map((word) => `${word} 100000`).join('\n')));
  }
  return segmenter;
}

/** Segmented words (jieba) of two or more characters, or single letters/digits runs, for smart and fuzzy modes. */
export function wordTokens(text: string): Token[] {
  const tokens: Token[] = [];
  let offset = 0;
  for (const piece of jieba().cut(normalizeForSearch(text), false)) {
    const length = Array.from(piece).length;
    const meaningful = HAN.test(piece) ? length >= 2 : LETTER_OR_DIGIT.test(piece);
    if (meaningful) tokens.push({ lexeme: piece.trim(), position: offset + 1 });
    offset += length;
  }
  return tokens.filter((token) => token.lexeme.length > 0);
}

function quoteLexeme(lexeme: string): string {
  return `'${lexeme.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

/**
 * A `tsvector` literal (cast with `$1::tsvector`) holding the tokens, optionally with a weight (A title,
 * B purchase content, C body …). Positions are clamped to PostgreSQL's limits; precise matches are always
 * re-checked on the raw text, so a clamped position never yields a wrong hit.
 */
export function tsvectorLiteral(tokens: readonly Token[], weight?: 'A' | 'B' | 'C' | 'D'): string {
  const positions = new Map<string, Set<number>>();
  for (const token of tokens) {
    const set = positions.get(token.lexeme) ?? new Set<number>();
    if (set.size < MAX_POSITIONS_PER_LEXEME) set.add(Math.min(token.position, MAX_POSITION));
    positions.set(token.lexeme, set);
  }
  const suffix = weight ?? '';
  return Array.from(
    positions,
    ([lexeme, set]) =>
      `${quoteLexeme(lexeme)}:${Array.from(set)
        .sort((a, b) => a - b)
        .map((position) => `${position}${suffix}`)
        .join(',')}`,
  ).join(' ');
}

/**
 * The tsquery for a precise (exact substring) search of `phrase`: its bigram chain with the exact distances
 * between them, each segment between punctuation searched on its own (all must be present). A one-character
 * Han segment becomes a prefix match. Returns undefined when the phrase holds nothing searchable.
 */
export function preciseTsquery(phrase: string, weights?: string): string | undefined {
  const restrict = weights ? `:${weights}` : '';
  const segments = runsOf(normalizeForSearch(phrase)).map((run) => {
    if (run.kind === 'word') return `${quoteLexeme(run.text)}:*${weights ?? ''}`;
    const chars = Array.from(run.text);
    if (chars.length === 1) return `${quoteLexeme(run.text)}:*${weights ?? ''}`;
    const bigrams = chars
      .slice(0, -1)
      .map((char, index) => `${quoteLexeme(`${char}${chars[index + 1]}`)}${restrict}`);
    return `(${bigrams.join(' <-> ')})`;
  });
  return segments.length ? segments.join(' & ') : undefined;
}

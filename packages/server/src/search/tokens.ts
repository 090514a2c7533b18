import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { TENDER_WORDS } from './tender-dictionary';

/** A search token: a lexeme and the 1-based character offset where it starts in its field. */
export interface Token {
  lexeme: string;
  position: number;
}

/** PostgreSQL keeps tsvector positions up to 16,383 and at most 256 of them per lexeme. */
export const MAX_POSITION = 16_383;
export const MAX_POSITIONS_PER_LEXEME = 256;

const HAN = /\p{Script=Han}/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

const OTHER = 0;
const HAN_CHAR = 1;
const WORD_CHAR = 2;
type CharKind = typeof OTHER | typeof HAN_CHAR | typeof WORD_CHAR;

/**
 * The kind of every BMP character, computed once from the Unicode properties (~15 ms): indexing runs over
 * every character of every announcement, and a table lookup is many times faster than a regular expression.
 */
let bmpKinds: Uint8Array | undefined;

function kindOf(codePoint: number, char: string): CharKind {
  if (codePoint < 0x10000) {
    if (!bmpKinds) {
      bmpKinds = new Uint8Array(0x10000);
      for (let code = 0; code < 0x10000; code += 1) {
        const text = String.fromCharCode(code);
        bmpKinds[code] = HAN.test(text) ? HAN_CHAR : LETTER_OR_DIGIT.test(text) ? WORD_CHAR : OTHER;
      }
    }
    return bmpKinds[codePoint] as CharKind;
  }
  return HAN.test(char) ? HAN_CHAR : LETTER_OR_DIGIT.test(char) ? WORD_CHAR : OTHER;
}

/** Full-width letters and digits become ASCII and letters lower-case, so 'ＬＥＤ' finds 'led'. */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFKC').toLowerCase();
}

type Run = { kind: 'han' | 'word'; chars: string[]; start: number };

/** Splits normalized text into runs of Han characters and runs of other letters/digits (offsets 0-based). */
function runsOf(text: string): Run[] {
  const runs: Run[] = [];
  let current: Run | undefined;
  let index = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const kind = kindOf(code, char);
    if (kind === OTHER) {
      current = undefined;
    } else {
      const name = kind === HAN_CHAR ? 'han' : 'word';
      if (current?.kind === name) {
        current.chars.push(char);
      } else {
        current = { kind: name, chars: [char], start: index };
        runs.push(current);
      }
    }
    index += 1;
  }
  return runs;
}

/**
 * Calls `emit` for each exact-recall token of normalized text, positions shifted by `offset`. One pass over the
 * UTF-16 units with slices of the text as lexemes: indexing runs over every character of every announcement.
 */
function eachBigramToken(text: string, offset: number, emit: (lexeme: string, position: number) => void) {
  // The open Han run's last character (its unit index, width and 0-based position), or -1.
  let hanAt = -1;
  let hanWidth = 0;
  let hanPosition = 0;
  // The open letter/digit run's start, or -1.
  let wordAt = -1;
  let wordPosition = 0;
  let position = 0;
  const length = text.length;
  for (let at = 0; at < length; ) {
    let code = text.charCodeAt(at);
    let width = 1;
    if (code >= 0xd800 && code < 0xdc00 && at + 1 < length) {
      const low = text.charCodeAt(at + 1);
      if (low >= 0xdc00 && low < 0xe000) {
        code = (code - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
        width = 2;
      }
    }
    const kind = kindOf(code, width === 1 ? (text[at] ?? '') : text.slice(at, at + 2));
    if (kind !== HAN_CHAR && hanAt >= 0) {
      emit(text.slice(hanAt, hanAt + hanWidth), offset + hanPosition + 1);
      hanAt = -1;
    }
    if (kind !== WORD_CHAR && wordAt >= 0) {
      emit(text.slice(wordAt, at), offset + wordPosition + 1);
      wordAt = -1;
    }
    if (kind === HAN_CHAR) {
      if (hanAt >= 0) emit(text.slice(hanAt, at + width), offset + hanPosition + 1);
      hanAt = at;
      hanWidth = width;
      hanPosition = position;
    } else if (kind === WORD_CHAR && wordAt < 0) {
      wordAt = at;
      wordPosition = position;
    }
    at += width;
    position += 1;
  }
  if (hanAt >= 0) emit(text.slice(hanAt, hanAt + hanWidth), offset + hanPosition + 1);
  if (wordAt >= 0) emit(text.slice(wordAt), offset + wordPosition + 1);
}

/**
 * The exact-recall tokens (as Lucene's CJKAnalyzer): every overlapping pair of Han characters, plus the last
 * character of each Han run alone, so that a one-character query still finds a run's final character by
 * prefix; other letters and digits as whole words. Any substring of two or more Han characters of the text is
 * then a chain of bigrams at consecutive positions.
 */
export function bigramTokens(text: string): Token[] {
  const tokens: Token[] = [];
  eachBigramToken(normalizeForSearch(text), 0, (lexeme, position) => tokens.push({ lexeme, position }));
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
 * Collects the bigram tokens of one or more texts into one `tsvector` literal. Texts added one after another
 * are kept apart by a gap of two positions, so no bigram chain can run from the end of one into the next.
 * `lossy` tells whether PostgreSQL's limits dropped or clamped positions (a text past 16,383 characters, a
 * lexeme more than 256 times): such a document can only be matched by its lexemes and verified on its text.
 */
export class VectorBuilder {
  /** Per lexeme: its positions as literal text ('3,17,40') and how many there are. */
  private readonly entries = new Map<string, { positions: string; count: number }>();
  private next = 0;
  private bytes = 0;
  lossy = false;

  /** Adds a text (normalized here) after what was added before. */
  add(text: string): this {
    const normalized = normalizeForSearch(text);
    const start = this.next;
    eachBigramToken(normalized, start, (token, position) => {
      // PostgreSQL refuses lexemes over 2 KB: a run of letters that long is a blob, kept by its start.
      const lexeme = token.length > MAX_WORD_LENGTH ? token.slice(0, MAX_WORD_LENGTH) : token;
      let entry = this.entries.get(lexeme);
      if (!entry) {
        entry = { positions: '', count: 0 };
        this.entries.set(lexeme, entry);
        // At most 3 bytes per UTF-16 unit: an upper bound is enough here.
        this.bytes += lexeme.length * 3 + 8;
      }
      if (
        position > MAX_POSITION ||
        entry.count >= MAX_POSITIONS_PER_LEXEME ||
        this.bytes > MAX_VECTOR_BYTES
      ) {
        this.lossy = true;
        return;
      }
      entry.positions = entry.count === 0 ? String(position) : `${entry.positions},${position}`;
      entry.count += 1;
      this.bytes += 2;
    });
    let length = 0;
    for (const _ of normalized) length += 1;
    this.next = start + length + 2;
    return this;
  }

  /** The literal to cast with `::tsvector`; a lossy document carries the lexeme `LOSSY_LEXEME`. */
  literal(): string {
    let literal = this.lossy ? LOSSY_LEXEME : '';
    // Tokens are letters, digits and Han characters only: nothing to escape.
    for (const [lexeme, entry] of this.entries) {
      literal += entry.count ? ` '${lexeme}':${entry.positions}` : ` '${lexeme}'`;
    }
    return literal;
  }
}

/** Letters/digits runs are cut to this many characters as lexemes (PostgreSQL's limit is 2 KB per lexeme). */
const MAX_WORD_LENGTH = 100;
/** Stay well under PostgreSQL's 1 MB per tsvector; past it, lexemes are kept without positions (lossy). */
const MAX_VECTOR_BYTES = 900_000;

/**
 * Marks a document whose positions are incomplete. No token can contain '~' (tokens are letters, digits and Han
 * characters), so the marker never collides with text.
 */
export const LOSSY_LEXEME = "'~lossy'";

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

/** One lexeme of a query term with its offset (0-based, in characters) inside the term. */
interface TermLexeme {
  lexeme: string;
  offset: number;
  prefix: boolean;
}

/**
 * The lexemes that must stand at fixed distances for `term` to occur in a text: the bigram chain of each Han
 * run (a one-character run as a prefix), each letter/digit run as a prefix. Offsets are in characters from the
 * start of the term, which are also the distances between token positions in a document.
 */
function termLexemes(term: string): TermLexeme[] {
  const lexemes: TermLexeme[] = [];
  for (const run of runsOf(term)) {
    const { chars } = run;
    if (run.kind === 'word' || chars.length === 1) {
      lexemes.push({ lexeme: chars.join(''), offset: run.start, prefix: true });
      continue;
    }
    for (let i = 0; i + 1 < chars.length; i += 1) {
      lexemes.push({ lexeme: `${chars[i]}${chars[i + 1]}`, offset: run.start + i, prefix: false });
    }
  }
  return lexemes;
}

const operand = (lexeme: TermLexeme, weights: string) =>
  `${quoteLexeme(lexeme.lexeme)}${lexeme.prefix ? ':*' : ''}${weights ? `${lexeme.prefix ? '' : ':'}${weights}` : ''}`;

/**
 * The tsquery that finds `term` (normalized) as an exact substring, as far as the tokens can tell: its lexemes
 * chained with their exact distances (`<->`, `<N>`). Exact for Han text; a letter/digit run matches by word
 * prefix (`led` finds `led屏` and `ledx`, not `xled`). Undefined when the term holds nothing searchable.
 */
export function termTsquery(term: string, weights = ''): string | undefined {
  const lexemes = termLexemes(term);
  const [first, ...rest] = lexemes;
  if (!first) return undefined;
  let query = operand(first, weights);
  let previous = first;
  for (const lexeme of rest) {
    const distance = lexeme.offset - previous.offset;
    query = `${query} ${distance === 1 ? '<->' : `<${distance}>`} ${operand(lexeme, weights)}`;
    previous = lexeme;
  }
  return rest.length ? `(${query})` : query;
}

/**
 * Every lexeme of `term`, positions ignored: what a GIN index answers exactly (no recheck of the row). The same
 * as `termTsquery` for a term of one lexeme (a two-character Han term, a word); a superset for longer terms,
 * whose chain the caller then checks on the candidates. Also what matches a lossy document (see `VectorBuilder`).
 */
export function termLexemesTsquery(term: string): string | undefined {
  const lexemes = termLexemes(term);
  if (!lexemes.length) return undefined;
  const operands = lexemes.map((lexeme) => operand(lexeme, ''));
  return operands.length === 1 ? (operands[0] as string) : `(${operands.join(' & ')})`;
}

/** Whether `term` is one lexeme, so that finding its lexeme is finding the term (no positions to check). */
export function isSingleLexeme(term: string): boolean {
  return termLexemes(term).length === 1;
}

/**
 * The tsquery for a precise (exact substring) search of `phrase`: its bigram chain with the exact distances
 * between them, each segment between punctuation searched on its own (all must be present). A one-character
 * Han segment becomes a prefix match. Returns undefined when the phrase holds nothing searchable.
 */
export function preciseTsquery(phrase: string, weights?: string): string | undefined {
  const restrict = weights ? `:${weights}` : '';
  const segments = runsOf(normalizeForSearch(phrase)).map((run) => {
    const text = run.chars.join('');
    if (run.kind === 'word') return `${quoteLexeme(text)}:*${weights ?? ''}`;
    const { chars } = run;
    if (chars.length === 1) return `${quoteLexeme(text)}:*${weights ?? ''}`;
    const bigrams = chars
      .slice(0, -1)
      .map((char, index) => `${quoteLexeme(`${char}${chars[index + 1]}`)}${restrict}`);
    return `(${bigrams.join(' <-> ')})`;
  });
  return segments.length ? segments.join(' & ') : undefined;
}

/** The tokens of a short name (a company's), for substring search of names. */
export function tsvectorLiteralOfName(name: string): string {
  return new VectorBuilder().add(name).literal();
}

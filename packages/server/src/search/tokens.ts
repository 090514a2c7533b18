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

function kindOf(codePoint: number): CharKind {
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
  const char = String.fromCodePoint(codePoint);
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
    const kind = kindOf(code);
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
 * Calls `emit` for each exact-recall token of normalized text — the token is `text.slice(start, end)` — its
 * position shifted by `offset`, and answers the text's length in characters. One pass over the UTF-16 units, no
 * string made: indexing runs over every character of every announcement.
 */
function eachBigramToken(
  text: string,
  offset: number,
  emit: (start: number, end: number, position: number) => void,
): number {
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
    const kind = kindOf(code);
    if (kind !== HAN_CHAR && hanAt >= 0) {
      emit(hanAt, hanAt + hanWidth, offset + hanPosition + 1);
      hanAt = -1;
    }
    if (kind !== WORD_CHAR && wordAt >= 0) {
      emit(wordAt, at, offset + wordPosition + 1);
      wordAt = -1;
    }
    if (kind === HAN_CHAR) {
      if (hanAt >= 0) emit(hanAt, at + width, offset + hanPosition + 1);
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
  if (hanAt >= 0) emit(hanAt, hanAt + hanWidth, offset + hanPosition + 1);
  if (wordAt >= 0) emit(wordAt, length, offset + wordPosition + 1);
  return position;
}

/**
 * The exact-recall tokens (as Lucene's CJKAnalyzer): every overlapping pair of Han characters, plus the last
 * character of each Han run alone, so that a one-character query still finds a run's final character by
 * prefix; other letters and digits as whole words. Any substring of two or more Han characters of the text is
 * then a chain of bigrams at consecutive positions.
 */
export function bigramTokens(text: string): Token[] {
  const tokens: Token[] = [];
  const normalized = normalizeForSearch(text);
  eachBigramToken(normalized, 0, (start, end, position) =>
    tokens.push({ lexeme: normalized.slice(start, end), position }),
  );
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
 * Lexemes of one or two BMP characters (nearly every token: Han bigrams and run ends) as one number, the
 * first character's code in the high 16 bits: a lookup without making the lexeme's string. Never 0, since a
 * token holds no NUL.
 */
function pairKey(text: string, start: number, end: number): number {
  const first = text.charCodeAt(start);
  if (first >= 0xd800 && first < 0xe000) return 0;
  if (end - start === 1) return first << 16;
  const second = text.charCodeAt(start + 1);
  return end - start === 2 && (second < 0xd800 || second >= 0xe000) ? (first << 16) | second : 0;
}

/** A title's lexemes fit; a body's take a few doublings. */
const PAIR_TABLE_START = 128;

/** An open-addressing table from pair keys to entry numbers; integers only, so it allocates per growth only. */
class PairTable {
  private keys = new Int32Array(PAIR_TABLE_START);
  private values = new Int32Array(PAIR_TABLE_START);
  /** 32 − log2(capacity): slots are the high bits of a multiplicative hash. */
  private shift = 32 - Math.log2(PAIR_TABLE_START);
  private size = 0;

  /** The entry of `key`, or -1. */
  get(key: number): number {
    const mask = this.keys.length - 1;
    for (let slot = Math.imul(key, 0x9e3779b1) >>> this.shift; ; slot = (slot + 1) & mask) {
      const found = this.keys[slot] as number;
      if (found === key) return this.values[slot] as number;
      if (found === 0) return -1;
    }
  }

  set(key: number, value: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let slot = Math.imul(key, 0x9e3779b1) >>> this.shift;
    while (this.keys[slot] !== 0) slot = (slot + 1) & mask;
    this.keys[slot] = key;
    this.values[slot] = value;
    this.size += 1;
  }

  private grow(): void {
    const { keys, values } = this;
    this.keys = new Int32Array(keys.length * 2);
    this.values = new Int32Array(keys.length * 2);
    this.shift -= 1;
    this.size = 0;
    for (let slot = 0; slot < keys.length; slot += 1) {
      const key = keys[slot] as number;
      if (key !== 0) this.set(key, values[slot] as number);
    }
  }
}

/** UTF-8 bytes of a BMP code unit that is not a surrogate. */
const utf8Length = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : 3);

function writeUtf8(out: Buffer, at: number, code: number): number {
  if (code < 0x80) {
    out[at] = code;
    return at + 1;
  }
  if (code < 0x800) {
    out[at] = 0xc0 | (code >> 6);
    out[at + 1] = 0x80 | (code & 0x3f);
    return at + 2;
  }
  out[at] = 0xe0 | (code >> 12);
  out[at + 1] = 0x80 | ((code >> 6) & 0x3f);
  out[at + 2] = 0x80 | (code & 0x3f);
  return at + 3;
}

/**
 * Collects the bigram tokens of one or more texts into one `tsvector`, as a literal (`literal()`) or in
 * PostgreSQL's binary format (`binary()`). Texts added one after another are kept apart by a gap of two
 * positions, so no bigram chain can run from the end of one into the next. `lossy` tells whether PostgreSQL's
 * limits dropped or clamped positions (a text past 16,383 characters, a lexeme more than 256 times): such a
 * document can only be matched by its lexemes and verified on its text.
 *
 * Built for the importer's hot path (docs/adr/0021): lexemes are told apart by number where they can be, and
 * positions kept in typed arrays, so adding a text makes almost no garbage.
 */
export class VectorBuilder {
  /** Per entry, in order of first occurrence: its pair key (0 for a lexeme kept as text) or its text. */
  private readonly entryKeys: number[] = [];
  private readonly entryTexts: string[] = [];
  /** Per entry: how many positions, and its first and last in the position lists. */
  private readonly entryCounts: number[] = [];
  private readonly entryFirst: number[] = [];
  private readonly entryLast: number[] = [];
  /** Positions chained per entry: a value and the index of the entry's next position (-1 at its end). */
  private positionValues = new Uint16Array(256);
  private positionNext = new Int32Array(256);
  private positions = 0;
  private readonly byPair = new PairTable();
  private readonly byText = new Map<string, number>();
  /** The size of `binary()`'s bytes. */
  private binaryBytes = 4;
  private next = 0;
  private bytes = 0;
  lossy = false;

  /** Adds a text (normalized here) after what was added before. */
  add(text: string): this {
    const normalized = normalizeForSearch(text);
    const start = this.next;
    const length = eachBigramToken(normalized, start, (tokenStart, tokenEnd, position) =>
      this.addToken(normalized, tokenStart, tokenEnd, position),
    );
    this.next = start + length + 2;
    return this;
  }

  private addToken(text: string, start: number, end: number, position: number): void {
    const key = pairKey(text, start, end);
    let entry = key === 0 ? this.textEntry(text, start, end) : this.byPair.get(key);
    if (entry < 0) {
      entry = this.newEntry(key, '', end - start);
      this.byPair.set(key, entry);
      this.binaryBytes += utf8Length(key >>> 16) + ((key & 0xffff) === 0 ? 0 : utf8Length(key & 0xffff)) + 3;
    }
    if (
      position > MAX_POSITION ||
      this.entryCounts[entry] === MAX_POSITIONS_PER_LEXEME ||
      this.bytes > MAX_VECTOR_BYTES
    ) {
      this.lossy = true;
      return;
    }
    if (this.positions === this.positionValues.length) this.growPositions();
    const at = this.positions;
    this.positions += 1;
    this.positionValues[at] = position;
    this.positionNext[at] = -1;
    if (this.entryCounts[entry] === 0) this.entryFirst[entry] = at;
    else this.positionNext[this.entryLast[entry] as number] = at;
    this.entryLast[entry] = at;
    this.entryCounts[entry] = (this.entryCounts[entry] as number) + 1;
    this.bytes += 2;
    this.binaryBytes += 2;
  }

  /** The entry of a lexeme kept as text (a word, a character outside the BMP), made if new. */
  private textEntry(text: string, start: number, end: number): number {
    // PostgreSQL refuses lexemes over 2 KB: a run of letters that long is a blob, kept by its start.
    const lexeme = text.slice(start, Math.min(end, start + MAX_WORD_LENGTH));
    const found = this.byText.get(lexeme);
    if (found !== undefined) return found;
    const entry = this.newEntry(0, lexeme, lexeme.length);
    this.byText.set(lexeme, entry);
    this.binaryBytes += Buffer.byteLength(lexeme) + 3;
    return entry;
  }

  private newEntry(key: number, text: string, length: number): number {
    this.entryKeys.push(key);
    this.entryTexts.push(text);
    this.entryCounts.push(0);
    this.entryFirst.push(-1);
    this.entryLast.push(-1);
    // At most 3 bytes per UTF-16 unit: an upper bound is enough here.
    this.bytes += length * 3 + 8;
    return this.entryKeys.length - 1;
  }

  private growPositions(): void {
    const values = new Uint16Array(this.positionValues.length * 2);
    values.set(this.positionValues);
    const next = new Int32Array(this.positionNext.length * 2);
    next.set(this.positionNext);
    this.positionValues = values;
    this.positionNext = next;
  }

  private lexeme(entry: number): string {
    const key = this.entryKeys[entry] as number;
    if (key === 0) return this.entryTexts[entry] as string;
    const second = key & 0xffff;
    return second === 0 ? String.fromCharCode(key >>> 16) : String.fromCharCode(key >>> 16, second);
  }

  /** The literal to cast with `::tsvector`; a lossy document carries the lexeme `LOSSY_LEXEME`. */
  literal(): string {
    let literal = this.lossy ? LOSSY_LEXEME : '';
    // Tokens are letters, digits and Han characters only: nothing to escape.
    for (let entry = 0; entry < this.entryKeys.length; entry += 1) {
      literal += ` '${this.lexeme(entry)}'`;
      let separator = ':';
      for (let at = this.entryCounts[entry] ? (this.entryFirst[entry] as number) : -1; at >= 0; ) {
        literal += `${separator}${this.positionValues[at]}`;
        separator = ',';
        at = this.positionNext[at] as number;
      }
    }
    return literal;
  }

  /**
   * The same vector in `tsvectorsend`'s format, what `tsvectorrecv` reads (src/ingest/binary-vectors.ts): the
   * number of lexemes, then per lexeme its UTF-8 bytes, a NUL, the number of positions and the positions
   * (uint16, weight D = 0). Lexemes are distinct and their positions ascending, as `tsvectorrecv` requires, and
   * in PostgreSQL's order, which spares the server sorting them (it sorts what is out of order: a lossy marker).
   */
  binary(): Buffer {
    const out = Buffer.allocUnsafe(this.binaryBytes + (this.lossy ? LOSSY_BINARY.length : 0));
    let at = out.writeInt32BE(this.entryKeys.length + (this.lossy ? 1 : 0), 0);
    if (this.lossy) at += LOSSY_BINARY.copy(out, at);
    for (const entry of this.entriesInLexemeOrder()) {
      const key = this.entryKeys[entry] as number;
      if (key === 0) {
        at += out.write(this.entryTexts[entry] as string, at);
      } else {
        at = writeUtf8(out, at, key >>> 16);
        if ((key & 0xffff) !== 0) at = writeUtf8(out, at, key & 0xffff);
      }
      const count = this.entryCounts[entry] as number;
      out[at] = 0;
      out[at + 1] = count >> 8;
      out[at + 2] = count & 0xff;
      at += 3;
      for (let position = count ? (this.entryFirst[entry] as number) : -1; position >= 0; ) {
        const value = this.positionValues[position] as number;
        out[at] = value >> 8;
        out[at + 1] = value & 0xff;
        at += 2;
        position = this.positionNext[position] as number;
      }
    }
    return out;
  }

  /**
   * The entries ordered as PostgreSQL orders lexemes: by their UTF-8 bytes, which is by code points, a prefix
   * first. Pair keys sort as numbers (the entry number in the low bits of the same double); the few lexemes kept
   * as text are sorted apart and merged in.
   */
  private entriesInLexemeOrder(): Int32Array {
    const total = this.entryKeys.length;
    const texts = this.byText.size;
    const pairs = new Float64Array(total - texts);
    const textEntries: number[] = [];
    for (let entry = 0, pair = 0; entry < total; entry += 1) {
      const key = this.entryKeys[entry] as number;
      if (key === 0) textEntries.push(entry);
      else pairs[pair++] = (key >>> 0) * ENTRY_NUMBERS + entry;
    }
    pairs.sort();
    textEntries.sort((a, b) => compareCodePoints(this.entryTexts[a] as string, this.entryTexts[b] as string));
    const order = new Int32Array(total);
    let pair = 0;
    let text = 0;
    for (let next = 0; next < total; next += 1) {
      const pairEntry = pair < pairs.length ? (pairs[pair] as number) % ENTRY_NUMBERS : -1;
      const textEntry = text < textEntries.length ? (textEntries[text] as number) : -1;
      const pairFirst =
        textEntry < 0 ||
        (pairEntry >= 0 &&
          comparePairWithText(this.entryKeys[pairEntry] as number, this.entryTexts[textEntry] as string) < 0);
      if (pairFirst) {
        order[next] = pairEntry;
        pair += 1;
      } else {
        order[next] = textEntry;
        text += 1;
      }
    }
    return order;
  }
}

/** More than a vector's entries can be (900 KB of lexemes): the entry number's room beside a pair key. */
const ENTRY_NUMBERS = 2 ** 20;

function compareCodePoints(a: string, b: string): number {
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    const x = a.codePointAt(i) as number;
    const y = b.codePointAt(j) as number;
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - b.length;
}

/** A pair key's lexeme (one or two BMP characters) against a lexeme kept as text, by code points. */
function comparePairWithText(key: number, text: string): number {
  const first = key >>> 16;
  const second = key & 0xffff;
  const textFirst = text.codePointAt(0) as number;
  if (first !== textFirst) return first - textFirst;
  // Equal first characters are BMP ones: the text's second character starts at unit 1.
  if (second === 0) return -1;
  if (text.length === 1) return 1;
  const textSecond = text.codePointAt(1) as number;
  if (second !== textSecond) return second - textSecond;
  return -1;
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
/** `LOSSY_LEXEME` in binary: the lexeme, its NUL, no positions. */
const LOSSY_BINARY = Buffer.from('~lossy\0\0\0', 'latin1');

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

/** A position of a skeleton (`needleSkeleton`) no token covers: a character neither letter, digit nor Han. */
export const SKELETON_GAP = '\uE000';
/** Marks where a token starts in a skeleton: before every Han character and every run of letters/digits. */
export const SKELETON_START = '\uE001';

/**
 * The skeleton of a needle (normalized) when a gap lies inside it, else undefined (its chain is exact). The chain
 * of `医院%设备` asks only that 设备 stand two positions after 院, so the position between may hold any character,
 * a letter too, and a word before a gap may run into it (`ab%` finds `abc`). A skeleton says what each position
 * holds — the character and whether a token starts there, or a gap — as the vector of a text tells it (the
 * search index rebuilds a title's from its vector), so a needle holds where its skeleton is a substring of the
 * text's: each gap of the needle one character neither letter, digit nor Han. Gaps at its ends are dropped.
 */
export function needleSkeleton(needle: string): string | undefined {
  const kinds = Array.from(needle, (char) => ({ char, kind: kindOf(char.codePointAt(0) ?? 0) }));
  const first = kinds.findIndex(({ kind }) => kind !== OTHER);
  const last = kinds.findLastIndex(({ kind }) => kind !== OTHER);
  const inner = kinds.slice(first, last + 1);
  if (first < 0 || inner.every(({ kind }) => kind !== OTHER)) return undefined;
  return inner
    .map(({ char, kind }, index) => {
      if (kind === OTHER) return SKELETON_GAP;
      const startsToken = kind === HAN_CHAR || inner[index - 1]?.kind !== WORD_CHAR;
      return startsToken ? `${SKELETON_START}${char}` : char;
    })
    .join('');
}

/**
 * What a row checks of a needle with a gap inside (`needleSkeleton`): its skeleton, the lexeme it starts with
 * (where a window of the text's skeleton is rebuilt from the vector) and how many positions it spans.
 */
export interface GapCheck {
  skeleton: string;
  anchor: { lexeme: string; prefix: boolean };
  positions: number;
}

export function needleGapCheck(needle: string): GapCheck | undefined {
  const skeleton = needleSkeleton(needle);
  const [first] = termLexemes(needle);
  if (skeleton === undefined || !first) return undefined;
  const positions = Array.from(skeleton).filter((char) => char !== SKELETON_START).length;
  return { skeleton, anchor: { lexeme: first.lexeme, prefix: first.prefix }, positions };
}

/** The tokens of a short name (a company's), for substring search of names. */
export function tsvectorLiteralOfName(name: string): string {
  return new VectorBuilder().add(name).literal();
}

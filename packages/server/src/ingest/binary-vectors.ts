import type { Queryable } from '../db/database';

/**
 * tsvector parameters in PostgreSQL's binary format, for the import's statements on PostgreSQL (measured in
 * docs/performance.md "Ingest"): the search vectors are the bulk of what an import sends, and the server spent
 * a quarter of its time parsing them as text (`array_in`, then `tsvectorin` per element: quoting, the position
 * lists, a sort and de-duplication of every vector). In binary (`array_recv`, `tsvectorrecv`) it copies them.
 *
 * The writers (src/tenders, src/search) stay as they are: they pass each vector column as an array of tsvector
 * literals cast with `$n::tsvector[]`; `binaryVectorParams` sends such a parameter as a binary `tsvector[]`
 * instead (node-postgres sends a Buffer parameter in binary format). A literal this encoder does not know (any
 * syntax beyond quoted lexemes with plain position lists) leaves its whole parameter as text, so the fallback is
 * the old path, never a different vector. PGlite keeps the text path.
 */

const TSVECTOR_OID = 3614;
/** PostgreSQL's limits (tsearch/ts_type.h): a position is 14 bits, a lexeme at most 256 positions of 2 KB. */
const MAX_POSITION = 16_383;
const MAX_POSITIONS = 256;
const MAX_LEXEME_BYTES = 2046;

const QUOTE = 0x27;
const COLON = 0x3a;
const COMMA = 0x2c;
const SPACE = 0x20;
const BACKSLASH = 0x5c;

/**
 * 53-bit hashes of the lexemes of the vector being encoded: a lexeme twice sends the text instead (as would two
 * lexemes with one hash, about once in 10^10 vectors).
 */
const seen = new Set<number>();

/**
 * Writes `tsvectorsend`'s format of one literal at `start`: the number of lexemes, then per lexeme its UTF-8
 * bytes and a NUL, the number of positions and the positions (uint16, weight D = 0). Answers where it ended, or
 * -1 for a literal that is not the search code's plain form (`'lexeme':3,17 'other'`: quoted lexemes without
 * escapes, ascending positions 1–16,383 without weights, each lexeme once). Lexemes must be distinct:
 * `tsvectorrecv` sorts them but, unlike `tsvectorin`, does not merge two equal ones.
 */
function encodeVector(src: Buffer, out: Buffer, start: number): number {
  const length = src.length;
  let at = start + 4;
  let count = 0;
  let i = 0;
  seen.clear();
  for (;;) {
    while (src[i] === SPACE) i += 1;
    if (i >= length) break;
    if (src[i] !== QUOTE) return -1;
    i += 1;
    const lexemeStart = i;
    let hash = 0x811c9dc5;
    let hash2 = 0x9747b28c;
    let byte = src[i] as number;
    // The bytes are copied as they are read: UTF-8 continuation bytes are never a quote.
    while (i < length && byte !== QUOTE) {
      if (byte === BACKSLASH || byte === 0) return -1;
      hash = Math.imul(hash ^ byte, 0x01000193);
      hash2 = Math.imul(hash2 ^ byte, 0x5bd1e995);
      out[at] = byte;
      at += 1;
      i += 1;
      byte = src[i] as number;
    }
    const lexemeBytes = i - lexemeStart;
    if (i >= length || lexemeBytes === 0 || lexemeBytes > MAX_LEXEME_BYTES) return -1;
    i += 1;
    const key = (hash >>> 0) * 0x200000 + (hash2 >>> 11);
    if (src[i] === QUOTE || seen.has(key)) return -1;
    seen.add(key);
    out[at] = 0;
    const countAt = at + 1;
    at += 3;
    let positions = 0;
    if (src[i] === COLON) {
      let previous = 0;
      for (;;) {
        i += 1;
        let value = 0;
        let digits = 0;
        for (let c = src[i] as number; c >= 0x30 && c <= 0x39 && digits < 6; c = src[i] as number) {
          value = value * 10 + (c - 0x30);
          digits += 1;
          i += 1;
        }
        if (value <= previous || value > MAX_POSITION || positions === MAX_POSITIONS) return -1;
        out[at] = value >> 8;
        out[at + 1] = value & 0xff;
        at += 2;
        positions += 1;
        previous = value;
        if (src[i] !== COMMA) break;
      }
    }
    if (i < length && src[i] !== SPACE) return -1;
    out[countAt] = positions >> 8;
    out[countAt + 1] = positions & 0xff;
    count += 1;
  }
  out.writeInt32BE(count, start);
  return at;
}

/**
 * `array_send`'s format of a one-dimensional tsvector[] of these values (NULL elements allowed): literals, or
 * vectors made in binary already (`VectorBuilder.binary()`, copied as they are); undefined when a literal is
 * not in the plain form `encodeVector` takes.
 */
export function encodeVectorArray(values: readonly unknown[]): Buffer | undefined {
  const sources: (Buffer | null)[] = [];
  const encoded: boolean[] = [];
  // Per lexeme at most one byte more than its literal ('a' → a, NUL, count), and a lexeme takes three bytes.
  let bound = 20;
  let hasNull = 0;
  for (const value of values) {
    if (value === null) {
      sources.push(null);
      encoded.push(false);
      hasNull = 1;
      bound += 4;
    } else if (typeof value === 'string') {
      const source = Buffer.from(value, 'utf8');
      sources.push(source);
      encoded.push(false);
      bound += 8 + Math.ceil((source.length * 4) / 3);
    } else if (Buffer.isBuffer(value)) {
      sources.push(value);
      encoded.push(true);
      bound += 4 + value.length;
    } else {
      return undefined;
    }
  }
  const out = Buffer.allocUnsafe(bound);
  let at = out.writeInt32BE(sources.length ? 1 : 0, 0);
  at = out.writeInt32BE(hasNull, at);
  at = out.writeUInt32BE(TSVECTOR_OID, at);
  if (sources.length) {
    at = out.writeInt32BE(sources.length, at);
    at = out.writeInt32BE(1, at);
  }
  for (const [index, source] of sources.entries()) {
    if (source === null) {
      at = out.writeInt32BE(-1, at);
      continue;
    }
    const end = encoded[index] ? at + 4 + source.copy(out, at + 4) : encodeVector(source, out, at + 4);
    if (end < 0) return undefined;
    out.writeInt32BE(end - at - 4, at);
    at = end;
  }
  return out.subarray(0, at);
}

/** The literal of a vector in `tsvectorsend`'s format (weight D, as `VectorBuilder.binary()` makes them). */
export function binaryVectorLiteral(vector: Buffer): string {
  const count = vector.readInt32BE(0);
  let literal = '';
  let at = 4;
  for (let lexeme = 0; lexeme < count; lexeme += 1) {
    const end = vector.indexOf(0, at);
    literal += `${lexeme ? ' ' : ''}'${vector.toString('utf8', at, end).replaceAll("'", "''")}'`;
    const positions = vector.readUInt16BE(end + 1);
    at = end + 3;
    for (let position = 0; position < positions; position += 1) {
      literal += `${position ? ',' : ':'}${vector.readUInt16BE(at)}`;
      at += 2;
    }
  }
  return literal;
}

/** The 0-based positions of the `$n::tsvector[]` parameters of a statement, by statement text. */
const vectorParameters = new Map<string, number[]>();

function vectorParametersOf(text: string): number[] {
  let found = vectorParameters.get(text);
  if (!found) {
    found = [...text.matchAll(/\$(\d+)::tsvector\[\]/g)].map((match) => Number(match[1]) - 1);
    // Statements are constant texts: a handful per import.
    if (vectorParameters.size > 100) vectorParameters.clear();
    vectorParameters.set(text, found);
  }
  return found;
}

/**
 * The statement's parameters with every `$n::tsvector[]` array encoded in binary where possible. Where not (a
 * literal beyond the plain form), the array goes as text, its binary vectors turned into literals.
 */
export function binaryVectorParams(text: string, params: readonly unknown[]): readonly unknown[] {
  const indexes = vectorParametersOf(text);
  if (indexes.length === 0) return params;
  const converted = [...params];
  for (const index of indexes) {
    const value = converted[index];
    if (!Array.isArray(value)) continue;
    converted[index] =
      encodeVectorArray(value) ??
      value.map((element: unknown) => (Buffer.isBuffer(element) ? binaryVectorLiteral(element) : element));
  }
  return converted;
}

/** A transaction whose statements send their tsvector[] parameters in binary (PostgreSQL only). */
export function withBinaryVectors(tx: Queryable): Queryable {
  return {
    query: (text, params) => tx.query(text, params && binaryVectorParams(text, params)),
    exec: (script) => tx.exec(script),
  };
}

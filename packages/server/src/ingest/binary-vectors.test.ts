import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../corpus/generator';
import type { Database } from '../db/database';
import { VectorBuilder } from '../search/tokens';
import { testDatabaseTargets } from '../test-support/databases';
import { binaryVectorLiteral, binaryVectorParams, encodeVectorArray } from './binary-vectors';

const postgres = testDatabaseTargets().find((target) => target.name === 'postgres');

/** Vectors as the search code makes them: titles, full texts, a lossy one, a cut word, characters outside the BMP. */
function searchVectors(): VectorBuilder[] {
  const corpus = [...generateCorpus({ seed: 'binary-vectors', size: 40, until: '2026-03-31' })];
  const made = corpus.flatMap((record) => [
    new VectorBuilder().add(record.title),
    new VectorBuilder()
      .add(record.title)
      .add(record.projectName ?? '')
      .add(record.body),
  ]);
  const lossy = new VectorBuilder();
  for (let i = 0; i < 500; i += 1) lossy.add('北京市海淀区政府采购中心公开招标公告 Server-2000 设备采购项目');
  const longWord = new VectorBuilder().add(`ab${'x'.repeat(300)} 甲乙`);
  const outsideBmp = new VectorBuilder().add('𠀀𠀁 甲𠀂乙 é∂ ΑΒΓ 𝟘x 甲乙甲乙 ab abc a 甲 abcdef 𠀀 ﬃx');
  return [...made, lossy, longWord, outsideBmp, new VectorBuilder()];
}

/** Literals as the search code makes them, empty, NULL and one whose lexemes differ by case. */
function searchLiterals(): (string | null)[] {
  return [...searchVectors().map((vector) => vector.literal()), '', null, "'Ab' 'ab':16383"];
}

/** Literals `tsvectorin` merges, sorts, clamps or weights: left to it. */
const OTHER_LITERALS = [
  "'b':3 'a':2 'b':1,7",
  "'a':5,5",
  "'a':3,2",
  "'a':0",
  "'a':16384",
  `'a':${Array.from({ length: 257 }, (_, i) => i + 1).join(',')}`,
  "'b':2A",
  "'it''s'",
  "'a\\b'",
  'plain',
  "'a':1,",
  "'a'x",
  "''",
  "'open",
];

/** The lexemes of a vector in `tsvectorsend`'s format, as UTF-8 bytes. */
function binaryLexemes(vector: Buffer): Buffer[] {
  const lexemes: Buffer[] = [];
  let at = 4;
  for (let count = vector.readInt32BE(0); count > 0; count -= 1) {
    const end = vector.indexOf(0, at);
    lexemes.push(vector.subarray(at, end));
    at = end + 3 + 2 * vector.readUInt16BE(end + 1);
  }
  return lexemes;
}

describe('VectorBuilder.binary()', () => {
  it('lists lexemes in PostgreSQL order (by UTF-8 bytes, a prefix first), so the server need not sort them', () => {
    const vectors = searchVectors().filter((vector) => !vector.lossy);
    expect(vectors.length).toBeGreaterThan(40);
    for (const vector of vectors) {
      const lexemes = binaryLexemes(vector.binary());
      for (let i = 1; i < lexemes.length; i += 1) {
        expect(Buffer.compare(lexemes[i - 1] as Buffer, lexemes[i] as Buffer)).toBe(-1);
      }
    }
  });
});

describe.skipIf(!postgres)('binary tsvector parameters on PostgreSQL', () => {
  let db: Database;

  beforeAll(async () => {
    db = await (postgres as NonNullable<typeof postgres>).open();
  });

  afterAll(async () => {
    await db.close();
  });

  it('makes the very vectors PostgreSQL makes of the literals', async () => {
    const literals = searchLiterals();
    expect(literals.some((literal) => literal?.startsWith("'~lossy'"))).toBe(true);
    const encoded = encodeVectorArray(literals);
    expect(encoded).toBeInstanceOf(Buffer);
    const rows = await db.query<{ binary: string | null; text: string | null }>(
      `SELECT b::text AS binary, t::text AS text
       FROM unnest($1::tsvector[], $2::tsvector[]) WITH ORDINALITY AS v(b, t, n) ORDER BY n`,
      [encoded, literals],
    );
    expect(rows).toHaveLength(literals.length);
    for (const row of rows) expect(row.binary).toBe(row.text);
  });

  it('makes in VectorBuilder.binary() the very vectors PostgreSQL makes of the literals', async () => {
    const vectors = searchVectors();
    const rows = await db.query<{ binary: string; text: string }>(
      `SELECT b::text AS binary, t::text AS text
       FROM unnest($1::tsvector[], $2::tsvector[]) WITH ORDINALITY AS v(b, t, n) ORDER BY n`,
      [
        encodeVectorArray(vectors.map((vector) => vector.binary())),
        vectors.map((vector) => vector.literal()),
      ],
    );
    expect(rows).toHaveLength(vectors.length);
    for (const row of rows) expect(row.binary).toBe(row.text);
  });

  it('sends a parameter mixing binary vectors and a literal beyond the plain form as text, the same vectors', async () => {
    const [vector] = searchVectors();
    const binary = (vector as VectorBuilder).binary();
    const [mixed] = binaryVectorParams('SELECT $1::tsvector[]', [[binary, "'b':2A"]]);
    expect(mixed).toEqual([binaryVectorLiteral(binary), "'b':2A"]);
    const [row] = await db.query<{ same: boolean }>('SELECT ($1::tsvector[])[1] = $2::tsvector AS same', [
      mixed,
      (vector as VectorBuilder).literal(),
    ]);
    expect(row?.same).toBe(true);
  });

  it('leaves a parameter as text when one of its literals is not in the plain form', async () => {
    for (const literal of OTHER_LITERALS) {
      expect(encodeVectorArray(["'a':1", literal]), literal).toBeUndefined();
    }
    const weighted = ["'a':1", "'b':2A"];
    const [vectors, names] = binaryVectorParams('SELECT $1::tsvector[], $2::text[]', [weighted, ['x']]);
    expect(vectors).toEqual(weighted);
    expect(names).toEqual(['x']);
    const [row] = await db.query<{ v: string }>('SELECT ($1::tsvector[])[2]::text AS v', [vectors]);
    expect(row?.v).toBe("'b':2A");
  });

  it('sends every tsvector[] parameter of a statement in binary', () => {
    const params = binaryVectorParams(
      'INSERT INTO t SELECT * FROM unnest($1::text[], $2::tsvector[], $3::tsvector[])',
      [['x'], ["'a':1"], [null]],
    );
    expect(params[0]).toEqual(['x']);
    expect(params[1]).toBeInstanceOf(Buffer);
    expect(params[2]).toBeInstanceOf(Buffer);
  });
});

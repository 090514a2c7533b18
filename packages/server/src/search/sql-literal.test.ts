import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { sqlLiteral } from './search-index';

/** What an attacker would try to end a literal with, or to make a backslash mean something. */
const tricky = fc.constantFrom(
  "'",
  "''",
  '\\',
  "\\'",
  "E'",
  "'; DROP TABLE search_document; --",
  '$$',
  '$tag$',
  '"',
  '{',
  '}',
  ',',
  'NULL',
  '\\x41',
  '\\u0041',
  '\n',
  '\r\n',
  '\t',
  '医院',
  '😀',
  '\u200b',
);

/** A lone surrogate (half of a pair): UTF-8 has no encoding for one, so the database never sees it as written. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Any text PostgreSQL can hold: no NUL, no lone surrogate. */
const text = fc
  .array(fc.oneof(tricky, fc.string({ unit: 'binary', maxLength: 8 })), { maxLength: 12 })
  .map((parts) => parts.join('').replaceAll('\u0000', ''))
  .filter((value) => !LONE_SURROGATE.test(value));

describe('sqlLiteral', () => {
  it('writes escape strings, doubling quotes and backslashes', () => {
    expect(sqlLiteral("it's")).toBe("E'it''s'");
    expect(sqlLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(sqlLiteral(-3)).toBe('(-3)');
    expect(sqlLiteral(['a"b', null])).toBe(`E'{"a\\\\"b",NULL}'`);
  });

  it('refuses a NUL character, which no PostgreSQL text can hold (callers refuse it with a 400 first)', () => {
    expect(() => sqlLiteral('a\u0000b')).toThrow(RangeError);
    expect(() => sqlLiteral(['ok', 'a\u0000b'])).toThrow(RangeError);
  });

  it('refuses values it has no literal for', () => {
    expect(() => sqlLiteral(Number.NaN)).toThrow(RangeError);
    expect(() => sqlLiteral({})).toThrow(TypeError);
  });
});

describe.each(testDatabaseTargets())('sqlLiteral round trip on $name', (target) => {
  let server: TestServer;
  let db: Database;
  beforeAll(async () => {
    server = await startTestServer(target);
    db = server.db;
  });
  afterAll(async () => {
    await server.close();
  });

  it('never gets a NUL from a search: the request is refused with a 400 naming the field', async () => {
    const user = await signIn(server, 'alpha', newMobile());
    for (const params of [{ keyword: '医院\u0000' }, { keywordList: ['设备', 'a\u0000b'] }]) {
      const answer = await callApi(server.app, 'POST', '/webchat/api/searchList', {
        params: { ...params, page: 1, size: 10 },
        headers: user.headers,
      });
      expect(answer.code).toBe(400);
      expect(answer.message).toMatch(/^参数 keyword(List\.1)?：不能包含空字符/);
    }
  });

  /** The literal must be exactly one value: a second column would mean the literal ended early. */
  async function selectLiteral(literal: string, cast = ''): Promise<unknown> {
    const rows = await db.query<Record<string, unknown>>(`SELECT ${literal}${cast} AS value`);
    expect(rows).toHaveLength(1);
    expect(Object.keys(rows[0] ?? {})).toEqual(['value']);
    return rows[0]?.value;
  }

  it('gives back every string unchanged and never ends the literal early', async () => {
    await fc.assert(
      fc.asyncProperty(text, async (value) => {
        expect(await selectLiteral(sqlLiteral(value), '::text')).toBe(value);
      }),
      { numRuns: 300 },
    );
  });

  it('gives back every text array unchanged, empty strings, NULL-looking words and nulls included', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.option(text, { nil: null }), { maxLength: 6 }), async (values) => {
        const [row] = await db.query<{ value: (string | null)[] }>(
          `SELECT ${sqlLiteral(values)}::text[] AS value`,
        );
        expect(row?.value ?? []).toEqual(values);
      }),
      { numRuns: 200 },
    );
  });

  it('gives back every finite number unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (value) => {
        expect(await selectLiteral(sqlLiteral(value), '::float8')).toBe(value === 0 ? 0 : value);
      }),
      { numRuns: 200 },
    );
  });
});

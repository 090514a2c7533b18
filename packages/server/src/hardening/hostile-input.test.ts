import type { EndpointDefinition } from '@tender/contracts';
import { API_ENDPOINTS } from '@tender/contracts/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTag, writeCorpus } from '../companies/test-corpus';
import { serverSecrets } from '../enterprise/server-secret';
import { testDatabaseTargets } from '../test-support/databases';
import { grant, type MemberTestUser, newMember } from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import {
  changedTables,
  type DatabaseFingerprint,
  fingerprint,
  fingerprintQuery,
} from './database-fingerprint';
import { type JsonSchema, requestSchema, validRequest } from './endpoint-samples';

/**
 * Strings an attacker or a broken client sends: SQL, HTML and script, template and path traversal, and the
 * Unicode that breaks naive code — lone surrogates, bidi marks, NUL, zero-width and full-width characters,
 * emoji sequences — and the words that mean something to JavaScript.
 */
const HOSTILE_TEXT = [
  "' OR '1'='1",
  '1; DROP TABLE user_account; --',
  "'); DELETE FROM tender_item; --",
  '1 UNION SELECT table_name FROM information_schema.tables --',
  "%' AND pg_sleep(5) IS NULL --",
  '\\',
  '$1',
  '<script>window.__pwned=1</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '"><svg onload=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection, sent as it is
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd%00.png',
  '%2e%2e%2f%2e%2e%2f',
  '\uD800',
  'a\uDFFFb',
  '\u202Egnp.exe\u202C',
  '\u200F\u200E\u061C',
  '\u0000',
  'a\u0000b',
  '😀🏳️‍🌈👨‍👩‍👧‍👦',
  '１３８００１３８０００',
  '２０２６－０３－０１',
  '\uFEFF\u200B\u00AD',
  '',
  ' ',
  '\r\n\t',
  'null',
  'NaN',
  '-1',
  '1e309',
  '9007199254740993',
  '__proto__',
  'constructor',
];

const hostileText = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...HOSTILE_TEXT) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 16 }))
      .map(([known, noise]) => known + noise),
  },
  { weight: 1, arbitrary: fc.constantFrom('医'.repeat(100_000), 'a'.repeat(20_000)) },
);

/** Values of the wrong type for any field (what a JSON body can carry). */
const WRONG_TYPES: readonly unknown[] = [
  { unexpected: true },
  [1, 2, 3],
  true,
  null,
  -1,
  1e308,
  'x'.repeat(600_000),
  '',
];

/** What a query string can carry for a field: always text, often not the text the field needs. */
const WRONG_QUERY_VALUES: readonly string[] = ['[object Object]', 'abc', '', '-1', '1e400', 'true', '%zz'];

type Answer = { statusCode: number; body: string; code: number | undefined; message: string };

const STACK_TRACE = /\n\s+at |\.(?:ts|js|mjs):\d+:\d+|node_modules|"stack"/;
const CHINESE = /[\u4e00-\u9fff]/;

describe.each(testDatabaseTargets())('hostile input on $name', (target) => {
  let server: TestServer;
  /** A paying member whose level opens every screen, so hostile values reach the handlers behind the gates. */
  let member: MemberTestUser;
  let fingerprintSql: string;
  /** The rows of the tables an injection would aim at, before the hostile calls. */
  let countsBefore: { users: number; items: number };
  const counts = async () =>
    (
      await server.db.query<{ users: number; items: number }>(
        'SELECT (SELECT count(*)::int FROM user_account) AS users, (SELECT count(*)::int FROM tender_item) AS items',
      )
    )[0] as { users: number; items: number };

  beforeAll(async () => {
    server = await startTestServer(target);
    member = await newMember(server, 'alpha');
    await grant(server, member, 'qiyetong', 12);
    // Real rows behind the ids the samples name (1, 2 …), so detail and company handlers run, not only 404s.
    const tag = newTag();
    await writeCorpus(
      server,
      tag,
      ['zb', 'jg', 'nj', 'sp', 'yg', 'yx'].map((type, index) => ({
        key: String(index),
        announcementType: type as 'zb',
        title: `测试${type}公告${tag}`,
        publishDate: '2026-03-01',
        region: { provinceCode: '440000' },
        parties: [{ role: 'purchaser' as const, name: `深圳市测试医院${tag}` }],
        ...(type === 'sp' ? { approval: { stage: 'lx' } } : {}),
      })),
    );
    // The invite key is made on its first use, by whichever call reads it first: made here, it is then checked.
    await serverSecrets(server.db, server.clock.now).get('enterprise-invite');
    // Sessions move forward with every signed-in call; an export's background job writes after answering.
    fingerprintSql = await fingerprintQuery(server.db, ['user_session', 'export_record']);
    countsBefore = await counts();
  });

  afterAll(async () => {
    await server.close();
  });

  async function send(
    endpoint: EndpointDefinition,
    fields: Record<string, unknown>,
    options: { rawQuery?: string; rawBody?: string } = {},
  ): Promise<Answer> {
    const headers = { authorization: member.headers.authorization };
    const response =
      endpoint.method === 'GET'
        ? await server.app.inject({
            method: 'GET',
            url: `${endpoint.path}?${options.rawQuery ?? queryOf({ brand: 'alpha', version: 20, ...fields })}`,
            headers,
          })
        : await server.app.inject({
            method: 'POST',
            url: endpoint.path,
            headers: { ...headers, 'content-type': 'application/json' },
            payload: options.rawBody ?? JSON.stringify({ brand: 'alpha', version: 20, ...fields }),
          });
    let envelope: { code?: number; message?: string } = {};
    try {
      envelope = response.json();
    } catch {
      // a file answer (downloads): its status and body are still checked
    }
    return {
      statusCode: response.statusCode,
      body: response.body,
      // A file answered (a download, a workbook) is a success like an envelope's 200.
      code: envelope.code ?? (response.statusCode === 200 ? 200 : undefined),
      message: envelope.message ?? '',
    };
  }

  /** No crash, no internals: never a 500, never a stack trace or a source path in the answer. */
  function expectNoLeak(answer: Answer, what: string) {
    expect(answer.statusCode, what).toBeLessThan(500);
    expect(answer.code, what).not.toBe(500);
    expect(answer.body.slice(0, 20_000), what).not.toMatch(STACK_TRACE);
  }

  /** Runs one call between two fingerprints: a refused call must have changed nothing. */
  let last: DatabaseFingerprint | undefined;
  async function refusedChangesNothing(call: () => Promise<Answer>, what: string): Promise<Answer> {
    const before = last ?? (await fingerprint(server.db, fingerprintSql));
    const answer = await call();
    const after = await fingerprint(server.db, fingerprintSql);
    last = after;
    if (answer.code !== 200) expect(changedTables(before, after), what).toEqual([]);
    return answer;
  }

  it.each(API_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    'refuses malformed input to %s with 400 naming the field, and changes nothing',
    async (_name, endpoint) => {
      const schema = requestSchema(endpoint);
      const sample = endpoint.path.endsWith('/upload/avatar') ? {} : validRequest(endpoint);
      const fields = Object.keys(schema.properties ?? {});
      const wrongValues: readonly unknown[] = endpoint.method === 'GET' ? WRONG_QUERY_VALUES : WRONG_TYPES;
      const malformed: { sent: Record<string, unknown>; field: string; what: string }[] = [];
      for (const field of fields) {
        for (const wrong of wrongValues) {
          const sent = { ...sample, [field]: wrong };
          // What the contract says of what the server receives (a query string carries text only).
          const received =
            endpoint.method === 'GET'
              ? { ...sample, [field]: String(wrong) }
              : JSON.parse(JSON.stringify(sent));
          const what = `${endpoint.path} ${field}=${JSON.stringify(wrong).slice(0, 40)}`;
          if (endpoint.request.safeParse(received).success) {
            // Not malformed after all (a coercion, an optional field): it must still not crash.
            expectNoLeak(await refusedChangesNothing(() => send(endpoint, sent), what), what);
          } else malformed.push({ sent, field, what });
        }
      }
      // Bodies no client should send: cut JSON, a JSON string, a body over the size limit, bytes that are not UTF-8.
      const broken =
        endpoint.method === 'GET'
          ? [{ rawQuery: 'brand=%ED%A0%80&version=20&a=%' }, { rawQuery: 'brand=alpha&version=%zz' }]
          : [
              { rawBody: '{"brand":"alpha","version":20,' },
              { rawBody: '"alpha"' },
              { rawBody: `{"brand":"alpha","version":20,"x":"${'y'.repeat(1_100_000)}"}` },
            ];
      // Every one refused, so the tables are compared once around them all.
      const before = await fingerprint(server.db, fingerprintSql);
      for (const { sent, field, what } of malformed) {
        const answer = await send(endpoint, sent);
        expectNoLeak(answer, what);
        expect(answer.code, what).toBe(400);
        expect(answer.message, what).toMatch(CHINESE);
        expect(answer.message, what).toMatch(namesField(field, fields));
      }
      for (const options of broken) {
        const what = `${endpoint.path} ${JSON.stringify(options).slice(0, 60)}`;
        const answer = await send(endpoint, {}, options);
        expectNoLeak(answer, what);
        expect(answer.code, what).toBe(400);
        expect(answer.message, what).toMatch(CHINESE);
      }
      last = await fingerprint(server.db, fingerprintSql);
      expect(changedTables(before, last), endpoint.path).toEqual([]);
    },
  );

  it.each(API_ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    'survives injection-laden and odd Unicode values in every field of %s',
    async (_name, endpoint) => {
      const schema = requestSchema(endpoint);
      const fields = Object.keys(schema.properties ?? {});
      if (fields.length === 0 || endpoint.path.endsWith('/upload/avatar')) return;
      const sample = validRequest(endpoint);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), hostileText, async (field, value) => {
          const sent = { ...sample, [field]: arrayField(schema, field) ? [value] : value };
          const what = `${endpoint.path} ${field}=${JSON.stringify(value).slice(0, 40)}`;
          const answer = await refusedChangesNothing(() => send(endpoint, sent), what);
          expectNoLeak(answer, what);
          if (answer.code === 400) {
            expect(answer.message, what).toMatch(CHINESE);
            if (answer.message.startsWith('参数 '))
              expect(answer.message, what).toMatch(namesField(field, fields));
          }
        }),
        { seed: hashOf(endpoint.path), numRuns: 6, endOnFailure: true },
      );
    },
  );

  it('leaves the tables in place: nothing dropped or emptied by the injections', async () => {
    // No endpoint writes announcements; a sign-in with a sample phone may add an account, none removes one.
    const after = await counts();
    expect(after.items).toBe(countsBefore.items);
    expect(countsBefore.items).toBe(6);
    expect(after.users).toBeGreaterThanOrEqual(countsBefore.users);
  });
});

/**
 * '参数 <field>：…' naming the field sent wrong — or, for a rule spanning fields (companyId or companyName,
 * userId with remark), the partner the rule asks for.
 */
function namesField(field: string, fields: readonly string[]): RegExp {
  const names = [field, ...fields.filter((other) => other !== field)].join('|');
  return new RegExp(`^参数 (?:${names})(?:[.：\\[]|$)`);
}

function arrayField(schema: JsonSchema, field: string): boolean {
  const property = schema.properties?.[field];
  const type = property?.type ?? property?.anyOf?.find((option) => option.type !== 'null')?.type;
  return type === 'array';
}

/** A query string that carries any text, lone surrogates included (encodeURIComponent refuses those). */
function queryOf(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(
      ([key, value]) => `${encodeText(key)}=${encodeText(typeof value === 'string' ? value : String(value))}`,
    )
    .join('&');
}

function encodeText(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

/** A seed per endpoint, so each gets its own values and a failure replays the same. */
function hashOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) | 0;
  return hash;
}

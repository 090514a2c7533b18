import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { type ErrorReporter, scrubText, sentryReporter } from './error-reporting';

interface Envelope {
  path: string;
  auth: string;
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: string }[];
}

/**
 * A Sentry ingest endpoint as the envelope protocol describes it (POST /api/<project>/envelope/, the key in the
 * X-Sentry-Auth header, newline-separated JSON: the envelope header, then each item's header and payload).
 */
async function fakeSentryIngest() {
  const envelopes: Envelope[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const lines = body.toString('utf8').split('\n');
      const items: Envelope['items'] = [];
      for (let index = 1; index + 1 < lines.length; index += 2) {
        items.push({ header: JSON.parse(lines[index] ?? '{}'), payload: lines[index + 1] ?? '' });
      }
      envelopes.push({
        path: request.url ?? '',
        auth: String(request.headers['x-sentry-auth'] ?? ''),
        header: JSON.parse(lines[0] ?? '{}'),
        items,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { dsn: `http://publickey0123@127.0.0.1:${port}/42`, envelopes, close: () => server.close() };
}

const MOBILE = '13812345678';
const TOKEN = 'f3c2a1b0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4';

describe('scrubText', () => {
  it('replaces mobile numbers, bearer tokens, token parameters and long secrets, and keeps the rest', () => {
    expect(scrubText(`用户 ${MOBILE} 登录失败`)).toBe('用户 [手机号] 登录失败');
    expect(scrubText('+86 13912345678 与 8613712345678')).toBe('[手机号] 与 [手机号]');
    expect(scrubText(`Authorization: Bearer ${TOKEN}`)).toBe('Authorization: Bearer [REDACTED]');
    expect(scrubText(`/webchat/api/x?token=${TOKEN}&brand=alpha`)).toBe(
      '/webchat/api/x?token=[REDACTED]&brand=alpha',
    );
    expect(scrubText(`session ${TOKEN} expired`)).toBe('session [REDACTED] expired');
    // An order number or an amount is no phone: 12 digits, or 11 not starting 13–19.
    expect(scrubText('订单 202611280001 金额 12345678901')).toBe('订单 202611280001 金额 12345678901');
  });
});

describe.each(testDatabaseTargets().slice(0, 1))('server errors reported to Sentry on $name', (target) => {
  let ingest: Awaited<ReturnType<typeof fakeSentryIngest>>;
  let reporter: ErrorReporter;
  let server: TestServer;

  beforeAll(async () => {
    ingest = await fakeSentryIngest();
    reporter = sentryReporter(ingest.dsn, 'test');
    server = await startTestServer(target, [], { errorReporter: reporter });
    server.app.get('/test/explode', async () => {
      throw new Error(`写入失败：mobile=${MOBILE} token=${TOKEN} Bearer ${TOKEN}`);
    });
    await server.app.ready();
  });
  afterAll(async () => {
    await server.close();
    ingest.close();
  });

  it('sends a 500 as an envelope to the DSN, with the request id and no phone number or token', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: `/test/explode?token=${TOKEN}&mobile=${MOBILE}`,
      headers: {
        authorization: `Bearer ${TOKEN}`,
        cookie: `session=${TOKEN}`,
        'x-request-id': 'sentry-check-1',
      },
    });
    expect(answer.statusCode).toBe(500);
    const tagged = () =>
      ingest.envelopes.find((entry) => entry.items.some((item) => item.payload.includes('sentry-check-1')));
    for (let attempt = 0; attempt < 50 && !tagged(); attempt += 1) {
      await reporter.flush(1_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const envelope = tagged();
    expect(envelope, JSON.stringify(ingest.envelopes)).toBeDefined();
    // The key travels in the query or the X-Sentry-Auth header; both are the protocol's.
    expect(envelope?.path.split('?')[0]).toBe('/api/42/envelope/');
    expect(`${envelope?.path} ${envelope?.auth}`).toContain('sentry_key=publickey0123');
    const event = JSON.parse(envelope?.items.find((item) => item.header.type === 'event')?.payload ?? '{}');
    expect(event.exception.values[0].value).toBe(
      '写入失败：mobile=[手机号] token=[REDACTED] Bearer [REDACTED]',
    );
    expect(event.tags).toMatchObject({ request_id: 'sentry-check-1', route: '/test/explode' });
    expect(event.environment).toBe('test');
    const everything = JSON.stringify(ingest.envelopes);
    expect(everything).not.toContain(MOBILE);
    expect(everything).not.toContain(TOKEN);
  });

  it('sends nothing for a business refusal (a 200 with an error code)', async () => {
    const events = () =>
      ingest.envelopes.filter((entry) => entry.items.some((item) => item.header.type === 'event'));
    await reporter.flush(2_000);
    const before = events().length;
    const answer = await server.app.inject({
      method: 'GET',
      url: '/webchat/api/userCenter?brand=alpha&version=20',
    });
    expect(answer.json().code).not.toBe(200);
    await reporter.flush(2_000);
    expect(events().length).toBe(before);
  });
});

import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import { startTestServer, type TestServer } from '../test-support/test-server';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { url: string };
}

describe.each(testDatabaseTargets())('request ids on $name', (target) => {
  let server: TestServer;
  let logged = '';
  const lines = () =>
    logged
      .split('\n')
      .filter((line) => line.trim())
      .map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    server = await startTestServer(target, [], { logStream: stream });
  });

  afterAll(async () => {
    await server.close();
  });

  it('keeps a sane incoming X-Request-Id and logs the request under it', async () => {
    const answer = await server.app.inject({
      method: 'GET',
      url: '/webchat/api/dictDetail?dictName=item_amount&brand=alpha&version=20',
      headers: { 'x-request-id': 'lb-7f3a.91:c2_x' },
    });
    expect(answer.headers['x-request-id']).toBe('lb-7f3a.91:c2_x');
    const line = lines().find(
      (entry) => entry.msg === 'request completed' && entry.reqId === 'lb-7f3a.91:c2_x',
    );
    expect(line?.req?.url).toContain('/webchat/api/dictDetail');
  });

  it('makes a new id for a request without one, or with one not fit for a log line', async () => {
    const refused = ['', 'a b', 'x'.repeat(129), 'id\u2028next', '中文'];
    const seen = new Set<string>();
    for (const incoming of [undefined, ...refused]) {
      const answer = await server.app.inject({
        method: 'GET',
        url: '/webchat/api/nothing-here',
        headers: incoming === undefined ? {} : { 'x-request-id': incoming },
      });
      const id = String(answer.headers['x-request-id']);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      seen.add(id);
      expect(lines().some((entry) => entry.msg === 'request completed' && entry.reqId === id)).toBe(true);
    }
    expect(seen.size).toBe(refused.length + 1);
  });

  it('names a refused request too (the error handler answers it)', async () => {
    const answer = await server.app.inject({
      method: 'POST',
      url: '/webchat/api/searchList',
      headers: { 'x-request-id': 'trace-500-check', 'content-type': 'application/json' },
      payload: '{"brand":"alpha","version":20,',
    });
    expect(answer.headers['x-request-id']).toBe('trace-500-check');
    expect(lines().filter((entry) => entry.reqId === 'trace-500-check').length).toBeGreaterThan(0);
  });
});

import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseTargets } from '../test-support/databases';
import { startTestServer, type TestServer } from '../test-support/test-server';

/** The server's log as written, one JSON line per entry. */
function logCapture() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return {
    stream,
    text: () => text,
    requestLines: () =>
      text
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as { msg: string; req?: { url: string; headers?: unknown } })
        .filter((line) => line.msg === 'request completed'),
  };
}

const SECRET = 'SeCrEt0123456789';

describe.each(testDatabaseTargets())('secrets in the request log on $name', (target) => {
  let server: TestServer;
  const log = logCapture();

  beforeAll(async () => {
    server = await startTestServer(target, [], { logStream: log.stream });
  });

  afterAll(async () => {
    await server.close();
  });

  it('logs token-bearing query parameters, authorization and cookies with the value redacted', async () => {
    const urls = [
      `/webchat/ma-login/confirm?ticket=${SECRET}`,
      `/webchat/pay/sandbox?t=${SECRET}&lang=zh`,
      `/webchat/api/dictDetail?dictName=item_amount&token=${SECRET}`,
      `/webchat/api/nothing?access_token=${SECRET}&code=${SECRET}&key=${SECRET}`,
      `/webchat/api/nothing?refresh_token=${SECRET}&mySign=${SECRET}&Ticket=${SECRET}`,
      `/webchat/api/nothing?dictName=${encodeURIComponent('中文')}&sign=${SECRET}#access_token=${SECRET}`,
    ];
    for (const url of urls) {
      await server.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${SECRET}`, cookie: `session=${SECRET}` },
      });
    }
    const lines = log.requestLines();
    expect(lines).toHaveLength(urls.length);
    expect(log.text()).not.toContain(SECRET);
    expect(lines.map((line) => line.req?.url)).toEqual([
      '/webchat/ma-login/confirm?ticket=[REDACTED]',
      '/webchat/pay/sandbox?t=[REDACTED]&lang=zh',
      '/webchat/api/dictDetail?dictName=item_amount&token=[REDACTED]',
      '/webchat/api/nothing?access_token=[REDACTED]&code=[REDACTED]&key=[REDACTED]',
      '/webchat/api/nothing?refresh_token=[REDACTED]&mySign=[REDACTED]&Ticket=[REDACTED]',
      `/webchat/api/nothing?dictName=${encodeURIComponent('中文')}&sign=[REDACTED]`,
    ]);
  });
});

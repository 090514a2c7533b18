import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { messages } from '../messages';
import { migrationsDir } from '../paths';
import { isLoopbackAddress } from '../security/client-network';
import { tenantService } from '../tenants/service';
import { testDatabaseTargets } from '../test-support/databases';
import { consentVersionOf, newMobile } from '../test-support/sign-in';
import { testBrands } from '../test-support/test-server';

/** An IPv4 address of this machine that is not loopback, if it has one: a caller the outbox must refuse. */
const outsideAddress = Object.values(networkInterfaces())
  .flat()
  .find((entry) => entry?.family === 'IPv4' && !entry.internal)?.address;

/** A GET over real HTTP from `from` (a local address) to the server at `host`. */
function get(
  host: string,
  port: number,
  path: string,
  from: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { code: number; data: unknown; message: string } }> {
  return new Promise((resolve, reject) => {
    const req = request({ host, port, path, headers, localAddress: from, agent: false }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('isLoopbackAddress', () => {
  it('accepts 127.0.0.0/8, ::1 and IPv4 loopback mapped into IPv6, nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of [
      undefined,
      '',
      '10.0.0.1',
      '192.0.2.2',
      '128.0.0.1',
      '1270.0.0.1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isLoopbackAddress(address), address).toBe(false);
    }
    expect(isLoopbackAddress('fd00::2')).toBe(false);
  });
});

describe.each(testDatabaseTargets())('the dev SMS outbox over HTTP on $name', (target) => {
  let db: Database;
  let app: FastifyInstance;
  let port: number;
  const mobile = newMobile();
  const path = `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`;

  beforeAll(async () => {
    db = await target.open();
    await migrate(db, readMigrations(migrationsDir));
    await tenantService(db).seed(testBrands);
    // Behind a proxy as far as Fastify knows: `request.ip` would be whatever X-Forwarded-For says.
    app = await buildServer({ db, sites: [], defaultBrand: 'alpha', devMode: true, trustProxy: true });
    await app.listen({ host: '0.0.0.0', port: 0 });
    port = (app.server.address() as AddressInfo).port;
    const sent = await app.inject({
      method: 'POST',
      url: '/webchat/api/login/sendMessageCode',
      payload: {
        mobile,
        purpose: 'login',
        brand: 'alpha',
        version: 20,
        consentVersion: consentVersionOf('alpha'),
      },
    });
    expect(sent.json().code).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('answers a caller on the loopback interface, whatever X-Forwarded-For says', async () => {
    const plain = await get('127.0.0.1', port, path, '127.0.0.1');
    expect(plain.body).toMatchObject({ code: 200, data: { mobile, code: expect.stringMatching(/^\d{6}$/) } });
    const forwarded = await get('127.0.0.1', port, path, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' });
    expect(forwarded.body).toEqual(plain.body);
  });

  it.skipIf(!outsideAddress)(
    'refuses a caller from another address with the ordinary 404, even claiming to be loopback',
    async () => {
      const address = outsideAddress as string;
      for (const headers of [{}, { 'x-forwarded-for': '127.0.0.1' }] as Record<string, string>[]) {
        const refused = await get(address, port, path, address, headers);
        expect(refused.status).toBe(404);
        expect(refused.body).toEqual({ code: 404, data: null, message: messages.notFound });
      }
      // The same server answers that address elsewhere: only the outbox is closed to it.
      const environment = await get(
        address,
        port,
        '/webchat/common/environment?brand=alpha&version=20',
        address,
      );
      expect(environment.body.code).toBe(200);
    },
  );
});

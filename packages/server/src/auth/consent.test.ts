import type { BrandManifest } from '@tender/brand';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantService } from '../tenants/service';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer, testBrands } from '../test-support/test-server';

const MINUTE = 60_000;

describe.each(testDatabaseTargets())('consent before an SMS code ($name)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });

  afterAll(async () => {
    await server.close();
  });

  const send = (mobile: string, params: Record<string, unknown>, brand = 'alpha', ip = '127.8.0.1') =>
    callApi(server.app, 'POST', '/webchat/api/login/sendMessageCode', {
      brand,
      version: brand === 'beta' ? 19 : 20,
      params: { mobile, ...params },
      remoteAddress: ip,
    });

  async function outbox(mobile: string, brand = 'alpha') {
    const response = await server.app.inject({
      method: 'GET',
      url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=${brand}`,
    });
    return response.json() as { code: number; data: { code: string } | null };
  }

  async function rowsOf(table: 'sms_code' | 'sms_send_log' | 'personal_information_consent', mobile: string) {
    return server.db.query<Record<string, unknown>>(`SELECT * FROM ${table} WHERE mobile = $1`, [mobile]);
  }

  it.each([
    ['without consentVersion', {}],
    ['with an empty consentVersion', { consentVersion: '' }],
    ['with an outdated consentVersion', { consentVersion: '2025-01-01' }],
    ["with another brand's consentVersion", { consentVersion: '2026-06-01' }],
  ])('refuses a code %s and sends nothing', async (_case, params) => {
    const mobile = newMobile();
    const refused = await send(mobile, params);
    expect(refused.code).toBe(400);
    expect(refused.message).toContain('请先阅读并同意《隐私政策》');
    // The member reads Chinese; the wire name is in the data, for developers.
    expect(refused.message).not.toContain('consentVersion');
    expect(refused.data).toEqual({ field: 'consentVersion', currentVersion: '2026-11-01' });
    expect((await outbox(mobile)).code).toBe(404);
    expect(await rowsOf('sms_code', mobile)).toEqual([]);
    expect(await rowsOf('sms_send_log', mobile)).toEqual([]);
    expect(await rowsOf('personal_information_consent', mobile)).toEqual([]);
  });

  it("checks the version against the caller's brand", async () => {
    const mobile = newMobile();
    expect((await send(mobile, { consentVersion: '2026-11-01' }, 'beta')).code).toBe(400);
    expect((await outbox(mobile, 'beta')).code).toBe(404);
    expect((await send(mobile, { consentVersion: '2026-06-01' }, 'beta')).code).toBe(200);
    expect((await outbox(mobile, 'beta')).data?.code).toMatch(/^\d{6}$/);
  });

  it('records each consent: phone, brand, version, channel, time, IP, and the account once the phone has one', async () => {
    const mobile = newMobile();
    const before = server.clock.now();
    expect((await send(mobile, { consentVersion: '2026-11-01' }, 'alpha', '203.0.113.9')).code).toBe(200);
    const [first] = await rowsOf('personal_information_consent', mobile);
    expect(first).toMatchObject({
      brand_id: 'alpha',
      mobile,
      policy_version: '2026-11-01',
      channel: 'sms',
      ip: '203.0.113.9',
      user_id: null,
    });
    const consentedAt = new Date(first?.consented_at as string).getTime();
    expect(consentedAt).toBeGreaterThanOrEqual(before.getTime());
    expect(consentedAt).toBeLessThanOrEqual(server.clock.now().getTime());

    server.clock.advance(MINUTE + 1000);
    const user = await signIn(server, 'alpha', mobile);
    server.clock.advance(MINUTE + 1000);
    expect((await send(mobile, { consentVersion: '2026-11-01', purpose: 'frozen' })).code).toBe(200);
    const consents = await server.db.query<{ userId: string | null }>(
      `SELECT user_id AS "userId" FROM personal_information_consent WHERE mobile = $1 ORDER BY id`,
      [mobile],
    );
    // The first send, the sign-in's send (no account yet either) and the send after the account exists.
    expect(consents.map((row) => (row.userId === null ? null : Number(row.userId)))).toEqual([
      null,
      null,
      user.userId,
    ]);
  });

  it('records the consent with the send it allows: one per code sent, none for a send a limit refuses', async () => {
    const mobile = newMobile();
    expect((await send(mobile, { consentVersion: '2026-11-01' })).code).toBe(200);
    // Within the minute: the per-phone limit refuses the send, and the consent it carried with it.
    const refused = await send(mobile, { consentVersion: '2026-11-01' });
    expect(refused.code).toBe(429);
    expect(await rowsOf('sms_send_log', mobile)).toHaveLength(1);
    expect(await rowsOf('personal_information_consent', mobile)).toHaveLength(1);
    server.clock.advance(MINUTE + 1000);
    expect((await send(mobile, { consentVersion: '2026-11-01' })).code).toBe(200);
    expect(await rowsOf('sms_send_log', mobile)).toHaveLength(2);
    expect(await rowsOf('personal_information_consent', mobile)).toHaveLength(2);
  });

  it("follows the manifest's version when the server starts with a new one, refusing the old version", async () => {
    const [alpha, ...others] = testBrands as [BrandManifest, ...BrandManifest[]];
    const updated = { ...alpha, legal: { ...alpha.legal, privacyPolicyVersion: '2027-01-01' } };
    await tenantService(server.db).seed([updated, ...others]);
    try {
      const mobile = newMobile();
      const refused = await send(mobile, { consentVersion: '2026-11-01' });
      expect(refused.code).toBe(400);
      expect(refused.data.currentVersion).toBe('2027-01-01');
      expect((await outbox(mobile)).code).toBe(404);
      expect((await send(mobile, { consentVersion: '2027-01-01' })).code).toBe(200);
    } finally {
      await tenantService(server.db).seed(testBrands);
    }
  });
});

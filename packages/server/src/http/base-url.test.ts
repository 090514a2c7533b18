import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { migrationsDir } from '../paths';
import { tenantService } from '../tenants/service';
import { callApi } from '../test-support/call-api';
import { consentVersionOf } from '../test-support/sign-in';
import { testBrands } from '../test-support/test-server';

describe('the base of links and QR codes', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openPGlite();
    await migrate(db, readMigrations(migrationsDir));
    await tenantService(db).seed(testBrands);
  });
  afterAll(async () => {
    await db.close();
  });

  const qrUrl = async (publicBaseUrl: string | undefined) => {
    const app = await buildServer({
      db,
      sites: [],
      defaultBrand: 'alpha',
      trustProxy: true,
      ...(publicBaseUrl ? { publicBaseUrl } : {}),
    });
    const answer = await callApi(app, 'POST', '/webchat/api/maQrcodeLogin/getQrcode', {
      headers: { 'x-forwarded-host': 'internal-node-7:8080', 'x-forwarded-proto': 'http' },
      params: { consentVersion: consentVersionOf('alpha') },
    });
    await app.close();
    return answer.data.qrUrl as string;
  };

  it('is PUBLIC_BASE_URL when set, whatever host the request reached', async () => {
    expect(await qrUrl('https://www.zhaobiao-demo-owner.cn')).toMatch(
      /^https:\/\/www\.zhaobiao-demo-owner\.cn\/webchat\/ma-login\/confirm\?id=/,
    );
  });

  it('is the host the request reached when PUBLIC_BASE_URL is unset', async () => {
    expect(await qrUrl(undefined)).toMatch(
      /^http:\/\/internal-node-7:8080\/webchat\/ma-login\/confirm\?id=/,
    );
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { envelopeSchema, healthEndpoint } from '@tender/contracts';
import { API_ENDPOINTS } from '@tender/contracts/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { discoverBrandSites } from './brand-sites/discover';
import { testDatabaseTargets } from './test-support/databases';
import { startTestServer, type TestServer, testBrands } from './test-support/test-server';

describe.each(testDatabaseTargets())('server on $name', (target) => {
  let appsDir: string;
  let server: TestServer;

  beforeAll(async () => {
    appsDir = mkdtempSync(join(tmpdir(), 'tender-apps-'));
    for (const manifest of testBrands) {
      mkdirSync(join(appsDir, manifest.id, 'dist'), { recursive: true });
      writeFileSync(join(appsDir, manifest.id, 'dist', 'index.html'), `<title>${manifest.name}</title>`);
      writeFileSync(join(appsDir, manifest.id, 'dist', 'brand.json'), JSON.stringify(manifest));
    }
    // An app that has not been built is not served.
    mkdirSync(join(appsDir, 'gamma'));
    server = await startTestServer(target, discoverBrandSites(appsDir));
  });

  afterAll(async () => {
    await server.close();
    rmSync(appsDir, { recursive: true, force: true });
  });

  it('reports readiness and the built brands in the envelope', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const body = envelopeSchema(healthEndpoint.response).parse(response.json());
    expect(body).toEqual({
      code: 200,
      data: { status: 'ready', brands: ['alpha', 'beta'] },
      message: '服务正常',
    });
  });

  it('serves each built brand under its own prefix and redirects / to the default brand', async () => {
    const page = await server.app.inject({ method: 'GET', url: '/beta/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toBe('<title>贝塔标讯</title>');
    expect((await server.app.inject({ method: 'GET', url: '/gamma/' })).statusCode).toBe(404);
    const root = await server.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe('/alpha/');
  });

  it('answers unknown paths with a 404 envelope in Chinese', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/webchat/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      code: 404,
      data: null,
      message: '请求的地址不存在，请检查链接是否正确',
    });
  });

  it("answers a brand's own dictionary, seeded from its manifest", async () => {
    const alpha = await server.app.inject({
      method: 'GET',
      url: '/webchat/api/dictDetail?dictName=customer_info&page=0&size=9999&brand=alpha&version=20',
    });
    expect(alpha.json()).toEqual({
      code: 200,
      data: { content: [{ value: '400-000-0001', label: 'mobile' }], totalElements: 1 },
      message: '成功',
    });
    // beta has no support phone, so no contact entry: tenants never share data.
    const beta = await server.app.inject({
      method: 'GET',
      url: '/webchat/api/dictDetail?dictName=customer_info&brand=beta&version=19',
    });
    expect(beta.json().data).toEqual({ content: [], totalElements: 0 });
  });

  it('pages a dictionary', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/webchat/api/dictDetail?dictName=item_amount&page=1&size=2&brand=alpha&version=20',
    });
    expect(response.json().data).toEqual({
      content: [
        { value: '100,500', label: '100万-500万' },
        { value: '500,1000', label: '500万-1000万' },
      ],
      totalElements: 7,
    });
  });

  it('refuses bad input with code 400 and a Chinese message naming the field', async () => {
    const cases = [
      ['/webchat/api/dictDetail?brand=alpha&version=20', 'dictName'],
      ['/webchat/api/dictDetail?dictName=item_amount&size=abc&brand=alpha&version=20', 'size'],
      ['/webchat/api/dictDetail?dictName=item_amount&version=20', 'brand'],
      ['/webchat/api/dictDetail?dictName=item_amount&brand=alpha', 'version'],
      ['/webchat/api/dictDetail?dictName=item_amount&brand=nobody&version=20', 'brand'],
    ] as const;
    for (const [url, field] of cases) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.code, url).toBe(400);
      expect(body.message, url).toContain(`参数 ${field}`);
    }
  });

  it('serves every endpoint of the contract and refuses malformed input to each with a 400 naming a field', async () => {
    for (const endpoint of API_ENDPOINTS) {
      const schema = z.toJSONSchema(endpoint.request, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, unknown>;
        required?: string[];
      };
      const fields = Object.keys(schema.properties ?? {});
      // Every field an object: wrong for any string, number or enum the contract may declare.
      const malformed = Object.fromEntries(fields.map((field) => [field, { unexpected: true }]));
      const response =
        endpoint.method === 'GET'
          ? await server.app.inject({ method: 'GET', url: `${endpoint.path}?brand=alpha&version=20` })
          : await server.app.inject({
              method: 'POST',
              url: endpoint.path,
              payload: { brand: 'alpha', version: 20, ...malformed },
            });
      const body = response.json();
      expect(body.code, endpoint.path).not.toBe(404);
      if (endpoint.method === 'POST' ? fields.length > 0 : (schema.required ?? []).length > 0) {
        expect(body.code, endpoint.path).toBe(400);
        expect(body.message, endpoint.path).toMatch(/^参数 \S+：/);
      }
    }
  });

  it('refuses an unparseable JSON body with a 400 envelope, not a 500', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/webchat/api/nothing-here',
      headers: { 'content-type': 'application/json' },
      payload: '{"brand":',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 400,
      data: null,
      message: '请求体不是有效的 JSON，请检查后重试',
    });
  });
});

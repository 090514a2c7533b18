import { defineEndpoint } from '@tender/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { openPGlite } from '../db/pglite';
import { migrationsDir } from '../paths';
import { tenantService } from '../tenants/service';
import { testBrands } from '../test-support/test-server';
import { endpointRoute, settledAnswer } from './endpoint-route';

describe('endpointRoute with settled answers', () => {
  let db: Database;
  let app: FastifyInstance;
  let checks = 0;
  const countedRecord = z.object({ id: z.number(), title: z.string() }).check(() => {
    checks += 1;
  });
  const answerSchema = z.object({ records: z.array(countedRecord), total: z.number() });
  /** The value frozen all the way down, as the search result cache leaves its answers. */
  const frozen = <T extends object>(value: T): T => {
    for (const field of Object.values(value)) if (typeof field === 'object' && field !== null) frozen(field);
    return Object.freeze(value);
  };
  const settledPage = settledAnswer(
    frozen({ records: [{ id: 1, title: '医院设备采购', internal: 'not in the contract' }], total: 1 }),
  );
  const broken = settledAnswer(frozen({ records: [{ id: 'x' }], total: 1 }));
  const endpoint = (path: string) =>
    defineEndpoint({
      method: 'GET',
      path,
      summary: path,
      access: 'public',
      request: z.object({}).passthrough(),
      response: answerSchema,
    });

  beforeAll(async () => {
    db = await openPGlite();
    await migrate(db, readMigrations(migrationsDir));
    const tenants = tenantService(db);
    await tenants.seed(testBrands);
    app = Fastify();
    const dependencies = { tenants };
    endpointRoute(app, dependencies, endpoint('/settled'), async () => settledPage);
    endpointRoute(app, dependencies, endpoint('/fresh'), async () => ({
      records: [{ id: 1, title: '医院设备采购' }],
      total: 1,
    }));
    endpointRoute(app, dependencies, endpoint('/broken'), async () => broken as never);
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  const get = (path: string) => app.inject({ method: 'GET', url: `${path}?brand=alpha&version=1` });

  it('checks and serializes a settled answer once, answering what the contract lets through', async () => {
    checks = 0;
    const first = await get('/settled');
    const second = await get('/settled');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({
      code: 200,
      data: { records: [{ id: 1, title: '医院设备采购' }], total: 1 },
      message: '成功',
    });
    expect(second.body).toBe(first.body);
    expect(checks).toBe(1);
  });

  it('checks an answer that is not settled on every call, with the same envelope', async () => {
    checks = 0;
    const fresh = await get('/fresh');
    await get('/fresh');
    expect(checks).toBe(2);
    expect(fresh.body).toBe((await get('/settled')).body);
  });

  it('never serves a settled answer that breaks its contract', async () => {
    for (let call = 0; call < 2; call += 1) {
      const answer = await get('/broken');
      expect(answer.statusCode).toBe(500);
      expect(answer.body).not.toContain('"x"');
    }
  });

  it('refuses to settle an answer that can still change', () => {
    expect(() => settledAnswer({ records: [] })).toThrow(TypeError);
  });
});

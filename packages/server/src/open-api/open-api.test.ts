import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { OPEN_API_OPERATIONS } from '@tender/contracts/open-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hanWord, importRecords, tenderRecord } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import { type FakeRobot, fakeRobotNetwork, startFakeRobot } from '../test-support/fake-robot';
import {
  addTenderItems,
  advanceToChinaHour,
  callAs,
  grant,
  type MemberTestUser,
  newMember,
  newTestBrand,
  setPrivilege,
} from '../test-support/membership-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, webhookSignature } from './key-webhooks';

const GUANGDONG = '440000';

/** Polls until `probe` gives a value (a background loop catching up), for at most 10 s. */
async function until<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('not reached within 10 s');
    await new Promise((next) => setTimeout(next, 50));
  }
}

/** 'METHOD /path' of every route in Fastify's route tree (`printRoutes`), children printed under their parent. */
function servedRoutes(tree: string): string[] {
  const paths: string[] = [];
  const routes: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] as string).length / 4;
    const path = `${paths[depth - 1] ?? ''}${match[2]}`;
    paths[depth] = path;
    for (const method of match[3]?.split(', ') ?? []) if (method !== 'HEAD') routes.push(`${method} ${path}`);
  }
  return routes;
}

describe.each(testDatabaseTargets())('open data API and MCP on $name', (target) => {
  let server: TestServer;
  let baseUrl: string;
  let dir: string;

  beforeAll(async () => {
    server = await startTestServer(target, [], { keyRateLimit: { max: 40, windowSeconds: 60 } });
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
    dir = mkdtempSync(join(tmpdir(), 'tender-open-api-'));
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function newKey(user: MemberTestUser, name = 'CRM 同步'): Promise<string> {
    const created = await callAs(server, user, 'POST', '/webchat/api/api-keys/create', { name });
    expect(created.code).toBe(200);
    return created.data.secret;
  }

  /** An open API call as an outside program makes it: real HTTP status, the key in the header. */
  async function open(method: 'GET' | 'POST', path: string, key: string | undefined, params = {}) {
    const response =
      method === 'GET'
        ? await server.app.inject({
            method,
            url: `/openapi/v1/${path}?${new URLSearchParams(params)}`,
            headers: key ? { authorization: `Bearer ${key}` } : {},
          })
        : await server.app.inject({
            method,
            url: `/openapi/v1/${path}`,
            payload: params,
            headers: key ? { authorization: `Bearer ${key}` } : {},
          });
    return { status: response.statusCode, body: response.json() };
  }

  describe('API keys', () => {
    it('shows the secret once, keeps only its hash, lists name, dates and last use', async () => {
      const user = await newMember(server, 'alpha');
      const created = await callAs(server, user, 'POST', '/webchat/api/api-keys/create', {
        name: ' CRM 同步 ',
      });
      expect(created.data).toMatchObject({ name: 'CRM 同步', lastUsedAt: null });
      const secret: string = created.data.secret;
      expect(secret).toMatch(/^tk_[A-Za-z0-9_-]{43}$/);
      expect(secret.startsWith(created.data.prefix)).toBe(true);
      const [stored] = await server.db.query<{ hits: number }>(
        `SELECT count(*)::int AS hits FROM api_key WHERE token_hash = $1 OR prefix = $1 OR name = $1`,
        [secret],
      );
      expect(stored?.hits).toBe(0);

      const before = await callAs(server, user, 'POST', '/webchat/api/api-keys/list');
      expect(before.data.records).toEqual([
        {
          id: created.data.id,
          name: 'CRM 同步',
          prefix: created.data.prefix,
          createdAt: created.data.createdAt,
          lastUsedAt: null,
          webhookUrl: null,
        },
      ]);
      expect(JSON.stringify(before.data)).not.toContain(secret);
      expect(before.data.quota).toMatchObject({ privilege: 'apiAccess', limit: 200, used: 0 });

      expect((await open('POST', 'search', secret, { keyword: '医院' })).status).toBe(200);
      const after = await callAs(server, user, 'POST', '/webchat/api/api-keys/list');
      expect(after.data.records[0].lastUsedAt).not.toBeNull();
      expect(after.data.quota).toMatchObject({ used: 1, remaining: 199 });
    });

    it('refuses a revoked key, another member’s revoke, a blank name and an 11th key', async () => {
      const user = await newMember(server, 'alpha');
      const other = await newMember(server, 'alpha');
      const secret = await newKey(user);
      const [{ id }] = (await callAs(server, user, 'POST', '/webchat/api/api-keys/list')).data.records;
      const foreign = await callAs(server, other, 'POST', '/webchat/api/api-keys/revoke', { id });
      expect(foreign).toMatchObject({ code: 404, message: '该密钥不存在或已吊销' });
      expect((await open('POST', 'search', secret, { keyword: '医院' })).status).toBe(200);

      expect((await callAs(server, user, 'POST', '/webchat/api/api-keys/revoke', { id })).code).toBe(200);
      const refused = await open('POST', 'search', secret, { keyword: '医院' });
      expect(refused).toEqual({
        status: 401,
        body: { code: 401, message: 'API 密钥无效或已吊销', data: null, nextCursor: null, quota: null },
      });
      expect((await open('POST', 'search', undefined, { keyword: '医院' })).status).toBe(401);
      expect((await callAs(server, user, 'POST', '/webchat/api/api-keys/list')).data.records).toEqual([]);

      const blank = await callAs(server, user, 'POST', '/webchat/api/api-keys/create', { name: '  ' });
      expect(blank).toMatchObject({ code: 400, message: expect.stringContaining('name') });
      for (let index = 0; index < 10; index += 1) await newKey(user, `密钥${index}`);
      const eleventh = await callAs(server, user, 'POST', '/webchat/api/api-keys/create', { name: '再一个' });
      expect(eleventh).toMatchObject({ code: 400, message: '最多可有 10 个有效密钥，请先吊销不用的密钥' });
    });

    it('works in the key’s own brand only: the brand comes from the key', async () => {
      const betaUser = await newMember(server, 'beta');
      const secret = await newKey(betaUser);
      const [betaItem] = await addTenderItems(server, 'zb', GUANGDONG);
      const answer = await open('GET', 'notice', secret, { id: String(betaItem) });
      expect(answer.status).toBe(200);
      const viewsInBeta = await callAs(server, betaUser, 'GET', '/webchat/api/auth/getPermissionNum', {
        type: 'watchZhaobiao',
      });
      expect(viewsInBeta.data.used).toBe(1);
    });
  });

  describe('quotas: the browser’s and apiAccess', () => {
    it('counts details viewed through the API like the browser’s: the 4th in the browser is the free-trial dialog', async () => {
      const putong = await newMember(server, 'alpha');
      const secret = await newKey(putong);
      const items = await addTenderItems(server, 'zb', GUANGDONG, 4);
      for (const [index, id] of items.slice(0, 3).entries()) {
        const viewed = await open('GET', 'notice', secret, { id: String(id) });
        expect(viewed.status).toBe(200);
        expect(viewed.body.data).toMatchObject({ id, pass: { privilege: 'watchZhaobiao', used: index + 1 } });
        expect(viewed.body.quota).toMatchObject({ privilege: 'apiAccess', used: index + 1 });
      }
      // The same item again through the browser is free, as the same day's second view always is.
      const again = await callAs(
        server,
        putong,
        'POST',
        '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails',
        {
          id: items[0],
        },
      );
      expect(again.code).toBe(200);
      const fourth = await callAs(
        server,
        putong,
        'POST',
        '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails',
        {
          id: items[3],
        },
      );
      expect(fourth).toMatchObject({
        code: 403,
        message: '您的免费试用次数已用完！',
        data: {
          type: 'usedUp',
          isMember: false,
          privilege: 'watchZhaobiao',
          upgradeMemberCode: 'toubiaotong',
        },
      });
      const throughApi = await open('GET', 'notice', secret, { id: String(items[3]) });
      expect(throughApi.status).toBe(403);
      expect(throughApi.body).toMatchObject({ code: 403, data: { type: 'usedUp', isMember: false } });
    });

    it('spends one apiAccess use per call and refuses when the day’s calls are used up', async () => {
      const brand = await newTestBrand(server);
      await setPrivilege(server, brand, 'putong', 'apiAccess', 2);
      const user = await newMember(server, brand);
      const secret = await newKey(user);
      expect((await open('POST', 'search', secret, { keyword: '医院' })).body.quota).toMatchObject({
        limit: 2,
        used: 1,
        remaining: 1,
      });
      expect((await open('POST', 'search', secret, { keyword: '医院' })).body.quota).toMatchObject({
        remaining: 0,
      });
      const third = await open('POST', 'search', secret, { keyword: '医院' });
      expect(third.status).toBe(403);
      expect(third.body).toMatchObject({
        code: 403,
        message: '您的免费试用次数已用完！',
        data: { type: 'usedUp', privilege: 'apiAccess' },
      });
      // Bad input costs nothing: it is refused before the use is spent, naming the field.
      await setPrivilege(server, brand, 'putong', 'apiAccess', 3);
      const bad = await open('GET', 'notice', secret, { id: 'abc' });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain('id');
      expect((await open('POST', 'search', secret, { keyword: '医院' })).status).toBe(200);
    });

    it('limits the calls of one key per window (429), whatever the quota', async () => {
      const limited = await startTestServer(target, [], { keyRateLimit: { max: 2, windowSeconds: 60 } });
      try {
        const user = await newMember(limited, 'alpha');
        const created = await callAs(limited, user, 'POST', '/webchat/api/api-keys/create', { name: '限速' });
        const call = () =>
          limited.app.inject({
            method: 'POST',
            url: '/openapi/v1/search',
            payload: { keyword: '医院' },
            headers: { authorization: `Bearer ${created.data.secret}` },
          });
        expect((await call()).statusCode).toBe(200);
        expect((await call()).statusCode).toBe(200);
        const third = await call();
        expect(third.statusCode).toBe(429);
        expect(third.json().message).toBe('调用过于频繁，请 60 秒后再试');
        limited.clock.advance(60_000);
        expect((await call()).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  describe('operations', () => {
    it('searches with the web search’s filters and pages by cursor', async () => {
      const user = await newMember(server, 'alpha');
      const secret = await newKey(user);
      const word = hanWord(4);
      await importRecords(
        server,
        dir,
        Array.from({ length: 3 }, (_, index) => tenderRecord({ title: `${word}医院设备采购${index}` })),
      );
      const first = await open('POST', 'search', secret, { keyword: word, pageSize: 2, searchType: 20 });
      expect(first.status).toBe(200);
      expect(first.body.data.total).toBe(3);
      expect(first.body.data.records).toHaveLength(2);
      expect(first.body.nextCursor).toBe('p2');
      const second = await open('POST', 'search', secret, { keyword: word, pageSize: 2, cursor: 'p2' });
      expect(second.body.data.records).toHaveLength(1);
      expect(second.body.nextCursor).toBeNull();
      const none = await open('POST', 'search', secret, { keyword: word, docchnnel: 'jg' });
      expect(none.body.data.total).toBe(0);
      const badCursor = await open('POST', 'search', secret, { keyword: word, cursor: '2' });
      expect(badCursor.status).toBe(400);
      expect(badCursor.body.message).toContain('cursor');
    });

    it('reads only the key owner’s subscription feed, after a cursor', async () => {
      const owner = await newMember(server, 'alpha');
      await grant(server, owner, 'qiyetong', 1);
      const stranger = await newMember(server, 'alpha');
      const ownerKey = await newKey(owner);
      const strangerKey = await newKey(stranger);
      const word = hanWord(3);
      const saved = await callAs(server, owner, 'POST', '/webchat/api/subscribe/group/save', {
        kind: 'tender',
        includeWords: [word],
      });
      expect(saved.code).toBe(200);
      await importRecords(server, dir, [tenderRecord({ title: `${word}物业服务采购` })]);

      const mine = await open('GET', 'feed', ownerKey);
      expect(mine.status).toBe(200);
      expect(mine.body.data.records.map((record: { title: string }) => record.title)).toEqual([
        `${word}物业服务采购`,
      ]);
      const theirs = await open('GET', 'feed', strangerKey);
      expect(theirs.body.data.records).toEqual([]);

      const cursor = mine.body.nextCursor as string;
      expect((await open('GET', 'feed', ownerKey, { cursor })).body.data.records).toEqual([]);
      await importRecords(server, dir, [tenderRecord({ title: `${word}保洁服务采购` })]);
      const newer = await open('GET', 'feed', ownerKey, { cursor });
      expect(newer.body.data.records.map((record: { title: string }) => record.title)).toEqual([
        `${word}保洁服务采购`,
      ]);
      expect(Number(newer.body.nextCursor)).toBeGreaterThan(Number(cursor));
    });

    it('aggregates the market with year-on-year and ranks purchasers as the web analysis does', async () => {
      const analyst = await newMember(server, 'alpha');
      await grant(server, analyst, 'qiyetong', 12);
      const secret = await newKey(analyst);
      const word = hanWord(4);
      await importRecords(server, dir, [
        tenderRecord({ title: `${word}设备采购一`, publishDate: '2026-03-02' }),
        tenderRecord({ title: `${word}设备采购二`, publishDate: '2026-03-09' }),
        tenderRecord({ title: `${word}设备采购三`, publishDate: '2025-03-04' }),
      ]);
      const filter = { keyword: word, startMonth: '2026-01', endMonth: '2026-03' };
      const market = await open('POST', 'market', secret, { ...filter, groupBy: 'month' });
      expect(market.status).toBe(200);
      expect(market.body.data).toMatchObject({ previousStartMonth: '2025-01', previousEndMonth: '2025-03' });
      const march = market.body.data.groups.find((group: { code: string }) => group.code === '2026-03');
      expect(march).toMatchObject({ items: 2, previousItems: 1, itemsYoY: 1 });
      const january = market.body.data.groups.find((group: { code: string }) => group.code === '2026-01');
      expect(january).toMatchObject({ items: 0, previousItems: 0, itemsYoY: null });

      const web = await callAs(server, analyst, 'POST', '/webchat/api/analysis/market', filter);
      const top = await open('POST', 'market/top', secret, { ...filter, role: 'purchaser' });
      expect(top.body.data.records).toEqual(web.data.topPurchasers);

      const putong = await newMember(server, 'alpha');
      const refused = await open('POST', 'market', await newKey(putong), { ...filter, groupBy: 'province' });
      expect(refused.status).toBe(403);
      expect(refused.body.data).toMatchObject({ type: 'member', privilege: 'bussinessAnalyzer' });
    });
  });

  describe('OpenAPI document', () => {
    it('validates as OpenAPI 3.1 and names exactly the routes served', async () => {
      const response = await fetch(`${baseUrl}/openapi/v1/openapi.json`);
      const document = (await response.json()) as {
        openapi: string;
        servers: unknown;
        paths: Record<string, Record<string, unknown>>;
      };
      expect(document.openapi).toBe('3.1.0');
      expect(document.servers).toEqual([{ url: baseUrl }]);
      await SwaggerParser.validate(structuredClone(document) as never);

      const documented = Object.entries(document.paths as Record<string, Record<string, unknown>>).flatMap(
        ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
      );
      expect(documented.sort()).toEqual(
        OPEN_API_OPERATIONS.map((operation) => `${operation.method} ${operation.path}`).sort(),
      );
      const routes = servedRoutes(server.app.printRoutes({ commonPrefix: false })).filter(
        (route) =>
          route.includes(' /openapi/v1/') && !route.endsWith('/openapi.json') && !route.includes('*'),
      );
      expect(routes.sort()).toEqual(documented.sort());
      for (const route of documented) {
        const [method, path] = route.split(' ') as ['GET' | 'POST', string];
        const unsigned = await server.app.inject({ method, url: path });
        expect(unsigned.statusCode, route).toBe(401);
      }
      expect((await server.app.inject({ method: 'GET', url: '/openapi/v1/nothing' })).statusCode).toBe(404);
    });
  });

  describe('MCP', () => {
    async function connect(secret: string) {
      const client = new Client({ name: 'open-api-test', version: '1.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL(`${baseUrl}/webchat/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      });
      await client.connect(transport);
      return client;
    }

    it('lists the tools with Chinese descriptions and runs a search end to end', async () => {
      const user = await newMember(server, 'alpha');
      const secret = await newKey(user);
      const word = hanWord(4);
      await importRecords(server, dir, [
        tenderRecord({ title: `${word}内镜设备采购`, budget: { fen: 128_500_000, raw: '128.5万元' } }),
      ]);
      const client = await connect(secret);
      try {
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name).sort()).toEqual(
          OPEN_API_OPERATIONS.map((operation) => operation.name).sort(),
        );
        const search = tools.find((tool) => tool.name === 'search_notices');
        expect(search?.description).toContain('搜索招标、中标信息');
        expect(Object.keys(search?.inputSchema.properties ?? {})).toEqual(
          expect.arrayContaining(['keyword', 'searchType', 'searchPattern', 'area', 'industry', 'cursor']),
        );

        const result = await client.callTool({
          name: 'search_notices',
          arguments: { keyword: word, searchType: 20, searchPattern: 30, area: ['440000'], docchnnel: 'zb' },
        });
        expect(result.isError).toBeFalsy();
        const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
        expect(text).toContain(`${word}内镜设备采购`);
        expect(text).toContain('128.5万元');
        expect(text).toContain('2026-03-02');
        expect(text).toContain('广东省');
        expect(text).toMatch(new RegExp(`${baseUrl}/alpha/#/tender/index\\?id=\\d+`));
        expect(text).toContain('今日 API 调用：已用 1，剩余 199（每日 200）');

        const id = Number(/id=(\d+)/.exec(text)?.[1]);
        const notice = await client.readResource({ uri: `tender://notice/${id}` });
        const noticeText = (notice.contents[0] as { text: string }).text;
        expect(noticeText).toContain(`${word}内镜设备采购`);
        expect(noticeText).toContain('预算：128.5万元');

        const refused = await client.callTool({ name: 'get_notice', arguments: { id: 999_999_999 } });
        expect(refused.isError).toBe(true);
      } finally {
        await client.close();
      }
    });

    it('refuses a connection without a live key', async () => {
      const response = await fetch(`${baseUrl}/webchat/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
      expect(response.status).toBe(401);
      await expect(connect('tk_not-a-key')).rejects.toThrow();
    });
  });

  describe('webhook per key', () => {
    let robot: FakeRobot;
    let hooked: TestServer;
    let hookDir: string;

    beforeAll(async () => {
      robot = await startFakeRobot({ extraHosts: ['crm.example.com'] });
      hooked = await startTestServer(target, [], {
        feedPushIntervalMs: 50,
        webhookNetwork: fakeRobotNetwork(robot),
      });
      hookDir = mkdtempSync(join(tmpdir(), 'tender-open-api-hooks-'));
    });
    afterAll(async () => {
      await hooked.close();
      await robot.close();
      rmSync(hookDir, { recursive: true, force: true });
    });

    async function subscriber(word: string) {
      const user = await newMember(hooked, 'alpha');
      await grant(hooked, user, 'qiyetong', 1);
      const saved = await callAs(hooked, user, 'POST', '/webchat/api/subscribe/group/save', {
        kind: 'tender',
        includeWords: [word],
      });
      expect(saved.code).toBe(200);
      const key = await callAs(hooked, user, 'POST', '/webchat/api/api-keys/create', { name: 'CRM' });
      return { user, keyId: key.data.id as number };
    }

    const deliveries = async (user: MemberTestUser, id: number) =>
      (await callAs(hooked, user, 'POST', '/webchat/api/api-keys/deliveries', { id })).data.records as {
        status: string;
        attempts: number;
        lastError: string | null;
        title: string;
      }[];

    it('POSTs each new match signed with the key’s secret, retries a failure, and logs every delivery', async () => {
      const word = hanWord(3);
      const { user, keyId } = await subscriber(word);
      const set = await callAs(hooked, user, 'POST', '/webchat/api/api-keys/webhook', {
        id: keyId,
        url: 'https://crm.example.com/tender-hook?source=tender',
      });
      expect(set.code).toBe(200);
      const secret: string = set.data.webhookSecret;
      expect(secret).toMatch(/^whsec_/);
      expect(
        (await callAs(hooked, user, 'POST', '/webchat/api/api-keys/list')).data.records[0],
      ).toMatchObject({
        webhookUrl: 'https://crm.example.com/tender-hook?source=tender',
      });

      robot.failNext(1);
      const before = robot.received.length;
      await importRecords(hooked, hookDir, [tenderRecord({ title: `${word}食堂服务采购` })]);
      const failed = await until(async () => {
        const [delivery] = await deliveries(user, keyId);
        return delivery?.attempts === 1 ? delivery : undefined;
      });
      expect(failed).toMatchObject({ status: 'pending', title: `${word}食堂服务采购` });
      expect(failed.lastError).toContain('HTTP 500');

      hooked.clock.advance(30_000);
      const delivered = await until(async () => {
        const [delivery] = await deliveries(user, keyId);
        return delivery?.status === 'delivered' ? delivery : undefined;
      });
      expect(delivered).toMatchObject({ attempts: 2, lastError: null });
      const sent = robot.received.slice(before);
      expect(sent).toHaveLength(2);
      const request = sent[1] as (typeof sent)[number];
      expect(request).toMatchObject({ servername: 'crm.example.com', path: '/tender-hook' });
      expect(request.query.get('source')).toBe('tender');
      const timestamp = Number(request.headers[TIMESTAMP_HEADER]);
      expect(Math.abs(timestamp - hooked.clock.now().getTime() / 1000)).toBeLessThan(5);
      expect(request.headers[SIGNATURE_HEADER]).toBe(webhookSignature(secret, timestamp, request.rawBody));
      expect(request.headers[SIGNATURE_HEADER]).not.toBe(
        webhookSignature('whsec_other', timestamp, request.rawBody),
      );
      expect(request.body).toMatchObject({
        event: 'subscription.match',
        words: [word],
        item: { title: `${word}食堂服务采购`, type: 'zb', publishDate: '2026-03-02' },
      });
      // A retry sends the same message: the receiver de-duplicates by its delivery id.
      expect((sent[0] as (typeof sent)[number]).rawBody).toBe(request.rawBody);
    });

    it('sends nothing once the key is revoked', async () => {
      const word = hanWord(3);
      const { user, keyId } = await subscriber(word);
      await callAs(hooked, user, 'POST', '/webchat/api/api-keys/webhook', {
        id: keyId,
        url: 'https://crm.example.com/revoked-hook',
      });
      await callAs(hooked, user, 'POST', '/webchat/api/api-keys/revoke', { id: keyId });
      await importRecords(hooked, hookDir, [tenderRecord({ title: `${word}安保服务采购` })]);
      const feed = await callAs(hooked, user, 'POST', '/webchat/api/subscribe/feed/list', {});
      expect(feed.data.total).toBe(1);
      await new Promise((wait) => setTimeout(wait, 300));
      expect(robot.received.filter((request) => request.path === '/revoked-hook')).toEqual([]);
      expect(await deliveries(user, keyId)).toEqual([]);
    });

    it('refuses an address that is not https on 443, or names this machine or a private network', async () => {
      const { user, keyId } = await subscriber(hanWord(3));
      for (const url of [
        'http://crm.example.com/hook',
        'https://crm.example.com:8443/hook',
        'https://user:pass@crm.example.com/hook',
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://169.254.169.254/latest',
        'https://localhost/hook',
        'https://intranet/hook',
      ]) {
        const refused = await callAs(hooked, user, 'POST', '/webchat/api/api-keys/webhook', {
          id: keyId,
          url,
        });
        expect(refused.code, url).toBe(400);
        expect(refused.message, url).toContain('url');
      }
      const stranger = await newMember(hooked, 'alpha');
      const foreign = await callAs(hooked, stranger, 'POST', '/webchat/api/api-keys/webhook', {
        id: keyId,
        url: 'https://crm.example.com/hook',
      });
      expect(foreign.code).toBe(404);
      expect(
        (await callAs(hooked, stranger, 'POST', '/webchat/api/api-keys/deliveries', { id: keyId })).code,
      ).toBe(404);
    });
  });
});

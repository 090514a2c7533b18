import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { newMobile, signIn } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { createPartnerKey, revokePartnerKey } from './keys';
import { PARTNER_NOTICES_PATH } from './routes';

/** A real 中国政府采购网 page (src/crawl/fixtures/README.md). */
const CCGP_PAGE = readFileSync(
  join(import.meta.dirname, '../crawl/fixtures/pages/ccgp-t20250527_24670758.htm'),
  'utf8',
);
const CCGP_URL = 'https://www.ccgp.gov.cn/cggg/dfgg/zbgg/202505/t20250527_24670758.htm';

describe.each(testDatabaseTargets())('partner ingest on $name', (target) => {
  let server: TestServer;
  let key: string;
  beforeAll(async () => {
    server = await startTestServer(target, [], { rateLimits: { partner: { max: 5, windowSeconds: 60 } } });
    key = await createPartnerKey(server.db, '某合作方爬虫', new Date());
  });
  afterAll(async () => {
    await server.close();
  });

  // '' sends no Authorization header.
  const post = (payload: unknown, secret: string = key) =>
    server.app.inject({
      method: 'POST',
      url: PARTNER_NOTICES_PATH,
      payload: payload as object,
      headers: secret ? { authorization: `Bearer ${secret}` } : {},
    });

  it('refuses a missing, unknown or revoked key with 401 and writes nothing', async () => {
    const notice = { sourceUrl: CCGP_URL, content: CCGP_PAGE, publishDate: '2025-05-27' };
    for (const secret of ['', 'pk_not-a-key', 'tk_a-member-api-key']) {
      const answer = await post(notice, secret);
      expect(answer.statusCode, `${secret} ${answer.body.slice(0, 300)}`).toBe(401);
      expect(answer.json()).toMatchObject({ code: 401, message: '接入密钥无效或已停用' });
    }
    const revoked = await createPartnerKey(server.db, '已停用的合作方', new Date());
    expect(await revokePartnerKey(server.db, revoked, new Date())).toBe(1);
    expect((await post(notice, revoked)).statusCode).toBe(401);
  });

  it('refuses a bad body with 400 and a Chinese reason naming each field', async () => {
    const bad = await post({ sourceUrl: 'ftp://x', content: '', announcementType: 'xx', extra: 1 });
    expect(bad.statusCode).toBe(400);
    const problems = bad.json().data.problems as { field: string; reason: string }[];
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'sourceUrl', reason: '应为 http:// 或 https:// 开头的网址' },
        { field: 'content', reason: '不能为空' },
        { field: 'announcementType', reason: expect.stringContaining('只能是 zb、bg') },
        { field: 'extra', reason: expect.stringContaining('未知字段') },
      ]),
    );
    expect(bad.json().message).toContain('sourceUrl：');

    // A page the extractor can read no type or date from is refused as an NDJSON line would be.
    const unreadable = await post({ sourceUrl: 'https://example.gov.cn/a.htm', content: '<p>你好</p>' });
    expect(unreadable.statusCode).toBe(400);
    expect(unreadable.json().data.problems.map((problem: { field: string }) => problem.field)).toEqual(
      expect.arrayContaining(['announcementType', 'publishDate']),
    );
  });

  it('imports a good notice through the import path: it becomes searchable; posting it again adds nothing', async () => {
    const notice = {
      sourceUrl: CCGP_URL,
      content: CCGP_PAGE,
      publishDate: '2025-05-27',
      sourceName: '中国政府采购网',
    };
    const first = await post(notice);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ code: 200, data: { inserted: 1, duplicates: 0 } });
    const again = await post(notice);
    expect(again.json()).toMatchObject({ data: { inserted: 0, duplicates: 1 } });

    const member = await signIn(server, 'alpha', newMobile());
    const search = await callApi(server.app, 'POST', '/webchat/api/searchList', {
      params: { keyword: '龙华科技实验高级中学', pageNumber: 1 },
      headers: member.headers,
    });
    expect(search.code, search.message).toBe(200);
    expect(JSON.stringify(search.data)).toContain('深圳市龙华科技实验高级中学空调采购中标（成交）结果公告');
  });

  it('is rate-limited per key (429 with when to retry)', async () => {
    const limited = await createPartnerKey(server.db, '频繁的合作方', new Date());
    const codes: number[] = [];
    for (let call = 0; call < 6; call += 1) {
      const answer = await post({ sourceUrl: 'ftp://x', content: 'x' }, limited);
      codes.push(answer.json().code);
    }
    expect(codes.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(codes[5]).toBe(429);
  });
});

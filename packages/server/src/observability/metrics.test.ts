import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createRun } from '../ingest/queries';
import { tenderRecordSchema } from '../ingest/record';
import { ingestRecords, type NumberedRecord } from '../ingest/service';
import { hanWord, importRecords, tenderRecord } from '../subscriptions/test-fixtures';
import { testDatabaseTargets } from '../test-support/databases';
import { advanceToChinaHour, callAs, grant, newMember } from '../test-support/membership-fixtures';
import { submitOrder } from '../test-support/order-fixtures';
import { startTestServer, type TestServer } from '../test-support/test-server';

const TOKEN = 'metrics-test-token-0123456789';

/** Every family docs/monitoring/README.md promises, with the sample that must be above 0 after the mix. */
const FAMILIES: Record<string, RegExp> = {
  requests:
    /^tender_http_requests_total\{route="\/webchat\/api\/searchList",method="POST",status="200"\} [1-9]/m,
  latency: /^tender_http_request_duration_seconds_count\{route="\/webchat\/api\/searchList".*\} [1-9]/m,
  pool: /^tender_db_pool_connections\{database="primary",state="max"\} [1-9]/m,
  queryTime: /^tender_db_query_duration_seconds_count\{database="primary",kind="query"\} [1-9]/m,
  cacheHits: /^tender_search_cache_lookups_total\{result="hit"\} [1-9]/m,
  cacheMisses: /^tender_search_cache_lookups_total\{result="miss"\} [1-9]/m,
  imported: /^tender_import_items_total\{outcome="inserted"\} [1-9]/m,
  importQueue: /^tender_import_pending_lines [1-9]/m,
  pushLag: /^tender_subscription_push_lag_seconds_count [1-9]/m,
  websockets: /^tender_websocket_connections [1-9]/m,
  orders: /^tender_orders\{status="[a-z_]+"\} [1-9]/m,
  sms: /^tender_sms_sends_total\{provider="console",result="sent"\} [1-9]/m,
  exports: /^tender_export_jobs_total\{event="done"\} [1-9]/m,
  processCpu: /^process_cpu_user_seconds_total [0-9]/m,
};

describe.each(testDatabaseTargets())('metrics on $name', (target) => {
  let server: TestServer;
  let baseUrl: string;
  const dir = mkdtempSync(join(tmpdir(), 'tender-metrics-'));

  beforeAll(async () => {
    server = await startTestServer(target, [], { feedPushIntervalMs: 100, metricsToken: TOKEN });
    baseUrl = await server.app.listen({ host: '127.0.0.1', port: 0 });
    advanceToChinaHour(server, 10);
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const scrape = (authorization?: string) =>
    fetch(`${baseUrl}/metrics`, authorization ? { headers: { authorization } } : {});

  it('refuses /metrics on the public port without the token', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(401);
    expect(await (await scrape()).text()).not.toContain('tender_');
  });

  it('shows every family with samples after a short mix of calls', { timeout: 60_000 }, async () => {
    const word = hanWord(3);
    // Sign-in (an SMS through the console provider), a subscription and its websocket.
    const member = await newMember(server, 'alpha');
    await grant(server, member, 'qiyetong', 1);
    const saved = await callAs(server, member, 'POST', '/webchat/api/subscribe/group/save', {
      kind: 'tender',
      includeWords: [word],
    });
    expect(saved.code).toBe(200);
    const socket = new WebSocket(
      `${baseUrl.replace('http', 'ws')}/webchat/websocket?brand=alpha&token=${member.token}`,
    );
    const pushed = new Promise<void>((resolve) => {
      socket.on('message', (data) => {
        if (String(data).includes(word)) resolve();
      });
    });
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));

    // An import matched to the subscription and pushed to the websocket.
    await importRecords(server, dir, [tenderRecord({ title: `${word}设备采购公开招标公告` })]);
    await pushed;

    // The same search twice: a miss, then a hit of the result cache.
    for (let round = 0; round < 2; round += 1) {
      const search = await callAs(server, member, 'POST', '/webchat/api/searchList', {
        keyword: word,
        pageNumber: 1,
      });
      expect(search.code).toBe(200);
    }

    // An order and an export.
    expect((await submitOrder(server, member, 'toubiaotong', 1)).code).toBe(200);
    const ordered = await callAs(server, member, 'POST', '/webchat/api/project/dataExportOrder', {
      keyword: word,
      searchType: 20,
    });
    expect(ordered.code, ordered.message).toBe(200);
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const status = await callAs(server, member, 'GET', '/webchat/api/project/getNowNumStatus', {
        id: ordered.data.record.id,
      });
      if (status.data.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    // An import held after its first batch: its other lines wait in the queue while the scrape runs.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const records = (async function* (): AsyncGenerator<NumberedRecord> {
      for (let line = 1; line <= 4; line += 1) {
        if (line === 3) await held;
        const record = tenderRecordSchema.parse(tenderRecord({ title: `${hanWord(4)}维修服务采购公告` }));
        yield { line, record };
      }
    })();
    const run = await createRun(server.db, {
      kind: 'file',
      source: 'metrics-test',
      fingerprint: `metrics-${word}`,
      totalLines: 4,
    });
    const importing = ingestRecords(server.db, run, records, { batchSize: 2 });
    for (let attempt = 0; attempt < 200; attempt += 1) {
      const text = await (await scrape(`Bearer ${TOKEN}`)).text();
      if (/^tender_import_items_total\{outcome="inserted"\} [1-9]/m.test(text)) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }

    const answer = await scrape(`Bearer ${TOKEN}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/plain');
    const text = await answer.text();
    release();
    await importing;
    socket.close();
    const missing = Object.entries(FAMILIES)
      .filter(([, sample]) => !sample.test(text))
      .map(([family]) => family);
    expect(
      missing,
      text
        .split('\n')
        .filter((line) => line.startsWith('tender_'))
        .join('\n'),
    ).toEqual([]);
    // The queue is empty again once the import is through.
    const after = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(after).toMatch(/^tender_import_pending_lines 0$/m);
  });
});

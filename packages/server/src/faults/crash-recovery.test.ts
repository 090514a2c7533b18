import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { openPGlite } from '../db/pglite';
import { readXlsx } from '../export/xlsx-reader';
import { messages } from '../messages';
import { freePort, httpCall, ServerProcess, testAppsDir } from './server-process';

/**
 * kill -9 of the embedded server (PGlite) during the demo import, during payment confirmations and during an
 * export: after each crash the database opens, and on restart nothing acknowledged is lost or doubled.
 */
const ITEMS = 3000;
const GLOBALS = 'brand=alpha&version=20';
const json = (body: Record<string, unknown>) => JSON.stringify({ brand: 'alpha', version: 20, ...body });

interface Member {
  token: string;
  mobile: string;
}

let nextMember = 0;

/** Signs a new member in through the SMS flow (dev outbox), each from its own loopback address. */
async function signIn(server: ServerProcess): Promise<Member> {
  nextMember += 1;
  const mobile = `1370${String(process.pid % 10_000).padStart(4, '0')}${String(nextMember).padStart(3, '0')}`;
  const from = `127.0.${(process.pid % 200) + 1}.${nextMember + 1}`;
  const sent = await httpCall(
    server.port,
    'POST',
    `/webchat/api/login/sendMessageCode?mobile=${mobile}&consentVersion=2026-11-01&${GLOBALS}`,
    {
      from,
    },
  );
  expect(sent.json().code).toBe(200);
  const outbox = await httpCall(server.port, 'GET', `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`);
  const login = await httpCall(server.port, 'POST', '/webchat/api/login/messageLogin', {
    body: json({ mobile, code: outbox.json().data.code, registerType: 50 }),
    from,
  });
  const token = login.json().data.token as string;
  const profile = await httpCall(
    server.port,
    'GET',
    `/webchat/api/perfect?realUserName=${encodeURIComponent('故障')}&companyName=${encodeURIComponent('故障测试公司')}&${GLOBALS}`,
    { token },
  );
  expect(profile.json().code).toBe(200);
  return { token, mobile };
}

async function post(server: ServerProcess, member: Member, path: string, body: Record<string, unknown>) {
  const answer = await httpCall(server.port, 'POST', path, { body: json(body), token: member.token });
  return answer.json();
}

/** An order of 12 months 全国 and its sandbox payment link. */
async function order(server: ServerProcess, member: Member, level: 'toubiaotong' | 'qiyetong' | 'qiye') {
  const info = await post(server, member, '/webchat/api/member/productInfo', {
    memberCode: level,
    payAreas: ['全国'],
  });
  const product = info.data.productConfigResponses.find((option: { months: number }) => option.months === 12);
  const created = await post(server, member, '/webchat/api/submitOrder', {
    memberCode: level,
    productId: product.id,
    payAreas: ['全国'],
  });
  expect(created.code).toBe(200);
  const qr = await post(server, member, '/webchat/api/payPrepay', { orderId: created.data.orderId });
  expect(qr.code).toBe(200);
  return { orderNo: created.data.orderNo as string, codeUrl: qr.data.codeUrl as string };
}

/** The payer presses 确认支付 on the sandbox page: acknowledged when the page says the payment succeeded. */
async function confirmPayment(server: ServerProcess, codeUrl: string): Promise<boolean> {
  const url = new URL(codeUrl);
  const page = await httpCall(server.port, 'POST', url.pathname, {
    body: new URLSearchParams({ t: url.searchParams.get('t') ?? '' }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  });
  return page.status === 200 && page.text.includes(messages.payPage.paid);
}

// Each scenario starts the server from source a few times: minutes on a loaded CI machine.
describe('kill -9 of the embedded server', { timeout: 240_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'tender-fault-'));
  const appsDir = testAppsDir();
  let server: ServerProcess;
  const acknowledged: string[] = [];
  const unconfirmed: { orderNo: string; codeUrl: string }[] = [];
  let exporter: Member;
  let exportId: number;

  beforeAll(async () => {
    server = new ServerProcess(await freePort(), {
      DATA_DIR: dataDir,
      APPS_DIR: appsDir,
      DEMO_SIZE: String(ITEMS),
    });
  });

  afterAll(async () => {
    await server.kill9();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(appsDir, { recursive: true, force: true });
  });

  async function openStopped<T>(work: (db: Database) => Promise<T>): Promise<T> {
    await server.stop();
    const db = await openPGlite(dataDir);
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  }

  it('resumes the demo import after a crash, without duplicates', async () => {
    server.start();
    await server.waitForLine((line) => {
      if (!line.includes('loading demo corpus')) return false;
      const { loaded, total } = JSON.parse(line) as { loaded: number; total: number };
      return loaded > 0 && loaded < total;
    });
    await server.kill9();

    server.start();
    await server.ready();
    await server.waitForLine(
      (line) => line.includes('demo corpus loaded') && line.includes('"resumed":true'),
    );
    const counted = await openStopped((db) =>
      db.query<{ items: number; sources: number; documents: number; inserted: number; duplicates: number }>(
        `SELECT (SELECT count(*)::int FROM tender_item) AS items,
                (SELECT count(DISTINCT source_id)::int FROM tender_item) AS sources,
                (SELECT count(*)::int FROM search_document) AS documents,
                (SELECT inserted::int FROM ingest_run WHERE kind = 'demo' AND status = 'done') AS inserted,
                (SELECT duplicates::int FROM ingest_run WHERE kind = 'demo') AS duplicates`,
      ),
    );
    expect(counted).toEqual([
      { items: ITEMS, sources: ITEMS, documents: ITEMS, inserted: ITEMS, duplicates: 0 },
    ]);
  });

  it('keeps every acknowledged payment exactly once when killed during confirmations', async () => {
    server.start();
    await server.ready();
    exporter = await signIn(server);
    const bought = await order(server, exporter, 'qiye');
    expect(await confirmPayment(server, bought.codeUrl)).toBe(true);
    acknowledged.push(bought.orderNo);

    const orders = [];
    for (let index = 0; index < 12; index += 1) {
      const member = await signIn(server);
      orders.push(await order(server, member, index % 2 ? 'qiyetong' : 'toubiaotong'));
    }
    // Every payer presses at once; the process dies as soon as the third has its answer.
    let answered = 0;
    let killed: Promise<void> | undefined;
    await Promise.all(
      orders.map(async (pending) => {
        const ok = await confirmPayment(server, pending.codeUrl).catch(() => false);
        if (ok && !killed) acknowledged.push(pending.orderNo);
        else unconfirmed.push(pending);
        answered += 1;
        if (answered === 3) killed = server.kill9();
      }),
    );
    await killed;
    expect(acknowledged.length).toBeGreaterThan(1);

    // On restart each acknowledged order is paid with one grant; a payer who saw no answer pays again, once.
    server.start();
    await server.ready();
    for (const pending of unconfirmed) {
      const again = await confirmPayment(server, pending.codeUrl);
      const link = new URL(pending.codeUrl);
      const page = again ? '' : (await httpCall(server.port, 'GET', `${link.pathname}${link.search}`)).text;
      // Either this press paid it, or the one before the crash had (the page says it is paid already).
      expect(again || page.includes(messages.payPage.alreadyPaid)).toBe(true);
    }
    const rows = await openStopped((db) =>
      db.query<{ order_no: string; status: string; grants: number; credited: number }>(
        `SELECT o.order_no, o.status,
                (SELECT count(*)::int FROM membership_event e WHERE e.source = 'order' AND e.order_ref = o.order_no) AS grants,
                (SELECT count(*)::int FROM payment_event p WHERE p.order_no = o.order_no AND p.outcome = 'credited') AS credited
           FROM member_order o`,
      ),
    );
    expect(rows).toHaveLength(13);
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'paid', grants: 1 });
      expect(row.credited).toBeLessThanOrEqual(1);
    }
    for (const orderNo of acknowledged)
      expect(rows.find((row) => row.order_no === orderNo)?.status).toBe('paid');
  });

  it('writes an export again after a crash interrupted it', async () => {
    server.start();
    await server.ready();
    const ordered = await post(server, exporter, '/webchat/api/project/dataExportOrder', { searchType: 20 });
    expect(ordered.code).toBe(200);
    exportId = ordered.data.record.id;
    expect(ordered.data.record.status).toBe('running');
    await server.kill9();

    server.start();
    await server.ready();
    // The file was being written when the process died: the new process takes it up again.
    await server.waitForLine((line) => line.includes('export interrupted by a crash: writing it again'));
    let status: { status: string; allowed: number } | undefined;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      status = (
        await httpCall(server.port, 'GET', `/webchat/api/project/getNowNumStatus?id=${exportId}&${GLOBALS}`, {
          token: exporter.token,
        })
      ).json().data;
      if (status?.status !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status?.status).toBe('done');
    expect(status?.allowed).toBeGreaterThan(1000);
    const file = await httpCall(
      server.port,
      'GET',
      `/webchat/api/project/exportFile?id=${exportId}&${GLOBALS}`,
      {
        token: exporter.token,
      },
    );
    expect(file.status).toBe(200);
    const [sheet] = readXlsx(file.body);
    expect(sheet?.rows).toHaveLength((status?.allowed ?? 0) + 1);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_BIN, PrivatePostgres, privatePostgresAvailable } from './private-postgres';
import { freePort, httpCall, ServerProcess, testAppsDir } from './server-process';

const GLOBALS = 'brand=alpha&version=20';
const json = (body: Record<string, unknown>) => JSON.stringify({ brand: 'alpha', version: 20, ...body });

interface Answer {
  at: number;
  /** HTTP status (0: no answer at all — the connection was refused or reset) and the envelope's code. */
  status: number;
  code: number | undefined;
}

if (!privatePostgresAvailable()) {
  console.warn(
    `PostgreSQL restart test skipped: no initdb/pg_ctl in ${POSTGRES_BIN} (set POSTGRES_BIN), or running as root without a postgres user`,
  );
}

describe.skipIf(!privatePostgresAvailable())('PostgreSQL restarted under load', { timeout: 180_000 }, () => {
  let cluster: PrivatePostgres;
  let server: ServerProcess;
  const dataDir = mkdtempSync(join(tmpdir(), 'tender-fault-pg-'));
  const appsDir = testAppsDir();

  beforeAll(async () => {
    cluster = await PrivatePostgres.create();
    server = new ServerProcess(await freePort(), {
      DATABASE_URL: cluster.url,
      DATA_DIR: dataDir,
      APPS_DIR: appsDir,
      DEMO_SIZE: '300',
    });
    server.start();
    await server.ready();
  });

  afterAll(async () => {
    await server?.kill9();
    await cluster?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(appsDir, { recursive: true, force: true });
  });

  it('reconnects and serves again without a restart of the server', async () => {
    const mobile = `1360${String(process.pid % 10_000).padStart(4, '0')}001`;
    await httpCall(
      server.port,
      'POST',
      `/webchat/api/login/sendMessageCode?mobile=${mobile}&consentVersion=2026-11-01&${GLOBALS}`,
    );
    const outbox = await httpCall(server.port, 'GET', `/webchat/dev/sms-outbox?mobile=${mobile}&brand=alpha`);
    const login = await httpCall(server.port, 'POST', '/webchat/api/login/messageLogin', {
      body: json({ mobile, code: outbox.json().data.code, registerType: 50 }),
    });
    const token = login.json().data.token as string;
    await httpCall(
      server.port,
      'GET',
      `/webchat/api/perfect?realUserName=${encodeURIComponent('重连')}&companyName=${encodeURIComponent('重连测试公司')}&${GLOBALS}`,
      { token },
    );

    // Six clients call without pause: the user centre (a read) and searches, through the restart.
    const answers: Answer[] = [];
    let stop = false;
    const client = async (index: number) => {
      while (!stop) {
        const search = index % 2 === 0;
        const answer = await httpCall(
          server.port,
          search ? 'POST' : 'GET',
          search ? '/webchat/api/searchList' : `/webchat/api/userCenter?${GLOBALS}`,
          { token, timeoutMs: 20_000, ...(search ? { body: json({ keyword: '采购', pageNumber: 1 }) } : {}) },
        ).catch(() => undefined);
        answers.push({
          at: Date.now(),
          status: answer?.status ?? 0,
          code: answer ? (JSON.parse(answer.text) as { code?: number }).code : undefined,
        });
      }
    };
    const clients = Array.from({ length: 6 }, (_, index) => client(index));
    const waitFor = async (condition: () => boolean, timeoutMs: number) => {
      const deadline = Date.now() + timeoutMs;
      while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return condition();
    };
    expect(await waitFor(() => answers.filter((answer) => answer.code === 200).length >= 20, 30_000)).toBe(
      true,
    );

    await cluster.restart();
    const back = Date.now();
    const recovered = await waitFor(
      () => answers.filter((answer) => answer.at > back && answer.code === 200).length >= 20,
      20_000,
    );
    // Then a while longer: from two seconds after the restart on, every call must succeed.
    await waitFor(() => answers.filter((answer) => answer.at > back + 2_000).length >= 30, 20_000);
    stop = true;
    await Promise.all(clients);

    expect(server.running).toBe(true);
    expect(recovered).toBe(true);
    // The outage is answered, not dropped: every call got an HTTP answer (a 500 envelope while the database was
    // away), and once the database is back the calls succeed again.
    expect(answers.filter((answer) => answer.status === 0)).toEqual([]);
    const afterBack = answers.filter((answer) => answer.at > back + 2_000);
    expect(afterBack.length).toBeGreaterThan(0);
    expect(afterBack.filter((answer) => answer.code !== 200)).toEqual([]);

    // A transaction after the restart (the order: price, coupon, insert) works too.
    const info = (
      await httpCall(server.port, 'POST', '/webchat/api/member/productInfo', {
        body: json({ memberCode: 'toubiaotong', payAreas: ['全国'] }),
        token,
      })
    ).json();
    const product = info.data.productConfigResponses[0];
    const order = await httpCall(server.port, 'POST', '/webchat/api/submitOrder', {
      body: json({ memberCode: 'toubiaotong', productId: product.id, payAreas: ['全国'] }),
      token,
    });
    expect(order.json().code).toBe(200);
  });
});

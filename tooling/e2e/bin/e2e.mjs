#!/usr/bin/env node
// `npm run e2e`: starts the built server once (temporary data directory, dev outbox, a small demo corpus, a free
// port) serving all brand apps, runs one vitest project per brand against it in Chromium, then stops it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startFakeSentryIngest } from './fake-sentry-ingest.mjs';

const packageDir = resolve(import.meta.dirname, '..');
const root = resolve(packageDir, '../..');
const serverCli = join(root, 'packages/server/dist/cli.js');
const STARTUP_TIMEOUT_MS = 120_000;

if (!existsSync('/usr/bin/chromium')) {
  console.error(
    'Chromium is missing: apt-get install -y chromium fonts-wqy-microhei (never `playwright install`).',
  );
  process.exit(1);
}
if (!existsSync(serverCli)) {
  console.error('The server is not built: run `npm run e2e` from the repository root.');
  process.exit(1);
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

async function waitUntilReady(baseUrl, server) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`the server was not ready within ${STARTUP_TIMEOUT_MS / 1000} s`);
}

// The brand apps report their errors to it (error-reports.e2e.test.ts): every page runs with Sentry on, as in production.
const sentryIngest = await startFakeSentryIngest();
const dataDir = mkdtempSync(join(tmpdir(), 'tender-e2e-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// Fixture announcements reach the server the way real data does, through the importer: hostile markup
// (hostile-content.e2e.test.ts) and one notice with its repost from another site (details.e2e.test.ts).
for (const fixture of ['hostile-content.ndjson', 'reposted-notice.ndjson']) {
  const imported = spawnSync(process.execPath, [serverCli, 'import', join(packageDir, 'fixtures', fixture)], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (imported.status !== 0) {
    console.error(`e2e: importing ${fixture} failed (exit ${imported.status})`);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(1);
  }
}
function startServer() {
  return spawn(process.execPath, [serverCli, 'start'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      TENDER_DEV: '1',
      DEMO_SIZE: '200',
      PORT: String(port),
      HOST: '127.0.0.1',
      SENTRY_BROWSER_DSN: sentryIngest.dsn,
      // Every brand's tests sign many accounts in from 127.0.0.1; the other limits stay at their defaults.
      RATE_LIMITS: process.env.RATE_LIMITS ?? 'login-ip=1000/60,sms-ip=1000/60,sms-ip-hour=10000/3600',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stopServer(running) {
  running.kill('SIGTERM');
  await new Promise((resolveExit) =>
    running.exitCode !== null ? resolveExit() : running.on('exit', resolveExit),
  );
}

/** One call of the API as a brand's client makes it; the envelope's data, or an error naming the call. */
async function callApi(brand, method, path, params, token) {
  const url = new URL(`${baseUrl}${path}`);
  const global = { brand: brand.id, version: brand.interfaceVersion };
  const headers = { 'X-Device': '50', ...(token ? { Authorization: `Bearer ${token}` } : {}) };
  let body;
  if (method === 'GET') {
    for (const [key, value] of Object.entries({ ...params, ...global }))
      url.searchParams.set(key, String(value));
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ ...params, ...global });
  }
  const envelope = await (await fetch(url, { method, headers, body })).json();
  if (envelope.code !== 200) throw new Error(`${path}: ${envelope.code} ${envelope.message}`);
  return envelope.data;
}

/**
 * Brands that do not sell online get their members from operators (`tender-server member grant`), which needs the
 * data directory the running server holds: sign one account in per such brand, stop the server, grant it one
 * province of the demo data (the first 招标公告's), start again. The tests read them, signed in (sessions outlive a
 * restart), from E2E_OPERATOR_MEMBERS.
 */
const REGIONAL_MEMBER_NAME = '地区会员';

async function grantOperatorMembers() {
  const brands = readdirSync(join(root, 'apps'))
    .map((id) => join(root, 'apps', id, 'dist', 'brand.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')))
    .filter((brand) => !brand.flags.payment);
  const members = {};
  for (const [index, brand] of brands.entries()) {
    const mobile = `1370000000${index}`;
    await callApi(brand, 'POST', `/webchat/api/login/sendMessageCode?mobile=${mobile}`, {
      consentVersion: brand.legal.privacyPolicyVersion,
    });
    const outbox = await callApi(brand, 'GET', '/webchat/dev/sms-outbox', { mobile });
    const { token } = await callApi(brand, 'POST', '/webchat/api/login/messageLogin', {
      mobile,
      code: outbox.code,
      registerType: 50,
    });
    await callApi(
      brand,
      'GET',
      '/webchat/api/perfect',
      { realUserName: REGIONAL_MEMBER_NAME, companyName: '测试科技有限公司' },
      token,
    );
    const tenders = await callApi(
      brand,
      'POST',
      '/webchat/api/searchAllList',
      { tab: 'zb', pageNumber: 1, pageSize: 20 },
      token,
    );
    const province = tenders.records.find((record) => record.provinceName)?.provinceName;
    if (!province) throw new Error(`the demo data of ${brand.id} has no 招标公告 with a province`);
    members[brand.id] = { mobile, token, realUserName: REGIONAL_MEMBER_NAME, province };
  }
  if (brands.length === 0) return members;
  await stopServer(server);
  for (const [id, { mobile, province }] of Object.entries(members)) {
    const granted = spawnSync(
      process.execPath,
      [
        serverCli,
        'member',
        'grant',
        '--brand',
        id,
        '--mobile',
        mobile,
        '--level',
        'toubiaotong',
        '--months',
        '12',
        '--areas',
        province,
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (granted.status !== 0) throw new Error(`member grant for ${id} failed (exit ${granted.status})`);
  }
  server = startServer();
  await waitUntilReady(baseUrl, server);
  return members;
}

let server = startServer();

let exitCode = 1;
try {
  await waitUntilReady(baseUrl, server);
  const operatorMembers = await grantOperatorMembers();
  console.info(`e2e: server ready at ${baseUrl}`);
  const vitestBin = join(packageDir, 'node_modules', 'vitest', 'vitest.mjs');
  const args = process.argv.slice(2);
  const vitest = spawn(
    process.execPath,
    // Every brand unless the arguments name projects (`npm run e2e -- --project brand:portal test/x.e2e.test.ts`).
    [vitestBin, 'run', ...(args.includes('--project') ? [] : ['--project', 'brand:*']), ...args],
    {
      cwd: packageDir,
      env: {
        ...process.env,
        E2E_BASE_URL: baseUrl,
        E2E_OPERATOR_MEMBERS: JSON.stringify(operatorMembers),
        E2E_SENTRY_INGEST: sentryIngest.url,
      },
      stdio: 'inherit',
    },
  );
  exitCode = await new Promise((resolveExit, reject) => {
    vitest.on('error', reject);
    vitest.on('exit', (code) => resolveExit(code ?? 1));
  });
} catch (error) {
  console.error(`e2e: ${error.message}`);
} finally {
  await stopServer(server);
  await sentryIngest.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

#!/usr/bin/env node
// `npm run e2e`: starts the built server once (temporary data directory, dev outbox, a small demo corpus, a free
// port) serving all brand apps, runs one vitest project per brand against it in Chromium, then stops it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

const dataDir = mkdtempSync(join(tmpdir(), 'tender-e2e-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
// Hostile announcements reach the server the way real data does: through the importer (hostile-content.e2e.test.ts).
const imported = spawnSync(
  process.execPath,
  [serverCli, 'import', join(packageDir, 'fixtures', 'hostile-content.ndjson')],
  { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'ignore', 'inherit'] },
);
if (imported.status !== 0) {
  console.error(`e2e: importing the hostile fixture failed (exit ${imported.status})`);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
}
const server = spawn(process.execPath, [serverCli, 'start'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    TENDER_DEV: '1',
    DEMO_SIZE: '200',
    PORT: String(port),
    HOST: '127.0.0.1',
    // Every brand's tests sign many accounts in from 127.0.0.1; the other limits stay at their defaults.
    RATE_LIMITS: process.env.RATE_LIMITS ?? 'login-ip=1000/60,sms-ip=1000/60,sms-ip-hour=10000/3600',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

let exitCode = 1;
try {
  await waitUntilReady(baseUrl, server);
  console.info(`e2e: server ready at ${baseUrl}`);
  const vitestBin = join(packageDir, 'node_modules', 'vitest', 'vitest.mjs');
  const args = process.argv.slice(2);
  const vitest = spawn(
    process.execPath,
    // Every brand unless the arguments name projects (`npm run e2e -- --project brand:portal test/x.e2e.test.ts`).
    [vitestBin, 'run', ...(args.includes('--project') ? [] : ['--project', 'brand:*']), ...args],
    {
      cwd: packageDir,
      env: { ...process.env, E2E_BASE_URL: baseUrl },
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
  server.kill('SIGTERM');
  await new Promise((resolveExit) =>
    server.exitCode !== null ? resolveExit() : server.on('exit', resolveExit),
  );
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);

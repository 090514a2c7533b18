#!/usr/bin/env node
// The root entry point behind every `npm run …`: installs dependencies when they are missing or stale,
// then runs the named command with the workspace's own binaries (pnpm included) first on the PATH.
// Plain JavaScript so it runs on a fresh clone with nothing but Node.js.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const binDir = join(root, 'node_modules', '.bin');
const stampFile = join(root, 'node_modules', '.tender-install-stamp');

/** What each root command runs once dependencies are in place. */
const commands = {
  start: [
    ['turbo', 'run', 'build', '--filter=@tender/server...', '--filter=./apps/*'],
    // A young generation of 64 MB (V8's default: 16): a server's garbage is nearly all per request, and fewer
    // scavenges gave the load benchmark ~10 % more requests a second on average (docs/performance.md "Load",
    // 2026-11-25).
    ['node', '--max-semi-space-size=64', 'packages/server/dist/cli.js', 'start'],
  ],
  // Operator commands of the server, e.g. `npm run tender -- migrate` (packages/server README).
  tender: [
    ['turbo', 'run', 'build', '--filter=@tender/server...'],
    ['node', 'packages/server/dist/cli.js'],
  ],
  // Benchmarks (tooling/bench), e.g. `npm run bench -- search`: corpora are written and imported with the built
  // server command, so it is built first; the benchmark itself runs from its TypeScript source.
  bench: [
    ['turbo', 'run', 'build', '--filter=@tender/server...'],
    ['node', 'tooling/bench/bin/bench.mjs'],
  ],
  // The brand command (tooling/brand-contract): `npm run brand -- new <id> --name … --color …`, `… -- check`.
  brand: [['node', 'tooling/brand-contract/bin/brand.mjs']],
  // Publishes the packages under packages/ (tooling/release): `npm run release -- --dry-run` changes nothing.
  release: [['node', 'tooling/release/bin/release.mjs']],
  test: [
    ['biome', 'ci', '.'],
    ['turbo', 'run', 'typecheck', 'test'],
  ],
  build: [['turbo', 'run', 'build']],
  // Browser tests (tooling/e2e): Debian Chromium against the built server, one project per brand.
  e2e: [
    ['turbo', 'run', 'build', '--filter=@tender/server...', '--filter=./apps/*'],
    ['pnpm', '--filter', '@tender/e2e', 'run', 'e2e'],
  ],
  // Storybook dev server of tooling/ui-catalog on http://localhost:6006; extra arguments go to `storybook dev`
  // (`npm run storybook -- --port 7007`). The static build is that package's `build`: `npm run build`.
  storybook: [['pnpm', '--filter', '@tender/ui-catalog', 'run', 'dev']],
  lint: [['biome', 'check', '.']],
  format: [['biome', 'check', '--write', '.']],
  typecheck: [['turbo', 'run', 'typecheck']],
  changeset: [['changeset']],
};

function workspaceManifests() {
  const files = ['package.json', 'pnpm-workspace.yaml', 'pnpm-lock.yaml'];
  for (const group of ['apps', 'packages', 'tooling']) {
    for (const name of readdirSync(join(root, group)).sort()) {
      const manifest = join(group, name, 'package.json');
      if (existsSync(join(root, manifest))) files.push(manifest);
    }
  }
  return files;
}

function installFingerprint() {
  const hash = createHash('sha256');
  for (const file of workspaceManifests()) {
    hash.update(file);
    if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
  }
  return hash.digest('hex');
}

function run(command, args, env) {
  const result = spawnSync(command, args, {
    cwd: root,
    // Preparation (install, build) reports on stderr: stdout belongs to the last step, whose output may be data
    // (`npm run -s tender -- corpus … > file.ndjson`, `… extract FILE > fields.json`).
    stdio: ['inherit', 2, 'inherit'],
    env,
    shell: process.platform === 'win32',
  });
  if (result.error) {
    console.error(`无法运行 ${command}: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function ensureInstalled(env) {
  const fingerprint = installFingerprint();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === fingerprint) return;
  const pnpmVersion = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split(
    '@',
  )[1];
  // On stderr like the install itself (see `run`): stdout belongs to the last step.
  console.error(`Installing dependencies with pnpm ${pnpmVersion} …`);
  // CI must install exactly the committed lockfile; locally a changed manifest may update it.
  const frozen = process.env.CI ? ['--frozen-lockfile'] : [];
  run('npx', ['-y', `pnpm@${pnpmVersion}`, 'install', ...frozen], env);
  // The install itself may rewrite manifests' formatting; stamp what is there now.
  writeFileSync(stampFile, installFingerprint());
}

const [name, ...extra] = process.argv.slice(2);
const steps = commands[name];
if (!steps) {
  console.error(`Unknown command "${name}". Known: ${Object.keys(commands).join(', ')}`);
  process.exit(2);
}
/**
 * The last step may be a long-running server: signals sent to this process (a supervisor's SIGTERM, not only
 * a terminal's Ctrl-C that reaches the whole group) are passed on so it can close cleanly.
 */
function runLast(command, args, env) {
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`无法运行 ${command}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

const env = { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH ?? ''}` };
ensureInstalled(env);
for (const [command, ...args] of steps.slice(0, -1)) run(command, args, env);
const [lastCommand, ...lastArgs] = steps.at(-1);
runLast(lastCommand, [...lastArgs, ...extra], env);

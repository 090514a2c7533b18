import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/brand-apps';

/**
 * The brand team's path, on a copy of this checkout: `npm run brand -- new` alone must give a brand that the
 * contract test, the brand check, the linter and a build accept (docs/brands.md). A copy, because the new
 * folder would otherwise show up in the other packages' tests running beside this one.
 */
let copy: string;

function inCopy(command: string, args: string[], cwd = copy): SpawnSyncReturns<string> {
  return spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
}

function npmRunBrand(...args: string[]): SpawnSyncReturns<string> {
  return inCopy('node', ['tooling/bootstrap/run.mjs', 'brand', ...args]);
}

function output(result: SpawnSyncReturns<string>): string {
  return `${result.stdout}\n${result.stderr}`;
}

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'tender-brand-'));
  // What a clone holds: tracked files, plus new ones not yet committed (so the test also runs before a commit).
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', '-z'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  });
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(repositoryRoot, file))) continue;
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    copyFileSync(join(repositoryRoot, file), join(copy, file));
  }
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('npm run brand -- new', () => {
  it('creates a brand that passes the contract test, the brand check, the linter and a build', () => {
    const created = npmRunBrand('new', 'goldbid', '--name', '金标通', '--color', '#0b6e4f');
    expect(created.status, output(created)).toBe(0);
    expect(created.stdout).toContain('已创建');

    expect(readFileSync(join(copy, 'pnpm-lock.yaml'), 'utf8')).toContain('\n  apps/goldbid:\n');
    expect(
      JSON.parse(readFileSync(join(copy, 'tooling/e2e/turbo.json'), 'utf8')).tasks.test.dependsOn,
    ).toContain('@tender/goldbid#build');

    const contract = inCopy(
      'node_modules/.bin/vitest',
      ['run', 'test/brand-contract.test.ts', '--reporter=verbose'],
      join(copy, 'tooling/brand-contract'),
    );
    expect(contract.status, output(contract)).toBe(0);
    expect(contract.stdout).toMatch(/goldbid: passes `npm run brand -- check`/);

    const check = npmRunBrand('check');
    expect(check.status, output(check)).toBe(0);
    expect(check.stdout).toContain('goldbid: 待填写');
    expect(check.stdout).toContain('footer.caseNumber');

    const lint = inCopy('node_modules/.bin/biome', ['ci', 'apps/goldbid', 'tooling/e2e/turbo.json']);
    expect(lint.status, output(lint)).toBe(0);

    const build = inCopy('node_modules/.bin/pnpm', ['--filter', '@tender/goldbid', 'run', 'build']);
    expect(build.status, output(build)).toBe(0);
    const manifest = JSON.parse(readFileSync(join(copy, 'apps/goldbid/dist/brand.json'), 'utf8'));
    expect(manifest).toMatchObject({ id: 'goldbid', name: '金标通', colors: { primary: '#0b6e4f' } });
    expect(readFileSync(join(copy, 'apps/goldbid/dist/index.html'), 'utf8')).toContain('/goldbid/');
  }, 600_000);

  it.each([
    [['new', 'Gold', '--name', '金标', '--color', '#0b6e4f'], '须为小写字母开头'],
    [['new', 'silverbid', '--name', '标桥招标网', '--color', '#0b6e40'], '已被 portal 使用'],
    [['new', 'silverbid', '--name', '银标通', '--color', '#1d5fd1'], '主色 #1d5fd1 已被 portal 使用'],
    [['new', 'silverbid', '--name', '银标通', '--color', '#ffd43b'], '须不低于 4.5'],
    [['new', 'silverbid', '--name', '银标通', '--color', 'green'], '#rrggbb'],
    [['new', 'silverbid', '--name', '银标通'], '用法'],
  ])('refuses %j, saying why, and creates nothing', (args, message) => {
    const refused = npmRunBrand(...args);
    expect(refused.status).not.toBe(0);
    expect(output(refused)).toContain(message);
    expect(existsSync(join(copy, 'apps/silverbid'))).toBe(false);
    expect(existsSync(join(copy, 'apps/Gold'))).toBe(false);
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tarballProblems } from '../src/check-tarball';
import { libraryPackages, packTarball, publishablePackages } from '../src/packages';

const changelog: {
  webUrlOf(remote: string): string | null;
  getReleaseLine(changeset: { summary: string; commit?: string }): Promise<string>;
} = createRequire(import.meta.url)('../changelog.cjs');

let destination: string;

beforeAll(() => {
  destination = mkdtempSync(join(tmpdir(), 'tender-tarballs-'));
});

afterAll(() => {
  if (destination) rmSync(destination, { recursive: true, force: true });
});

describe('the publishable packages, packed as pnpm publishes them', () => {
  it.each(publishablePackages().map((pkg) => [pkg.name, pkg] as const))(
    '%s: passes publint and attw, with peer dependencies as ranges',
    async (_name, pkg) => {
      // turbo builds dist/ first (this package's test depends on ^build).
      expect(await tarballProblems(packTarball(pkg, destination))).toEqual([]);
    },
  );

  it('finds a problem in a broken package (the checks can fail)', async () => {
    const brand = publishablePackages().find((pkg) => pkg.name === '@tender/brand');
    if (!brand) throw new Error('@tender/brand not found');
    const tarball = packTarball(brand, destination);
    // The same tarball without its types: a package whose build lost its declarations.
    const broken = join(destination, 'broken.tgz');
    const { execFileSync } = await import('node:child_process');
    const unpacked = mkdtempSync(join(tmpdir(), 'tender-broken-'));
    execFileSync('tar', ['xzf', tarball, '-C', unpacked]);
    execFileSync('find', [join(unpacked, 'package', 'dist'), '-name', '*.d.ts', '-delete']);
    execFileSync('tar', ['czf', broken, '-C', unpacked, 'package']);
    rmSync(unpacked, { recursive: true, force: true });
    const problems = await tarballProblems(broken);
    expect(problems.some((problem) => problem.startsWith('publint:'))).toBe(true);
  });

  it('marks every other library package private, and its README says why', () => {
    for (const pkg of libraryPackages().filter((candidate) => candidate.private)) {
      expect(readFileSync(join(pkg.dir, 'README.md'), 'utf8'), pkg.name).toMatch(/Private[^.]*:|Private and/);
    }
  });
});

describe('the changelog', () => {
  it.each([
    ['git@github.com:acme/tender.git', 'https://github.com/acme/tender'],
    ['https://gitee.com/acme/tender.git', 'https://gitee.com/acme/tender'],
    ['git+https://gitlab.example.com/group/tender', 'https://gitlab.example.com/group/tender'],
    ['/srv/git/tender', null],
  ])('reads the web address of %s', (remote, web) => {
    expect(changelog.webUrlOf(remote)).toBe(web);
  });

  it('names the commit of each entry and keeps its further lines indented', async () => {
    const line = await changelog.getReleaseLine({
      summary: '登录页：二维码登录\n\n细节在 docs/',
      commit: '0123456789abcdef0123456789abcdef01234567',
    });
    expect(line).toMatch(
      /^- (\[`0123456`\]\(https?:\/\/\S+\/commit\/0123456789abcdef0123456789abcdef01234567\)|`0123456`): 登录页：二维码登录\n\s*\n {2}细节在 docs\/$/,
    );
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distExportProblems } from '../src/dist-exports';
import { publishablePackages } from '../src/packages';

const publishable = publishablePackages();
let problems: string[];

beforeAll(async () => {
  // turbo builds dist/ first (this package's test depends on ^build).
  problems = await distExportProblems(publishable);
}, 90_000);

describe('the publishable packages, imported from their built dist/ in plain Node', () => {
  it.each(publishable.map((pkg) => [pkg.name] as const))(
    '%s: every export imports and has its types file',
    (name) => {
      expect(problems.filter((problem) => problem.startsWith(`${name} `))).toEqual([]);
    },
  );

  it('reports nothing outside a package', () => {
    expect(
      problems.filter((problem) => !publishable.some((pkg) => problem.startsWith(`${pkg.name} `))),
    ).toEqual([]);
  });

  it('names the package and export whose dist file is missing (the check can fail)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tender-dist-'));
    try {
      const exportsField = { './theme': { types: './dist/theme.d.ts', import: './dist/theme.js' } };
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({ name: '@tender/unbuilt', exports: exportsField }),
      );
      const pkg = { name: '@tender/unbuilt', version: '0.0.0', dir, private: false };
      expect(await distExportProblems([pkg])).toEqual([
        '@tender/unbuilt export "./theme": types file dist/theme.d.ts is missing',
        '@tender/unbuilt export "./theme": module dist/theme.js is missing',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

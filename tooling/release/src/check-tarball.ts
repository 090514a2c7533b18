import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPackage, createPackageFromTarballData } from '@arethetypeswrong/core';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

/**
 * Resolutions an ESM-only package does not serve (attw's `esm-only` profile): the packages export `import`
 * conditions only, for bundlers and Node's ESM loader.
 */
const unservedResolutions = new Set(['node10', 'node16-cjs']);

/** A peer range a consuming app can meet: `^19.0.0`, not the exact version we happen to build with. */
const peerRange = /^(\^|>=|~)\d/;

/**
 * What is wrong with a packed package, as one line each: publint's errors and warnings, attw's type
 * resolution problems, and exact peer pins.
 */
export async function tarballProblems(tarball: string): Promise<string[]> {
  const problems: string[] = [];
  const unpacked = mkdtempSync(join(tmpdir(), 'tender-package-'));
  try {
    execFileSync('tar', ['xzf', tarball, '-C', unpacked]);
    const pkgDir = join(unpacked, 'package');
    const { messages, pkg } = await publint({ pkgDir, pack: false, level: 'warning' });
    for (const message of messages) problems.push(`publint: ${formatMessage(message, pkg) ?? message.code}`);
    const manifest = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
    for (const [name, range] of Object.entries<string>(manifest.peerDependencies ?? {})) {
      if (!peerRange.test(range))
        problems.push(`peerDependencies.${name}: "${range}" pins a version; use a range`);
    }
  } finally {
    rmSync(unpacked, { recursive: true, force: true });
  }
  const analysis = await checkPackage(createPackageFromTarballData(new Uint8Array(readFileSync(tarball))));
  if (!analysis.types) problems.push('attw: the package ships no types');
  else {
    for (const problem of analysis.problems) {
      if ('resolutionKind' in problem && unservedResolutions.has(problem.resolutionKind)) continue;
      const where = 'entrypoint' in problem ? ` at "${problem.entrypoint}"` : '';
      const how = 'resolutionKind' in problem ? ` (${problem.resolutionKind})` : '';
      problems.push(`attw: ${problem.kind}${where}${how}`);
    }
  }
  return problems;
}

import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repositoryRoot = resolve(import.meta.dirname, '../../..');
const pnpm = join(repositoryRoot, 'node_modules', '.bin', 'pnpm');

export interface LibraryPackage {
  name: string;
  version: string;
  dir: string;
  /** Not published: deployed (the server) or used by tests only; its README says which. */
  private: boolean;
}

/** Every package under packages/ (apps and tooling are never published). */
export function libraryPackages(): LibraryPackage[] {
  const packagesDir = join(repositoryRoot, 'packages');
  return readdirSync(packagesDir)
    .filter((name) => existsSync(join(packagesDir, name, 'package.json')))
    .sort()
    .map((name) => {
      const dir = join(packagesDir, name);
      const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      return { name: manifest.name, version: manifest.version, dir, private: manifest.private === true };
    });
}

export function publishablePackages(): LibraryPackage[] {
  return libraryPackages().filter((pkg) => !pkg.private);
}

/**
 * Packs a package as `pnpm publish` would (publishConfig applied, `workspace:` and `catalog:` replaced) into
 * `destination`; returns the tarball's path.
 */
export function packTarball(pkg: LibraryPackage, destination: string): string {
  const output = execFileSync(pnpm, ['pack', '--pack-destination', destination], {
    cwd: pkg.dir,
    encoding: 'utf8',
  });
  const tarball = output
    .trim()
    .split('\n')
    .findLast((line) => line.endsWith('.tgz'));
  if (!tarball) throw new Error(`pnpm pack printed no tarball for ${pkg.name}:\n${output}`);
  return tarball.trim();
}

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The server package folder, found from wherever this code runs: `src/` under tests, `dist/` when bundled.
 */
function findPackageRoot(start: string): string {
  let dir = start;
  while (!existsSync(join(dir, 'migrations'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`找不到服务端的 migrations 目录（从 ${start} 向上查找）`);
    dir = parent;
  }
  return dir;
}

export const serverPackageRoot = findPackageRoot(import.meta.dirname);
export const migrationsDir = join(serverPackageRoot, 'migrations');
export const repositoryRoot = join(serverPackageRoot, '..', '..');

import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const repositoryRoot = resolve(import.meta.dirname, '../../..');
export const appsDir = join(repositoryRoot, 'apps');
/** Where the e2e tests save the screens they walk through (docs/screens.md), written anew each run. */
export const screensDir = join(repositoryRoot, 'docs', 'screenshots', 'screens');

/** Every brand app under apps/ (the folder name is the brand id). */
export const BRAND_IDS = readdirSync(appsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

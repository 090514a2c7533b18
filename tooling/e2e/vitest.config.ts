import { readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

// Read here rather than imported from src/brands.ts: Vite's config loader wants no extensionless imports.
const BRAND_IDS = readdirSync(new URL('../../apps', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * Two kinds of project: `bundle-budget` (part of `npm test`, reads the built apps) and one `brand:<id>` project per
 * brand app (`npm run e2e`, real Chromium against the real server that bin/e2e.mjs starts once for all brands).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'bundle-budget', include: ['test/bundle-budget.test.ts'], environment: 'node' },
      },
      ...BRAND_IDS.map((brand) => ({
        test: {
          name: `brand:${brand}`,
          include: ['test/*.e2e.test.ts'],
          environment: 'node',
          env: { E2E_BRAND: brand },
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      })),
    ],
    // One browser at a time: CI has two cores, shared with the server.
    fileParallelism: false,
    maxWorkers: 1,
  },
});

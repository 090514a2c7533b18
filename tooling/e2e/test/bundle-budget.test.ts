import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appsDir, BRAND_IDS } from '../src/brands';
import { gzipBytes, loginRouteFiles, readViteManifest } from '../src/login-route-bundle';

/** Issue 9: the login route of each brand loads at most 250 KB of gzipped JavaScript. */
const LOGIN_ROUTE_BUDGET_BYTES = 250 * 1024;

describe.each(BRAND_IDS)('bundle budget of %s', (brand) => {
  const distDir = join(appsDir, brand, 'dist');

  it('was built (turbo builds the brand apps before this test)', () => {
    expect(existsSync(join(distDir, '.vite', 'manifest.json'))).toBe(true);
  });

  it('loads at most 250 KB of gzipped JavaScript for /login', () => {
    const files = loginRouteFiles(readViteManifest(distDir));
    const total = files.reduce((sum, file) => sum + gzipBytes(join(distDir, file)), 0);
    console.info(`${brand}: /login loads ${files.length} JS files, ${(total / 1024).toFixed(1)} KB gzipped`);
    expect(total).toBeLessThanOrEqual(LOGIN_ROUTE_BUDGET_BYTES);
  });

  it('leaves the main layout and the menu screens out of /login (they load lazily)', () => {
    const manifest = readViteManifest(distDir);
    const files = new Set(loginRouteFiles(manifest));
    const lazyScreens = Object.values(manifest).filter((chunk) =>
      /layout\/main-layout\.tsx$|under-construction-screen\.tsx$/.test(chunk.src ?? ''),
    );
    expect(lazyScreens).toHaveLength(2);
    for (const chunk of lazyScreens) expect(files.has(chunk.file)).toBe(false);
  });
});

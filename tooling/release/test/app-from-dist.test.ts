import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { CHROMIUM_INSTALLED, launchChromium } from '@tender/chromium';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrandAppFromDist, type DistBuild } from '../src/app-from-dist';
import { publishablePackages } from '../src/packages';

/**
 * A brand app built from the packages' published dist/ (turbo builds them first: this package's test depends on
 * ^build), so a dist/ that the workspace sources hide — a file or an export missing from the build — fails here.
 */
const publishable = publishablePackages();
const workDir = mkdtempSync(join(tmpdir(), 'tender-app-from-dist-'));
const outDir = join(workDir, 'portal');
let built: DistBuild;

beforeAll(async () => {
  built = await buildBrandAppFromDist('portal', publishable, outDir);
}, 180_000);

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

/** The built app under /portal/ as the server serves it (unknown paths get index.html); no API behind it. */
function serveApp(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (!path.startsWith('/portal/')) {
      response.writeHead(404).end();
      return;
    }
    const asset = join(outDir, normalize(path.slice('/portal/'.length)));
    const file =
      asset.startsWith(outDir) && extname(asset) && existsSync(asset) ? asset : join(outDir, 'index.html');
    response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('a brand app built from the published dist/', () => {
  it('reads every @tender package from dist/, none from src/', () => {
    expect(built.sourceModules).toEqual([]);
    expect(built.distPackages).toEqual(
      expect.arrayContaining(['app', 'api-client', 'brand', 'contracts', 'ui-kit']),
    );
  });

  it.runIf(CHROMIUM_INSTALLED || process.env.CI === 'true')(
    'opens its login page in Chromium with no uncaught error',
    async () => {
      const server = await serveApp();
      const browser = await launchChromium();
      try {
        const page = await browser.newPage();
        const uncaught: string[] = [];
        page.on('pageerror', (error) => uncaught.push(error.message));
        await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/portal/login`);
        await page.getByRole('button', { name: '登 录' }).waitFor();
        expect(await page.getByText('标桥招标网 - 全国招投标信息服务平台').count()).toBeGreaterThan(0);
        expect(uncaught).toEqual([]);
      } finally {
        await browser.close();
        await new Promise((resolve) => server.close(resolve));
      }
    },
  );

  it('fails the build when a dist/ lacks an export the app imports (the check can fail)', async () => {
    const emptyModule = join(workDir, 'empty-domain.js');
    writeFileSync(emptyModule, 'export {};\n');
    await expect(
      buildBrandAppFromDist('portal', publishable, join(workDir, 'broken'), [
        { find: /^@tender\/domain$/, replacement: emptyModule },
      ]),
    ).rejects.toThrow(/empty-domain\.js/);
  }, 180_000);
});

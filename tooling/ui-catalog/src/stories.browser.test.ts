import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { CHROMIUM_INSTALLED, launchChromium } from '@tender/chromium';
import pixelmatch from 'pixelmatch';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from './brands';

/**
 * Every story of the built catalog (`dist/`, turbo builds it first), for every brand, in Debian's Chromium:
 * axe finds no violation, and the picture matches the committed baseline within a small pixel budget.
 * `UPDATE_VISUAL_BASELINES=1` writes the baselines instead (after a reviewed visual change).
 */
const catalogRoot = join(import.meta.dirname, '..');
const distDir = join(catalogRoot, 'dist');
const baselineDir = join(catalogRoot, 'visual-baselines');
const diffDir = join(catalogRoot, 'visual-diffs');
const updateBaselines = process.env.UPDATE_VISUAL_BASELINES === '1';

const VIEWPORT = { width: 1280, height: 800 };
/** Anti-aliasing may move a few pixels between runs; a changed colour or layout moves thousands. */
const MAX_CHANGED_PIXELS = 400;
const PREVIEW_TIMEOUT_MS = 180_000;

/**
 * axe's WCAG 2.1 A/AA and best-practice rules, as Storybook's a11y panel runs them, less the page-level rules a
 * component shown alone cannot meet (a landmark around all content, one main, an h1).
 */
const axeOptions = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
  rules: {
    region: { enabled: false },
    'landmark-one-main': { enabled: false },
    'page-has-heading-one': { enabled: false },
  },
};

interface StoryEntry {
  type: string;
  id: string;
  title: string;
  name: string;
}

function builtStories(): StoryEntry[] {
  const index = join(distDir, 'index.json');
  if (!existsSync(index)) {
    throw new Error(
      'tooling/ui-catalog/dist is missing: build it first (npm run build, or turbo runs it before test)',
    );
  }
  const entries: Record<string, StoryEntry> = JSON.parse(readFileSync(index, 'utf8')).entries;
  return Object.values(entries).filter((entry) => entry.type === 'story');
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

function serveDist(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^\/+/,
      '',
    );
    const file = join(distDir, path || 'index.html');
    if (!file.startsWith(distDir) || !existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[extname(file)] ?? 'application/octet-stream' });
    response.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface StoryResult {
  violations: string[];
  changedPixels: number | 'no baseline' | 'size changed';
}

/**
 * Opens the catalog's preview once for a brand (axe added once), then switches stories through Storybook's own
 * channel: loading the preview per story costs a second of script parsing each, hundreds of times.
 */
async function openPreview(
  page: Page,
  baseUrl: string,
  brand: string,
  firstStory: StoryEntry,
): Promise<void> {
  // In CI the catalog shares two cores with every other package's tests and builds: parsing the preview's
  // scripts four times at once took over 30 s there, so the wait is for Storybook's own mark, with room.
  await page.goto(`${baseUrl}/iframe.html?id=${firstStory.id}&viewMode=story&globals=brand:${brand}`, {
    waitUntil: 'domcontentloaded',
    timeout: PREVIEW_TIMEOUT_MS,
  });
  // Storybook marks the body when the story has rendered, or when it failed to.
  await page.waitForSelector('body.sb-show-main, body.sb-show-errordisplay', {
    state: 'attached',
    timeout: PREVIEW_TIMEOUT_MS,
  });
  await page.addScriptTag({ content: axeSource });
}

async function showStory(page: Page, story: StoryEntry, first: boolean): Promise<void> {
  if (!first) {
    await page.evaluate(
      (storyId) =>
        new Promise<void>((resolve, reject) => {
          // biome-ignore lint/suspicious/noExplicitAny: Storybook's preview channel, a global of iframe.html.
          const channel = (window as any).__STORYBOOK_ADDONS_CHANNEL__;
          const rendered = () => {
            channel.off('storyRendered', rendered);
            channel.off('storyErrored', failed);
            channel.off('storyThrewException', failed);
            resolve();
          };
          const failed = (error: unknown) => {
            channel.off('storyRendered', rendered);
            reject(new Error(`story ${storyId} failed to render: ${JSON.stringify(error)}`));
          };
          channel.on('storyRendered', rendered);
          channel.on('storyErrored', failed);
          channel.on('storyThrewException', failed);
          channel.emit('setCurrentStory', { storyId, viewMode: 'story' });
        }),
      story.id,
    );
  }
  const failed = await page.$('body.sb-show-errordisplay');
  if (failed)
    throw new Error(`story ${story.id} failed to render: ${await page.textContent('#error-message')}`);
}

/**
 * The picture once the story has settled: a modal centres itself after its data arrives, Mantine's transitions
 * run 150–200 ms and the stories' fake servers answer after up to 300 ms (animations frozen, a spinner looks
 * still, and a story may retry), so the picture must stay the same for 1 s.
 */
async function stablePicture(page: Page): Promise<Buffer> {
  let previous = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  let unchanged = 0;
  for (let attempt = 0; attempt < 30; attempt += 1) {
    await page.waitForTimeout(200);
    const next = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    unchanged = next.equals(previous) ? unchanged + 1 : 0;
    if (unchanged === 5) return next;
    previous = next;
  }
  throw new Error('the story did not settle within 6 s: its picture kept changing');
}

async function checkStory(page: Page, brand: string, story: StoryEntry): Promise<StoryResult> {
  await page.evaluate(() => document.fonts.ready);
  const picture = await stablePicture(page);
  const violations = await page.evaluate(async (options) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is the script added to the page.
    const result = await (window as any).axe.run(document, options);
    return result.violations.map(
      (violation: { id: string; nodes: { target: string[] }[] }) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, axeOptions);

  const baselineFile = join(baselineDir, brand, `${story.id}.png`);
  if (updateBaselines) {
    mkdirSync(join(baselineDir, brand), { recursive: true });
    writeFileSync(baselineFile, picture);
    return { violations, changedPixels: 0 };
  }
  if (!existsSync(baselineFile)) return { violations, changedPixels: 'no baseline' };
  const actual = PNG.sync.read(picture);
  const expected = PNG.sync.read(readFileSync(baselineFile));
  if (actual.width !== expected.width || actual.height !== expected.height) {
    return { violations, changedPixels: 'size changed' };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const changedPixels = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: 0.1,
  });
  if (changedPixels > MAX_CHANGED_PIXELS) {
    mkdirSync(join(diffDir, brand), { recursive: true });
    writeFileSync(join(diffDir, brand, `${story.id}.diff.png`), PNG.sync.write(diff));
    writeFileSync(join(diffDir, brand, `${story.id}.actual.png`), picture);
  }
  return { violations, changedPixels };
}

if (!CHROMIUM_INSTALLED && process.env.CI !== 'true') {
  console.warn(
    'ui-catalog: /usr/bin/chromium is missing, so the stories are not checked (apt-get install chromium)',
  );
}

describe.runIf(CHROMIUM_INSTALLED || process.env.CI === 'true')('every story, for every brand', () => {
  const stories = builtStories();
  const results = new Map<string, Promise<StoryResult>>();
  let browser: Browser;
  let server: Server;

  beforeAll(async () => {
    rmSync(diffDir, { recursive: true, force: true });
    server = await serveDist();
    const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await launchChromium();
    // One page per brand, each walking every story; each test below awaits its own result.
    const settled = new Map<
      string,
      { resolve: (result: StoryResult) => void; reject: (error: unknown) => void }
    >();
    for (const brand of brands) {
      for (const story of stories) {
        const key = `${brand.id}/${story.id}`;
        const result = new Promise<StoryResult>((resolve, reject) => settled.set(key, { resolve, reject }));
        // A test filtered out (-t) never awaits its result; its walk failing when the browser closes is no error.
        result.catch(() => {});
        results.set(key, result);
      }
    }
    for (const brand of brands) {
      const walk = async () => {
        const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
        const [firstStory] = stories;
        if (firstStory) await openPreview(page, baseUrl, brand.id, firstStory);
        for (const [index, story] of stories.entries()) {
          const outcome = settled.get(`${brand.id}/${story.id}`);
          await showStory(page, story, index === 0)
            .then(() => checkStory(page, brand.id, story))
            .then(outcome?.resolve, outcome?.reject);
        }
        await page.close();
      };
      // A walk that cannot start fails the stories of its own brand instead of leaving them waiting.
      walk().catch((error) => {
        for (const story of stories) settled.get(`${brand.id}/${story.id}`)?.reject(error);
      });
    }
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('has stories to check', () => {
    expect(stories.length).toBeGreaterThan(0);
  });

  for (const brand of brands) {
    describe(brand.id, () => {
      it.each(stories.map((story) => [story.id, story] as const))(
        '%s',
        async (_id, story) => {
          const result = await results.get(`${brand.id}/${story.id}`);
          expect(result?.violations, `axe violations:\n${result?.violations.join('\n')}`).toEqual([]);
          expect(
            result?.changedPixels,
            `changed pixels against visual-baselines/${brand.id}/${story.id}.png (diff in visual-diffs/)`,
          ).toSatisfy((changed) => typeof changed === 'number' && changed <= MAX_CHANGED_PIXELS);
        },
        // The first story of a brand waits for its preview to open as well.
        PREVIEW_TIMEOUT_MS + 60_000,
      );
    });
  }
});

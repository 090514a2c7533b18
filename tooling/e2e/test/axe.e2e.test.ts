import { createRequire } from 'node:module';
import { launchChromium } from '@tender/chromium';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paidMember } from '../src/membership';
import { appUrl, currentBrand, memberScreens, openSignedInPage, type SignedInUser } from '../src/session';

const brand = currentBrand();
const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/** WCAG 2.0/2.1 level A and AA: the rules a public Chinese government-facing service is held to (GB/T 37668). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: SignedInUser;

/**
 * Runs axe in the page. The source goes in through the DevTools protocol (`evaluate`), not a script tag, which the
 * app's Content-Security-Policy (script-src 'self') rightly refuses.
 */
async function axeViolations(target: Page = page): Promise<Violation[]> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(axeSource);
  return target.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes
        .slice(0, 5)
        .map(({ target: selector, failureSummary }) => ({ target: selector as string[], failureSummary })),
    }));
  }, AXE_TAGS);
}

/** Opens a route and waits until its calls have answered (the screen shows what it will show). */
async function visit(hash: string): Promise<void> {
  await page.goto(appUrl(brand, hash));
  await page.waitForLoadState('networkidle');
  // The layout's main area, or an error page's heading (/404, /401 stand outside the layout).
  await page.locator('main, h1').first().waitFor();
  await page.waitForTimeout(400);
}

beforeAll(async () => {
  browser = await launchChromium();
  member = await paidMember(brand);
  ({ context, page } = await openSignedInPage(browser, brand, member));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe(`axe on every screen (${brand.id})`, () => {
  it('finds no WCAG A/AA violation on any route of the app, signed in as a member', async () => {
    const { screens, tender } = await memberScreens(brand, member);
    const routes = [...screens, tender.detailRoute, '/404', '/401'];
    const found: Record<string, Violation[]> = {};
    for (const route of routes) {
      await visit(route);
      const violations = await axeViolations();
      if (violations.length) found[route] = violations;
    }
    expect(found).toEqual({});
  });

  it('finds none on the login page either', async () => {
    const signedOut = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const loginPage = await signedOut.newPage();
    await loginPage.goto(appUrl(brand, '/login'));
    await loginPage.getByRole('button', { name: '登 录' }).waitFor();
    const violations = await axeViolations(loginPage);
    await signedOut.close();
    expect(violations).toEqual([]);
  });
});

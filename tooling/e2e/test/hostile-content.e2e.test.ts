import { launchChromium } from '@tender/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUrl } from '../src/server';
import {
  appUrl,
  callApi,
  currentBrand,
  openSignedInPage,
  type SignedInUser,
  signInByApi,
} from '../src/session';

const brand = currentBrand();

/** The announcement of fixtures/hostile-content.ndjson, imported before the server started (bin/e2e.mjs). */
const TITLE = '恶意脚本测试公告';

interface Detail {
  id: number;
  title: string;
  projectName: string | null;
  body: string;
}

let browser: Browser;
let user: SignedInUser;
let itemId: number;

beforeAll(async () => {
  browser = await launchChromium();
  user = await signInByApi(brand);
  const found = await callApi<{ records: { id: number; docType: string }[] }>(
    brand,
    'POST',
    '/webchat/api/searchList',
    { keyword: '恶意脚本测试项目', pageNumber: 1, pageSize: 10 },
    user.token,
  );
  const record = found.data.records.find((candidate) => candidate.docType === 'zb');
  if (!record) throw new Error(`the hostile fixture was not imported: ${found.code} ${found.message}`);
  itemId = record.id;
});

afterAll(async () => {
  await browser?.close();
});

describe(`hostile content on ${brand.id}`, () => {
  it('serves the brand app with the security headers', async () => {
    const response = await fetch(`${serverUrl()}/${brand.id}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });

  it('answers the imported announcement without any markup', async () => {
    const detail = await callApi<Detail>(
      brand,
      'POST',
      '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails',
      { id: itemId },
      user.token,
    );
    expect(detail.code).toBe(200);
    expect(detail.data.title).toBe(TITLE);
    expect(detail.data.projectName).toBe('恶意脚本测试项目');
    expect(detail.data.body).toContain('点击查看附件');
    expect(detail.data.body).toContain('二、采购需求：正文第二段');
    for (const text of [detail.data.title, detail.data.body, detail.data.projectName ?? '']) {
      expect(text).not.toMatch(/<[a-z/!?]|onerror|onload|onclick|javascript:/i);
    }
  });

  it('shows the detail in Chromium with no script of the data running and no CSP violation of the app', async () => {
    const { context, page } = await openSignedInPage(browser, brand, user);
    try {
      const dialogs: string[] = [];
      page.on('dialog', (dialog) => {
        dialogs.push(dialog.message());
        void dialog.dismiss();
      });
      // Anything the policy blocks is recorded: the app's own scripts, styles and images must all be allowed.
      await page.addInitScript(() => {
        const violations: string[] = [];
        Object.defineProperty(window, '__cspViolations', { value: violations });
        document.addEventListener('securitypolicyviolation', (event) =>
          violations.push(`${event.violatedDirective} ${event.blockedURI}`),
        );
      });
      await page.goto(appUrl(brand, `/tender/index?id=${itemId}&type=zb`));
      await page.getByRole('heading', { level: 2, name: TITLE, exact: true }).waitFor();
      const body = page.getByRole('region', { name: '公告正文' });
      await body.getByText('二、采购需求：正文第二段').waitFor();
      await body.getByText('点击查看附件').waitFor();
      expect(await body.getByRole('link', { name: '点击查看附件' }).count()).toBe(0);
      expect(await body.locator('img, script, svg, iframe').count()).toBe(0);
      expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
      const violations = await page.evaluate(
        () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
      );
      // zod probes once whether `Function('')` may run and, refused, parses without it: the policy holds.
      expect(violations.filter((violation) => violation !== 'script-src eval')).toEqual([]);
      expect(dialogs).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

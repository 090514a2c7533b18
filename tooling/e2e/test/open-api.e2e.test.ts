import { join } from 'node:path';
import { launchChromium } from '@tender/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screensDir } from '../src/brands';
import { appUrl, callApi, currentBrand, openSignedInPage, signInByApi } from '../src/session';

/**
 * Issue 31 "Done means": an API key made in 账号设置 spends the member's quotas as the browser does — three tender
 * details viewed through the open API, and the fourth opened in the browser is the free-trial dialog — and a key
 * revoked on the screen is refused at once.
 */

const brand = currentBrand();

interface Item {
  id: number;
  docType: string;
  provinceName: string | null;
}

async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (brand.id !== 'portal') return;
  const options = { path: join(screensDir, `${name}.png`), animations: 'disabled' } as const;
  await page.screenshot(options).catch(() => page.waitForTimeout(500).then(() => page.screenshot(options)));
}

/** An open API call as an outside program makes it: the key in the header, nothing of the brand's client. */
async function openApi(
  method: 'GET' | 'POST',
  path: string,
  key: string,
  params: Record<string, string> = {},
) {
  const origin = new URL(appUrl(brand, '/')).origin;
  const url = new URL(`${origin}/openapi/v1/${path}`);
  if (method === 'GET') for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  const response = await fetch(url, {
    method,
    headers: {
      authorization: `Bearer ${key}`,
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    body: method === 'POST' ? JSON.stringify(params) : undefined,
  });
  return { status: response.status, body: await response.json() };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser.close();
});

describe(`open data API (${brand.id})`, () => {
  it('a key made in 账号设置 spends the browser’s free trial; a revoked key is refused', async () => {
    const user = await signInByApi(brand);
    const { context, page } = await openSignedInPage(browser, brand, user);
    try {
      await page.goto(appUrl(brand, '/infoEdit'));
      const section = page.getByRole('region', { name: 'API 密钥' });
      await section.getByText('今日已调用 0 次，剩余 200 次（每日 200 次）').waitFor();
      await section.getByRole('textbox', { name: '密钥名称' }).fill('CRM 同步');
      await section.getByRole('button', { name: '创建密钥' }).click();
      const secret = (await section.getByTestId('api-key-secret').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^tk_/);
      await section.getByRole('button', { name: '复制密钥' }).waitFor();
      await section.getByRole('table', { name: 'API 密钥' }).getByText('从未使用').waitFor();
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'api-keys-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await section.scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'api-keys-390');
      await page.setViewportSize({ width: 1440, height: 900 });

      // The key's webhook: an https address, its signing secret shown once.
      await section.getByRole('button', { name: 'Webhook CRM 同步' }).click();
      const webhook = page.getByRole('dialog', { name: 'Webhook：CRM 同步' });
      await webhook.getByText('还没有推送').waitFor();
      await webhook.getByRole('textbox', { name: '接收地址' }).fill('https://crm.example.com/tender-hook');
      await webhook.getByRole('button', { name: '保存' }).click();
      expect(await webhook.getByTestId('webhook-secret').textContent()).toMatch(/^whsec_/);
      await saveScreenshot(page, 'api-keys-webhook-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await saveScreenshot(page, 'api-keys-webhook-390');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.keyboard.press('Escape');
      await webhook.waitFor({ state: 'hidden' });

      const { limit } = (
        await callApi<{ limit: number }>(
          brand,
          'GET',
          '/webchat/api/auth/getPermissionNum',
          { type: 'watchZhaobiao' },
          user.token,
        )
      ).data;
      const found = await openApi('POST', 'search-all', secret, { tab: 'zb', pageSize: '20' });
      expect(found.status).toBe(200);
      const records = found.body.data.records as Item[];
      for (const item of records.slice(0, limit)) {
        const viewed = await openApi('GET', 'notice', secret, { id: String(item.id) });
        expect(viewed.status).toBe(200);
      }
      const refused = records[limit] as Item;
      await page.goto(appUrl(brand, `/tender/index?id=${refused.id}&type=${refused.docType}`));
      await page.locator('[data-dialog-type="usedUp"]').getByText('您的免费试用次数已用完！').waitFor();

      // A new page load: the refusal dialog stays over a route changed in the same page (spec §4 closing rules).
      await page.goto(appUrl(brand, '/infoEdit'));
      await page.reload();
      const table = page.getByRole('region', { name: 'API 密钥' }).getByRole('table', { name: 'API 密钥' });
      await table.getByRole('button', { name: '吊销 CRM 同步' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /确/ }).click();
      await page.getByRole('region', { name: 'API 密钥' }).getByText('还没有密钥').waitFor();
      expect((await openApi('POST', 'search', secret, { keyword: '医院' })).status).toBe(401);
    } finally {
      await context.close();
    }
  });
});

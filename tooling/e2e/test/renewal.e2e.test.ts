import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@tender/chromium';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screensDir } from '../src/brands';
import {
  appUrl,
  callApi,
  currentBrand,
  openSignedInPage,
  type SignedInUser,
  signInByApi,
} from '../src/session';

const brand = currentBrand();

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: SignedInUser;

interface ExpiringPage {
  total: number;
  fromDate: string;
  toDate: string;
  records: { title: string; periodText: string; predictedEndDate: string }[];
}

/** What the server lists for this window: the screen must show exactly that. */
async function expiring(withinDays: number): Promise<ExpiringPage> {
  const answer = await callApi<ExpiringPage>(
    brand,
    'POST',
    '/webchat/api/renewal/expiring',
    { withinDays, pageNumber: 1, pageSize: 20 },
    user.token,
  );
  if (answer.code !== 200) throw new Error(`renewal/expiring: ${answer.code} ${answer.message}`);
  return answer.data;
}

const screenList = (name = '即将到期的合同') => page.getByRole('region', { name });

/** The list area shows the server's answer: its count and first titles, or the empty state. */
async function expectShows(expected: ExpiringPage, region = '即将到期的合同'): Promise<void> {
  if (expected.total === 0) {
    await screenList(region).getByText('该时间范围内暂无即将到期的合同').waitFor();
    return;
  }
  await screenList(region)
    .getByText(`${expected.fromDate} 至 ${expected.toDate} 预计到期的合同共 ${expected.total} 条`)
    .waitFor();
  const items = screenList(region).getByRole('list').getByRole('article');
  expect(await items.count()).toBe(expected.records.length);
  const first = expected.records[0] as ExpiringPage['records'][number];
  await items.first().getByText(`预计 ${first.predictedEndDate} 到期`).waitFor();
  await items.first().getByText(first.periodText, { exact: false }).waitFor();
}

beforeAll(async () => {
  user = await signInByApi(brand);
  browser = await launchChromium();
  ({ context, page } = await openSignedInPage(browser, brand, user));
  mkdirSync(screensDir, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe(`即将到期 (${brand.id})`, () => {
  it('lists the contracts ending within the chosen window, with their evidence, and manages the 到期订阅', async () => {
    await page.goto(appUrl(brand, '/subscribe/expiring'));
    await page.getByRole('heading', { name: '即将到期' }).waitFor();
    // The menu the server serves names the screen.
    await page.getByRole('link', { name: '即将到期' }).first().waitFor();
    await expectShows(await expiring(90));

    await page.getByText('180 天内').click();
    await expectShows(await expiring(180));
    if (brand.id === 'portal') {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.screenshot({ path: join(screensDir, 'renewal-expiring-1440.png'), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(screensDir, 'renewal-expiring-390.png'), fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
    }
    await page.getByText('30 天内').click();
    await expectShows(await expiring(30));

    const subscription = page.getByRole('region', { name: '我的到期订阅' });
    await subscription.getByText('尚未订阅', { exact: false }).waitFor();
    await subscription.getByRole('button', { name: '按当前条件订阅' }).click();
    await subscription.getByText('全国，全部行业，30 天内到期').waitFor();
    const saved = await callApi<{ withinDays: number } | null>(
      brand,
      'GET',
      '/webchat/api/renewal/subscription',
      {},
      user.token,
    );
    expect(saved.data).toMatchObject({ withinDays: 30, area: [], industry: [] });

    await subscription.getByRole('button', { name: '查看订阅匹配' }).click();
    await expectShows(await expiring(30), '我的到期订阅匹配');

    await subscription.getByRole('button', { name: '取消订阅' }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await subscription.getByText('尚未订阅', { exact: false }).waitFor();
    const removed = await callApi(brand, 'GET', '/webchat/api/renewal/subscription', {}, user.token);
    expect(removed.data).toBeNull();
  });
});

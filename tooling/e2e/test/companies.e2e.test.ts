import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@tender/chromium';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screensDir } from '../src/brands';
import { buyMembership } from '../src/membership';
import {
  appUrl,
  callApi,
  currentBrand,
  openSignedInPage,
  type SignedInUser,
  signInByApi,
} from '../src/session';

const brand = currentBrand();
const analysis = brand.flags.analysis;
const COMPANY_SEARCH = '/enterpriseAnalysis/informationQuery/erterInformation';
const MARKET_ANALYSIS = '/enterpriseAnalysis/informationQuery/marketAnalysis';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: SignedInUser;

const hashPath = () => new URL(page.url()).hash.replace(/^#/, '').split('?')[0];
const waitForPath = (path: string) =>
  page.waitForFunction((expected) => location.hash.split('?')[0] === `#${expected}`, path);
const region = (name: string) => page.getByRole('region', { name, exact: true });

/** Screenshots of the portal's screens for docs/screens.md; a busy machine occasionally fails one, so twice. */
async function saveScreenshot(name: string, fullPage = false): Promise<void> {
  if (brand.id !== 'portal') return;
  // Every chart drawn and done animating (EChart marks its region data-chart="finished").
  await page.waitForFunction(() =>
    [...document.querySelectorAll('[data-chart]')].every(
      (chart) => chart.getAttribute('data-chart') === 'finished',
    ),
  );
  const options = { path: join(screensDir, `${name}.png`), animations: 'disabled', fullPage } as const;
  await page.screenshot(options).catch(() => page.waitForTimeout(500).then(() => page.screenshot(options)));
}

beforeAll(async () => {
  browser = await launchChromium();
  user = await signInByApi(brand);
  if (analysis) await buyMembership(brand, user, 'toubiaotong');
  ({ context, page } = await openSignedInPage(browser, brand, user));
  mkdirSync(screensDir, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe.runIf(analysis)(`companies and market analysis, brand ${brand.id}`, () => {
  it('finds a company in 查企业, opens its detail, history and atlas, whose nodes open companies', async () => {
    await page.goto(appUrl(brand, COMPANY_SEARCH));
    await page.getByRole('combobox', { name: '企业名称' }).fill('有限公司');
    await region('查企业').getByText('供应商', { exact: true }).click();
    await page.getByRole('button', { name: '搜 索' }).click();
    const results = region('查询结果');
    const first = results.getByRole('link').first();
    await first.waitFor();
    const name = (await first.textContent()) ?? '';
    expect(name).toContain('有限公司');
    await saveScreenshot('company-search');

    await first.click();
    await waitForPath('/enterpriseDetails');
    await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
    await region('业务数据').getByText('中标次数').waitFor();
    await region('相关信息').getByRole('table').waitFor();
    await saveScreenshot('company-detail');

    await page.getByRole('link', { name: '历史分析' }).click();
    await waitForPath('/enterHistory');
    await region('近 36 个月各角色信息数').locator('canvas').first().waitFor();
    await region('相关信息').getByRole('table').waitFor();
    await page.getByRole('link', { name: '返回企业详情' }).click();
    await waitForPath('/enterpriseDetails');

    await page.getByRole('link', { name: '企业图谱' }).click();
    await waitForPath('/altas');
    const nodes = region('图谱中的企业').getByRole('link');
    await nodes.first().waitFor();
    expect(await nodes.count()).toBeGreaterThan(1);
    await region('关系图').locator('canvas').first().waitFor();
    await saveScreenshot('company-atlas');

    // The list is the graph's keyboard way in: a partner opens its own detail.
    const partner = nodes.nth(1);
    const partnerName = (await partner.textContent()) ?? '';
    await partner.focus();
    await page.keyboard.press('Enter');
    await waitForPath('/enterpriseDetails');
    await page.getByRole('heading', { level: 2, name: partnerName, exact: true }).waitFor();
  });

  it('draws market analysis: totals, the monthly trend, the province tile map and the top lists', async () => {
    await page.goto(appUrl(brand, MARKET_ANALYSIS));
    await region('总览').getByText('信息总数').waitFor();
    await region('逐月走势').locator('canvas').first().waitFor();
    expect(await region('省份分布').getByRole('listitem').count()).toBe(34);
    await region('中标人排行（前 10）').locator('canvas').first().waitFor();
    await saveScreenshot('analysis-market', true);

    // A province tile is a filter: the figures are counted again for that province.
    const busiest = region('省份分布').locator('button[data-shade="5"]').first();
    const label = (await busiest.getAttribute('aria-label')) ?? '';
    await busiest.click();
    await expect
      .poll(() => region('省份分布').getByRole('button', { name: label }).getAttribute('aria-pressed'))
      .toBe('true');
  });

  it('shows the dashboard with the member’s figures and the newest items', async () => {
    await page.goto(appUrl(brand, '/dashboard'));
    await region('本月概况').getByText('本月信息').waitFor();
    await region('近 12 个月走势').locator('canvas').first().waitFor();
    await region('最新信息').getByRole('link').first().waitFor();
    await saveScreenshot('dashboard', true);
  });
});

describe.runIf(!analysis)(`analysis hidden, brand ${brand.id}`, () => {
  it('offers no 企业分析 menu, sends the analysis routes to /404 and refuses the atlas', async () => {
    await page.goto(appUrl(brand, '/dashboard'));
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByText('数据看板').first().waitFor();
    expect(await sidebar.getByText('企业分析').count()).toBe(0);

    for (const path of [COMPANY_SEARCH, MARKET_ANALYSIS]) {
      await page.goto(appUrl(brand, path));
      await waitForPath('/404');
    }

    // Company details stay open to every brand (items link their companies), but the atlas is analysis: the
    // server refuses it for the brand, and the screen says the platform does not offer it.
    const found = await callApi<{ records: { companyId: number }[] }>(
      brand,
      'POST',
      '/webchat/api/company/search',
      { keyword: '有限公司' },
      user.token,
    );
    const companyId = found.data.records[0]?.companyId;
    expect(companyId).toBeDefined();
    await page.goto(appUrl(brand, `/altas?companyId=${companyId}`));
    await page.getByRole('alert').filter({ hasText: '当前平台未开放该功能' }).waitFor();
    expect(hashPath()).toBe('/altas');
    expect(await region('图谱中的企业').count()).toBe(0);
  });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@tender/chromium';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../src/brands';
import {
  appUrl,
  callApi,
  currentBrand,
  DETAIL_PATHS,
  openSignedInPage,
  type SignedInUser,
  signInByApi,
} from '../src/session';

const brand = currentBrand();
const screenshotsDir = join(repositoryRoot, 'docs', 'screenshots', 'shell');

/** The tour a free member of this brand sees: the spec's four where the brand has analysis, else stand-ins. */
const expectedTour = brand.flags.analysis
  ? [
      { title: '数据看板', menu: 'Dashboard' },
      { title: '招标订阅', menu: 'Bidding' },
      { title: '查企业', menu: 'ErterInformation' },
      { title: '招投标市场分析', menu: 'MarketAnalysis' },
    ]
  : [
      { title: '数据看板', menu: 'Dashboard' },
      { title: '招标订阅', menu: 'Bidding' },
      { title: '招投标信息', menu: 'Bid' },
      { title: '我的关注', menu: 'MyFocus' },
    ];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: SignedInUser;

const hashPath = () => new URL(page.url()).hash.slice(1);
const waitForPath = (path: string) =>
  page.waitForFunction((p) => location.hash.slice(1).split('?')[0] === p, path);
const tourCard = () => page.getByTestId('guided-tour');

/** Portal only: the screenshots of docs/screens.md. */
async function saveScreenshot(name: string): Promise<void> {
  if (brand.id !== 'portal') return;
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), animations: 'disabled' });
}

/** Starts the tour as the first profile completion does (the flag in local storage), on the landing page. */
async function startTour(): Promise<void> {
  await page.goto(appUrl(brand, '/subscribe/bidding'));
  await page.getByRole('region', { name: '招标订阅' }).waitFor();
  await page.evaluate(() => {
    localStorage.setItem('guideStep', '1');
    localStorage.removeItem('guidePage');
  });
  await page.reload();
  await tourCard().waitFor();
}

beforeAll(async () => {
  mkdirSync(screenshotsDir, { recursive: true });
  browser = await launchChromium();
  user = await signInByApi(brand);
  ({ context, page } = await openSignedInPage(browser, brand, user));
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe(`the app shell (${brand.id})`, () => {
  it('walks the guided tour’s four steps through the member’s own menus, never to /404 or a paid screen', async () => {
    await startTour();
    for (const [index, step] of expectedTour.entries()) {
      const card = page.getByRole('dialog', { name: step.title });
      await card.waitFor();
      expect(await card.textContent()).toContain(`${index + 1}/4`);
      // A sentence says what the screen is for.
      const sentence = await card.getAttribute('aria-describedby');
      expect((await page.locator(`[id="${sentence}"]`).textContent())?.length).toBeGreaterThan(8);
      // Its menu entry is outlined in the sidebar (its group opened).
      const highlighted = page.locator('[data-guided]');
      await highlighted.waitFor();
      expect(await highlighted.getAttribute('data-tour-target')).toBe(step.menu);
      expect(await highlighted.isVisible()).toBe(true);
      if (index === 0 || index === 3) await saveScreenshot(`tour-step-${index + 1}-1440`);
      expect(hashPath()).not.toContain('/404');
      if (index < 3) {
        await card.getByRole('button', { name: '知道了' }).click();
        await page.getByRole('dialog', { name: expectedTour[index + 1]?.title }).waitFor();
      }
    }
    // A free member is not led onto the paid 招投标市场分析: the page stays on 查企业, the card says why.
    if (brand.flags.analysis) {
      expect(hashPath()).toBe('/enterpriseAnalysis/informationQuery/erterInformation');
      expect(await tourCard().textContent()).toContain('开通会员后即可使用');
    } else {
      expect(hashPath()).toBe('/myFocus');
    }
    await tourCard().getByRole('button', { name: '立即体验' }).click();
    await waitForPath('/informationQuery/bid');
    expect(await tourCard().count()).toBe(0);
    await page.reload();
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    expect(await tourCard().count()).toBe(0);
  });

  it('ends the tour when the member leaves its page another way: the card does not follow them', async () => {
    await startTour();
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '浏览记录' }).click();
    await waitForPath('/BrowsingHistory');
    await page.getByRole('region', { name: '浏览记录' }).waitFor();
    expect(await tourCard().count()).toBe(0);
    await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '数据看板' }).click();
    await waitForPath('/dashboard');
    expect(await tourCard().count()).toBe(0);
  });

  it('keeps a detail tab’s query: two details are two tabs, and a reopened one shows its item', async () => {
    const answer = await callApi<{ records: { id: number; docType: string; title: string }[] }>(
      brand,
      'POST',
      '/webchat/api/searchAllList',
      { tab: 'zb', pageNumber: 1, pageSize: 20 },
      user.token,
    );
    const [first, second] = answer.data.records;
    if (!first || !second) throw new Error('the demo data has fewer than two 招标公告');
    const detailHash = (item: typeof first) =>
      `${DETAIL_PATHS[item.docType]}?id=${item.id}&type=${item.docType}`;
    const heading = (item: typeof first) =>
      page.getByRole('heading', { level: 2, name: item.title, exact: true });
    await page.goto(appUrl(brand, detailHash(first)));
    await heading(first).waitFor();
    await page.goto(appUrl(brand, detailHash(second)));
    await heading(second).waitFor();
    const tabs = page.getByRole('navigation', { name: '已打开的页面' }).getByRole('listitem');
    const paths = await tabs.evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('data-path')),
    );
    expect(paths.filter((path) => path?.startsWith(DETAIL_PATHS[first.docType] ?? '-'))).toEqual([
      detailHash(first),
      detailHash(second),
    ]);
    // Away to another tab, then back to the first detail: its own item, not "missing id".
    await page.locator(`li[data-path="/subscribe/bidding"]`).getByRole('button').first().click();
    await waitForPath('/subscribe/bidding');
    await page
      .locator(`li[data-path="${detailHash(first)}"]`)
      .getByRole('button')
      .first()
      .click();
    await heading(first).waitFor();
    expect(hashPath()).toBe(detailHash(first));
    // 刷新 goes through /redirect{fullPath} and comes back to the same item.
    await page.locator(`li[data-path="${detailHash(first)}"]`).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '刷新' }).click();
    await page.waitForFunction((hash) => location.hash.slice(1) === hash, detailHash(first));
    await heading(first).waitFor();
    expect(hashPath()).toBe(detailHash(first));
  });

  it('shows the level badge, the user popover and the settings panel in Chinese', async () => {
    await page.goto(appUrl(brand, '/dashboard'));
    await page.getByTestId('member-badge').hover();
    await page.getByRole('tooltip', { name: '当前为普通用户（未开通会员）' }).waitFor();
    await page.getByRole('button', { name: user.realUserName }).click();
    const popover = page.getByRole('dialog').filter({ hasText: '退出登录' });
    await popover.waitFor();
    expect(await popover.getByTestId('popover-user-phone').textContent()).toBe(
      `${user.mobile.slice(0, 3)}****${user.mobile.slice(-4)}`,
    );
    await saveScreenshot('user-popover-1440');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '布局设置' }).click();
    const panel = page.getByRole('dialog', { name: '系统布局配置' });
    await panel.waitFor();
    const text = (await panel.textContent()) ?? '';
    expect(text).not.toMatch(/[A-Za-z]/);
    for (const label of ['显示页签栏', '固定顶栏', '显示侧边栏标志', '菜单只展开一项'])
      expect(text).toContain(label);
    await saveScreenshot('settings-panel-1440');
    await panel.getByRole('button', { name: '关闭' }).click();
    await panel.waitFor({ state: 'detached' });
  });

  it('draws every sidebar entry with an icon, not the first character of its label', async () => {
    await page.goto(appUrl(brand, '/dashboard'));
    const entries = page.getByRole('navigation', { name: '主菜单' }).locator('a, button');
    const count = await entries.count();
    expect(count).toBeGreaterThan(5);
    const withIcon = await entries.evaluateAll(
      (elements) => elements.filter((element) => element.querySelector('svg.tabler-icon')).length,
    );
    expect(withIcon).toBe(count);
    await saveScreenshot('layout-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await page.getByRole('navigation', { name: '主菜单' }).waitFor();
    await saveScreenshot('layout-sidebar-390');
    await page.keyboard.press('Escape');
    await startTour();
    await saveScreenshot('tour-step-1-390');
    await tourCard().getByRole('button', { name: '跳过' }).click();
    await waitForPath('/dashboard');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('shows a Chinese error page with 重试 and 返回首页 when a screen cannot render', async () => {
    const chunk = /\/assets\/browsing-history-screen-[^/]+\.js$/;
    await page.route(chunk, (route) => route.abort());
    await page.goto(appUrl(brand, '/BrowsingHistory'));
    // The one reload for a missing chunk, then the error page instead of the router's default.
    const error = page.getByRole('alert').filter({ hasText: '页面出错了' });
    await error.waitFor({ timeout: 15_000 });
    expect(await error.getByRole('button', { name: '重试' }).count()).toBe(1);
    expect(await error.getByRole('link', { name: '返回首页' }).count()).toBe(1);
    await saveScreenshot('error-page-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot('error-page-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.unroute(chunk);
    await error.getByRole('button', { name: '重试' }).click();
    await page.getByRole('region', { name: '浏览记录' }).waitFor();
  });
});

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@tender/chromium';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
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

interface SavedGroup {
  id: number;
  name: string;
  includeWords: string[];
}

/** The titles of the newest 招标/更正公告 (a tender group's kinds) with `word` in the title, as searchList finds them. */
async function tenderTitles(user: SignedInUser, word: string): Promise<string[]> {
  const answer = await callApi<{ records: { title: string }[] }>(
    brand,
    'POST',
    '/webchat/api/searchList',
    {
      keyword: word,
      searchType: 20,
      searchPattern: 30,
      docchnnel: ['zb', 'bg'],
      pageNumber: 1,
      pageSize: 20,
    },
    user.token,
  );
  if (answer.code !== 200) throw new Error(`searchList ${word}: ${answer.code} ${answer.message}`);
  return answer.data.records.map((record) => record.title);
}

/**
 * Two 2-character words the demo corpus has in 招标公告 titles, from the matcher's recommended keywords: the first
 * to create a group with, the second naming at least one title the first does not (so adding it brings new items).
 */
async function subscribableWords(user: SignedInUser): Promise<[string, string]> {
  const recommended = await callApi<{ word: string }[]>(
    brand,
    'POST',
    '/webchat/api/monitor-keyword/list-recommend-keyword',
    { size: 50 },
    user.token,
  );
  const candidates = recommended.data
    .map((entry) => entry.word)
    .filter((word) => /^[\u4e00-\u9fff]{2}$/.test(word));
  let first: string | undefined;
  for (const word of candidates) {
    const titles = await tenderTitles(user, word);
    if (first === undefined && titles.length > 0) first = word;
    else if (first !== undefined && titles.some((title) => !title.includes(first as string))) {
      return [first, word];
    }
  }
  throw new Error(`no two subscribable words among ${candidates.join('、')}`);
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let user: SignedInUser;
let words: [string, string];

const screen = () => page.getByRole('region', { name: '招标订阅' });
const groupNav = () => screen().getByRole('navigation', { name: '订阅分组' });
const feedItems = () => screen().getByRole('list', { name: '订阅信息' }).getByRole('listitem');

async function saveScreenshot(name: string): Promise<void> {
  const options = { path: join(screensDir, `${name}.png`), animations: 'disabled' } as const;
  await page.screenshot(options).catch(() => page.waitForTimeout(500).then(() => page.screenshot(options)));
}

async function titlesOf(items: Locator): Promise<string[]> {
  return items.getByRole('link').allTextContents();
}

async function openBidding(): Promise<void> {
  await page.goto(appUrl(brand, '/subscribe/bidding'));
  await screen().waitFor();
}

beforeAll(async () => {
  user = await signInByApi(brand);
  words = await subscribableWords(user);
  browser = await launchChromium();
  ({ context, page } = await openSignedInPage(browser, brand, user));
  mkdirSync(screensDir, { recursive: true });
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe(`subscriptions (${brand.id})`, () => {
  it('creates a group with a 2-character word on /subscribe/bidding and sees its matching items', async () => {
    const [word] = words;
    await openBidding();
    // A first-time user sees how to create a group and the level's limit.
    await screen().getByRole('heading', { name: '还没有订阅分组' }).waitFor();
    await screen()
      .getByText(/招标信息：已用 0\/\d+ 组/)
      .waitFor();

    await screen().getByRole('button', { name: '新建分组' }).first().click();
    const form = page.getByRole('dialog', { name: '新建订阅分组' });
    await form.getByRole('combobox', { name: '订阅关键词' }).fill(word);
    await form.getByRole('combobox', { name: '订阅关键词' }).press('Enter');
    await form.getByText(`“${word}”近 30 天标题命中`, { exact: false }).waitFor();
    await form.getByRole('button', { name: '保 存' }).click();
    await form.waitFor({ state: 'hidden' });

    await groupNav()
      .getByRole('button', { name: new RegExp(`^${word}`) })
      .first()
      .waitFor();
    await screen()
      .getByText(/招标信息：已用 1\/\d+ 组/)
      .waitFor();
    await feedItems().first().waitFor();
    const titles = await titlesOf(feedItems());
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain(word);
    const feed = await callApi<{ total: number }>(
      brand,
      'POST',
      '/webchat/api/subscribe/feed/list',
      { feed: 'bidding' },
      user.token,
    );
    expect(feed.data.total).toBeGreaterThan(0);
    await screen().getByText(`共 ${feed.data.total} 条`, { exact: false }).first().waitFor();
    if (brand.id === 'portal') await saveScreenshot('subscribe-bidding');

    // An item opens its detail route with the id and type the detail screens read.
    await feedItems().first().getByRole('link').click();
    await page.waitForFunction(() => /^#\/tender\/index\?id=\d+&type=(zb|bg)$/.test(location.hash));
  });

  it("announces over the websocket the items a group's new word brings, and shows them", async () => {
    const [word, second] = words;
    await openBidding();
    await feedItems().first().waitFor();
    const list = await callApi<{ groups: SavedGroup[] }>(
      brand,
      'POST',
      '/webchat/api/subscribe/group/list',
      { kind: 'tender' },
      user.token,
    );
    const [group] = list.data.groups;
    expect(group?.includeWords).toEqual([word]);
    // Saved elsewhere (another tab, the API): the server backfills the new word's items and pushes them.
    const saved = await callApi(
      brand,
      'POST',
      '/webchat/api/subscribe/group/save',
      { id: group?.id, kind: 'tender', name: group?.name, includeWords: [word, second] },
      user.token,
    );
    expect(saved.code).toBe(200);
    const notice = screen().getByText(/^\d+ 条新信息$/);
    await notice.waitFor();
    await screen().getByRole('button', { name: '点击查看' }).click();
    await notice.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await titlesOf(feedItems())).some((title) => title.includes(second)))
      .toBe(true);
  });

  it.runIf(brand.id === 'portal')('saves screenshots of 拟建项目订阅 and 业主监控', async () => {
    // The save's message (3 s) would cover the screens.
    await page.getByText('分组已保存，正在为您匹配信息').waitFor({ state: 'hidden' });
    await page.goto(appUrl(brand, '/subscribe/upfront'));
    await page
      .getByRole('region', { name: '拟建项目订阅' })
      .getByText(/拟建项目：/)
      .waitFor();
    await saveScreenshot('subscribe-upfront');
    await page.goto(appUrl(brand, '/monitor/owner'));
    const monitor = page.getByRole('region', { name: '业主监控' });
    const add = monitor.getByRole('region', { name: '添加业主' });
    await add.waitFor();
    await add.getByRole('textbox', { name: '企业名称' }).fill('医院');
    await add.getByRole('button', { name: '搜 索' }).click();
    await monitor.getByRole('list', { name: '搜索结果' }).or(monitor.getByText('没有找到名称包含')).waitFor();
    await saveScreenshot('monitor-owner');
  });

  it('edits and deletes the group', async () => {
    const [word] = words;
    await openBidding();
    const group = groupNav()
      .getByRole('button', { name: new RegExp(`^${word}`) })
      .first();
    await group.waitFor();
    await screen()
      .getByRole('button', { name: /^编辑 / })
      .click();
    const form = page.getByRole('dialog', { name: '编辑订阅分组' });
    await form.getByRole('textbox', { name: '分组名称' }).fill('我的测试分组');
    await form.getByRole('radio', { name: '全文' }).check();
    await form.getByRole('button', { name: '保 存' }).click();
    await form.waitFor({ state: 'hidden' });
    await groupNav()
      .getByRole('button', { name: /^我的测试分组/ })
      .waitFor();

    await screen().getByRole('button', { name: '删除 我的测试分组' }).click();
    const confirm = page.getByRole('dialog', { name: '操作提示' });
    await confirm.getByRole('button', { name: '确 定' }).click();
    await screen().getByRole('heading', { name: '还没有订阅分组' }).waitFor();
    await screen()
      .getByText(/招标信息：已用 0\/\d+ 组/)
      .waitFor();
  });
});

import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from '@tender/chromium';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screensDir } from '../src/brands';
import { buyMembership } from '../src/membership';
import {
  appUrl,
  callApi,
  currentBrand,
  DETAIL_PATHS,
  type DemoItem,
  openSignedInPage,
  type SignedInUser,
  signInByApi,
} from '../src/session';

const brand = currentBrand();

/** A tab of 全部搜索 over the demo corpus (DEMO_SIZE=200), newest first. */
async function demoItems(user: SignedInUser, tab: string): Promise<DemoItem[]> {
  const answer = await callApi<{ records: DemoItem[] }>(
    brand,
    'POST',
    '/webchat/api/searchAllList',
    { tab, pageNumber: 1, pageSize: 20 },
    user.token,
  );
  if (answer.code !== 200) throw new Error(`searchAllList ${tab}: ${answer.code} ${answer.message}`);
  return answer.data.records;
}

/** Opens an item's detail screen as a list links to it (`?id=&type=`). */
async function openDetail(page: Page, item: DemoItem): Promise<void> {
  await page.goto(appUrl(brand, `${DETAIL_PATHS[item.docType]}?id=${item.id}&type=${item.docType}`));
}

/** The detail's heading: the item's title, once the gated view answered. */
const detailHeading = (page: Page, item: DemoItem) =>
  page.getByRole('heading', { level: 2, name: item.title, exact: true });

/** The permission dialog the layout shows for a gate refusal, by the dialog type the server named. */
const permissionDialog = (page: Page, type: string) => page.locator(`[data-dialog-type="${type}"]`);

/**
 * The member of one province an operator granted for a brand that does not sell online (bin/e2e.mjs,
 * E2E_OPERATOR_MEMBERS); undefined where the brand sells memberships itself.
 */
function regionalMemberOfOperator(): (SignedInUser & { province: string }) | undefined {
  if (brand.flags.payment) return undefined;
  const members = JSON.parse(process.env.E2E_OPERATOR_MEMBERS ?? '{}') as Record<
    string,
    SignedInUser & { province: string }
  >;
  const member = members[brand.id];
  if (!member) throw new Error(`bin/e2e.mjs granted no operator member for ${brand.id}`);
  return member;
}

let browser: Browser;
/**
 * One account goes through the file in order — putong on its free trial, then a member of one province, then 企业版 —
 * so the brand's run signs in once: each sign-in is an SMS send, which a production server limits per IP.
 */
let user: SignedInUser;
let tenders: DemoItem[];

beforeAll(async () => {
  browser = await launchChromium();
  mkdirSync(screensDir, { recursive: true });
  user = await signInByApi(brand);
  tenders = await demoItems(user, 'zb');
});

afterAll(async () => {
  await browser?.close();
});

/** Portal only: the screenshots of docs/screens.md. */
async function saveScreenshot(page: Page, name: string): Promise<void> {
  if (brand.id !== 'portal') return;
  const options = {
    path: join(screensDir, `${name}.png`),
    fullPage: false,
    animations: 'disabled',
  } as const;
  await page.screenshot(options).catch(() => page.waitForTimeout(500).then(() => page.screenshot(options)));
}

describe(`detail screens (${brand.id})`, () => {
  it('opens a tender announcement of the demo data with its fields and text, follows it, and lists it in 我的浏览历史', async () => {
    const item = tenders[0];
    if (!item) throw new Error('the demo corpus has no 招标公告');
    const { context, page } = await openSignedInPage(browser, brand, user);
    try {
      await openDetail(page, item);
      await detailHeading(page, item).waitFor();
      // The same view again today costs nothing: the API's answer is what the screen must show.
      const detail = await callApi<{
        projectName: string | null;
        budget: { wanYuanText: string } | null;
        purchasers: { name: string }[];
        regionText: string;
        body: string;
      }>(brand, 'POST', '/webchat/api/zhaozhongbiaoDetails/selZhaobiaoDetails', { id: item.id }, user.token);
      const fields = page.getByRole('region', { name: '基本信息' });
      const field = (label: string) =>
        fields.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd');
      if (detail.data.projectName)
        expect(await field('项目名称').textContent()).toBe(detail.data.projectName);
      if (detail.data.budget)
        expect(await field('预算金额').textContent()).toBe(detail.data.budget.wanYuanText);
      expect(await field('所属地区').textContent()).toBe(detail.data.regionText);
      const purchaser = detail.data.purchasers[0]?.name;
      if (purchaser) expect(await field('采购人').textContent()).toContain(purchaser);
      const firstLine =
        detail.data.body
          .split('\n')
          .find((line) => line.trim())
          ?.trim() ?? '';
      await page.getByRole('region', { name: '公告正文' }).getByText(firstLine, { exact: true }).waitFor();
      await saveScreenshot(page, 'detail-tender');

      await page.getByRole('button', { name: '关注', exact: true }).click();
      await page.getByRole('button', { name: '取消关注' }).waitFor();
      const follows = await callApi<{ records: { id: number }[] }>(
        brand,
        'POST',
        '/webchat/api/user-browse-collection/collection/list',
        {},
        user.token,
      );
      expect(follows.data.records.map((record) => record.id)).toContain(item.id);
      const history = await callApi<{ records: { id: number }[] }>(
        brand,
        'POST',
        '/webchat/api/user-browse-collection/browse/list',
        {},
        user.token,
      );
      expect(history.data.records.map((record) => record.id)).toContain(item.id);

      // The follow is the server's: a reload still shows it.
      await page.reload();
      await page.getByRole('button', { name: '取消关注' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('gives a putong account the free-trial usedUp dialog on the detail past its quota, and closes the page', async () => {
    // The seeded quota (docs/business-rules.md: 3 free-trial views), as the server reports it; the first test
    // spent one of them.
    const quota = await callApi<{ limit: number }>(
      brand,
      'GET',
      '/webchat/api/auth/getPermissionNum',
      { type: 'watchZhaobiao' },
      user.token,
    );
    expect(quota.data.limit).toBe(3);
    const items = tenders.slice(0, quota.data.limit + 1);
    const { context, page } = await openSignedInPage(browser, brand, user);
    try {
      for (const item of items.slice(1, -1)) {
        await openDetail(page, item);
        await detailHeading(page, item).waitFor();
      }
      const refused = items.at(-1) as DemoItem;
      await openDetail(page, refused);
      const dialog = permissionDialog(page, 'usedUp');
      await dialog.getByText('您的免费试用次数已用完！').waitFor();
      await dialog.getByRole('button', { name: '开通会员' }).waitFor();
      // The page behind the dialog says the server's refusal, not the item.
      await page.getByRole('main').getByText('您的免费试用次数已用完！').waitFor();
      expect(await detailHeading(page, refused).count()).toBe(0);
      await saveScreenshot(page, 'membership-used-up-dialog');

      // spec §4: closing usedUp with closePage leaves the detail page.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !location.hash.startsWith('#/tender/index'));
    } finally {
      await context.close();
    }
  });

  it('gives a member of one purchased province the singleProvice dialog naming both provinces', async () => {
    // A brand that sells online: bought through the sandbox; otherwise an operator granted it (bin/e2e.mjs).
    const operatorMember = regionalMemberOfOperator();
    const home =
      operatorMember?.province ?? (tenders.find((item) => item.provinceName)?.provinceName as string);
    const inside = tenders.find((item) => item.provinceName === home) as DemoItem;
    const outside = tenders.find((item) => item.provinceName && item.provinceName !== home) as DemoItem;
    const member = operatorMember ?? user;
    if (!operatorMember) await buyMembership(brand, user, 'toubiaotong', [home]);
    const { context, page } = await openSignedInPage(browser, brand, member);
    try {
      await openDetail(page, inside);
      await detailHeading(page, inside).waitFor();

      await openDetail(page, outside);
      const dialog = permissionDialog(page, 'singleProvice');
      await dialog
        .getByText(`您的会员地区为${home}，该信息属于${outside.provinceName}，您未开通，无法查看`)
        .waitFor();
      await dialog.getByText(`会员地区：${home}`).waitFor();
      await dialog.getByText(`信息所在地区：${outside.provinceName}`).waitFor();
      await dialog.getByRole('button', { name: '开通更多地区' }).waitFor();
      expect(await detailHeading(page, outside).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it.skipIf(!brand.flags.payment)('shows every detail type to an enterprise member', async () => {
    await buyMembership(brand, user, 'qiye');
    const { context, page } = await openSignedInPage(browser, brand, user);
    try {
      const screens: [tab: string, screenshot: string, region: string][] = [
        ['jg', 'detail-award', '中标信息'],
        ['nj', 'detail-proposed', '项目信息'],
        ['sp', 'detail-approval', '审批流程'],
        ['yg', 'detail-forecast', '公告正文'],
        ['yx', 'detail-intention', '公告正文'],
      ];
      for (const [tab, screenshot, region] of screens) {
        const item = (await demoItems(user, tab)).find((candidate) => candidate.docType === tab);
        if (!item) throw new Error(`the demo corpus has no ${tab}`);
        await openDetail(page, item);
        await detailHeading(page, item).waitFor();
        await page.getByRole('region', { name: region }).waitFor();
        // qiye's contacts are visible: nothing is masked.
        expect(await page.getByText(/联系方式已隐藏/).count()).toBe(0);
        // The project-monitor count loads beside the view; the screenshot waits for it.
        await page.getByText(/^已监控 /).waitFor();
        await saveScreenshot(page, screenshot);
      }

      // The last item's actions: monitor its project, its source link, its text as a file.
      await page.getByRole('button', { name: '监控项目' }).click();
      await page.getByRole('button', { name: '取消监控' }).waitFor();
      await page.getByRole('button', { name: '查看原文' }).click();
      // The source link is the one whose text is its address (the region also links to 项目分析).
      const sourceLink = page
        .getByRole('region', { name: '操作' })
        .getByRole('link', { name: /^https?:\/\// });
      expect(await sourceLink.getAttribute('href')).toMatch(/^https?:\/\//);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: '下载公告' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/\.txt$/);
      const text = readFileSync(await download.path(), 'utf8');
      const title = (await page.getByRole('heading', { level: 2 }).textContent()) ?? '';
      expect(text).toContain(title);
    } finally {
      await context.close();
    }
  });
  it.skipIf(!brand.flags.payment)(
    'shows a notice and its repost from another site as one item that names both sources (fixtures/reposted-notice.ndjson)',
    async () => {
      // The user is 企业版 since the test before: the view and the source links pass its gates.
      const found = await callApi<{ records: DemoItem[] }>(
        brand,
        'POST',
        '/webchat/api/searchList',
        { keyword: '医用内窥镜设备', searchType: 20, searchPattern: 30, pageNumber: 1 },
        user.token,
      );
      const copies = found.data.records.filter((record) =>
        record.title.includes('南山区第三人民医院医用内窥镜设备'),
      );
      expect(copies).toHaveLength(1);
      const item = copies[0] as DemoItem;
      const { context, page } = await openSignedInPage(browser, brand, user);
      try {
        await openDetail(page, item);
        await detailHeading(page, item).waitFor();
        const fields = page.getByRole('region', { name: '基本信息' });
        const source = fields.locator('dt', { hasText: '来源' }).locator('xpath=following-sibling::dd');
        expect(await source.textContent()).toBe('深圳公共资源交易中心、招标信息聚合网');
        await page.getByRole('button', { name: '查看原文' }).click();
        const actions = page.getByRole('region', { name: '操作' });
        await actions
          .getByRole('link', { name: 'https://www.szggzy.example.gov.cn/notice/SZNS-E2E-2026-0318.html' })
          .waitFor();
        await actions
          .getByRole('link', { name: 'https://www.zhaobiao-aggregator.example.com/zb/8812345.html' })
          .waitFor();
        await actions.getByText('原文链接（招标信息聚合网）：').waitFor();
        for (const width of [1440, 390]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await actions.scrollIntoViewIfNeeded();
          await saveScreenshot(page, `detail-sources-${width}`);
        }
      } finally {
        await context.close();
      }
    },
  );
});

import { join } from 'node:path';
import { launchChromium } from '@tender/chromium';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screensDir } from '../src/brands';
import { paidMember } from '../src/membership';
import { lastSmsCode, serverUrl } from '../src/server';
import {
  appUrl,
  callApi,
  currentBrand,
  memberScreens,
  openSignedInPage,
  type SignedInUser,
  signInByApi,
  uniqueMobile,
} from '../src/session';

const brand = currentBrand();
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1920, height: 1080 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let member: SignedInUser;
/** The menu screens, a tender detail and its 医疗详情, as the paid member opens them. */
let routes: string[];
let tenderDetail: string;

/** Opens a route afresh (a new document: a hash change alone may show the previous screen a moment longer). */
async function visit(target: Page, hash: string): Promise<void> {
  await target.goto('about:blank');
  await target.goto(appUrl(brand, hash));
  await target.waitForLoadState('networkidle');
  await target.locator('main, h1').first().waitFor();
  await target.waitForTimeout(300);
}

/** How far the page scrolls sideways, and the elements that stick out (for the failure message). */
function horizontalOverflow(target: Page) {
  return target.evaluate(() => {
    const scrollWidth = document.scrollingElement?.scrollWidth ?? 0;
    if (scrollWidth <= window.innerWidth) return { scrollWidth, sticking: [] };
    const sticking = [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .slice(-5)
      .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
    return { scrollWidth, sticking };
  });
}

/**
 * A control the member can use: inside the phone's width once scrolled to, and the topmost thing at its centre
 * (not covered by another layer, not clipped away), so a tap reaches it.
 */
async function expectUsable(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  const box = await control.boundingBox();
  expect(box, 'the control is laid out').not.toBeNull();
  if (!box) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width + 0.5);
  expect(box.width).toBeGreaterThan(16);
  const onTop = await control.evaluate(
    (element, point) => {
      const hit = document.elementFromPoint(point.x, point.y);
      return hit !== null && (element === hit || element.contains(hit));
    },
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(onTop, 'nothing covers the control').toBe(true);
}

/**
 * The screen's own first control (the layout's header, sidebar and tags bar are the same on every screen), or the
 * first of the dialog a screen opens on arrival (我的优惠券 lists the coupons in one).
 */
async function firstControl(target: Page): Promise<Locator> {
  const controls =
    'button:visible, input:visible, [role="tab"]:visible, [role="radio"]:visible, a[href]:visible';
  const dialog = target.getByRole('dialog');
  if (await dialog.count()) return dialog.last().locator(controls).first();
  return target.locator('main').locator(controls).first();
}

async function save(target: Page, name: string): Promise<void> {
  if (brand.id !== 'portal') return;
  await target.screenshot({ path: join(screensDir, `${name}.png`), animations: 'disabled' });
}

beforeAll(async () => {
  browser = await launchChromium();
  member = await paidMember(brand);
  ({ context, page } = await openSignedInPage(browser, brand, member));
  await page.setViewportSize(PHONE);
  const { screens, tender } = await memberScreens(brand, member);
  tenderDetail = tender.detailRoute;
  routes = [...screens, tenderDetail, `/medicalDetail?id=${tender.id}`];
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe(`every screen at a phone's width, 390 px (${brand.id})`, () => {
  it('scrolls no screen of the menus, the tender detail or 医疗详情 sideways, and its first control is usable', async () => {
    const overflowing: Record<string, unknown> = {};
    const unusable: Record<string, string> = {};
    for (const route of routes) {
      await visit(page, route);
      const overflow = await horizontalOverflow(page);
      if (overflow.scrollWidth > PHONE.width) overflowing[route] = overflow;
      try {
        await expectUsable(await firstControl(page));
      } catch (error) {
        unusable[route] = (error as Error).message.split('\n')[0] ?? '';
      }
    }
    expect(overflowing).toEqual({});
    expect(unusable).toEqual({});
  });

  it('opens the search filters in a drawer whose controls can be used, and shows the results after 查看结果', async () => {
    await visit(page, '/informationQuery/bid');
    const open = page.getByRole('button', { name: '筛选', exact: true });
    await expectUsable(open);
    await open.click();
    const drawer = page.getByRole('dialog', { name: '筛选条件' });
    await drawer.waitFor();
    const firstFilter = drawer.locator('button:visible, input:visible, [role="radio"]:visible').first();
    await expectUsable(firstFilter);
    const done = drawer.getByRole('button', { name: '查看结果' });
    await expectUsable(done);
    await done.click();
    await drawer.waitFor({ state: 'hidden' });
    expect((await horizontalOverflow(page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
  });

  it('shows the tender detail’s 微信扫码查看 code inside the screen', async () => {
    await visit(page, tenderDetail);
    const open = page.getByRole('button', { name: '微信扫码查看' });
    await expectUsable(open);
    await open.click();
    // The e2e server runs WeChat in sandbox mode: the item's address drawn as a QR code.
    const code = page.getByRole('img', { name: '小程序码' });
    await code.waitFor();
    await expectUsable(code);
    await save(page, 'detail-phone-code-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.waitForTimeout(300);
    await save(page, 'detail-phone-code-1440');
    await page.setViewportSize(PHONE);
  });

  it('opens the membership modal within the width, its levels, durations and region usable', async () => {
    const buyer = await signInByApi(brand);
    const own = await openSignedInPage(browser, brand, buyer);
    try {
      await own.page.setViewportSize(PHONE);
      await visit(own.page, '/dashboard');
      await own.page.getByRole('button', { name: buyer.realUserName }).click();
      await own.page
        .getByRole('dialog')
        .filter({ hasText: '退出登录' })
        .getByRole('button', { name: '开通会员' })
        .click();
      if (!brand.flags.payment) {
        // A brand that does not sell online says whom to call instead (membership.e2e.test.ts).
        const unPay = own.page.getByRole('dialog').filter({ hasText: '暂不支持在线开通会员' });
        await unPay.waitFor();
        await expectUsable(unPay.getByRole('button').last());
        return;
      }
      const modal = own.page.getByRole('dialog', { name: '开通会员' });
      await modal.waitFor();
      await own.page.waitForTimeout(400);
      expect((await horizontalOverflow(own.page)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await expectUsable(modal.getByRole('group', { name: '会员类型' }).getByRole('button').first());
      await expectUsable(modal.getByRole('radiogroup', { name: '购买时长' }).getByRole('radio').first());
      await expectUsable(modal.getByRole('button', { name: '选择地区' }));
      await expectUsable(modal.getByRole('button', { name: '获取支付二维码' }));
    } finally {
      await own.context.close();
    }
  });

  it('lets a new account sign in at /login and complete /perfect at 390 px', async () => {
    const signedOut = await browser.newContext({ viewport: PHONE, locale: 'zh-CN' });
    try {
      const phone = await signedOut.newPage();
      await phone.goto(appUrl(brand, '/login'));
      const signIn = phone.getByRole('button', { name: '登 录' });
      await signIn.waitFor();
      expect((await horizontalOverflow(phone)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
      await expectUsable(signIn);
      await expectUsable(phone.getByRole('textbox').first());

      // /perfect as the first sign-in leaves it: signed in by SMS, no profile yet.
      const mobile = uniqueMobile(brand.id);
      await callApi(
        brand,
        'POST',
        `/webchat/api/login/sendMessageCode?mobile=${mobile}&consentVersion=${brand.legal.privacyPolicyVersion}`,
      );
      const login = await callApi<{ token: string }>(brand, 'POST', '/webchat/api/login/messageLogin', {
        mobile,
        code: await lastSmsCode(brand.id, mobile),
        registerType: 50,
      });
      await signedOut.addCookies([
        {
          name: 'TOKEN',
          value: login.data.token,
          domain: new URL(serverUrl()).hostname,
          path: `/${brand.id}/`,
          sameSite: 'Lax',
        },
      ]);
      await phone.goto(appUrl(brand, '/perfect'));
      await phone.waitForLoadState('networkidle');
      const fields = phone.getByRole('textbox');
      await fields.first().waitFor();
      expect((await horizontalOverflow(phone)).scrollWidth).toBeLessThanOrEqual(PHONE.width);
      for (const field of await fields.all()) await expectUsable(field);
      await expectUsable(phone.getByRole('button').last());
    } finally {
      await signedOut.close();
    }
  });
});

describe(`tables at 1920 px (${brand.id})`, () => {
  it('keeps every date in a table cell on one line', async () => {
    await page.setViewportSize(WIDE);
    const wrapped: Record<string, string[]> = {};
    let checked = 0;
    for (const route of routes) {
      await visit(page, route);
      const dates = await page.evaluate(() => {
        const cells = [...document.querySelectorAll('main td, main th')].filter((cell) =>
          /^\d{4}-\d{2}-\d{2}/.test(cell.textContent?.trim() ?? ''),
        );
        const onSeveralLines = cells.filter((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          // One line: the text's boxes all share one top.
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
        });
        return { count: cells.length, wrapped: onSeveralLines.map((cell) => cell.textContent?.trim() ?? '') };
      });
      checked += dates.count;
      if (dates.wrapped.length) wrapped[route] = dates.wrapped.slice(0, 3);
    }
    await page.setViewportSize(PHONE);
    expect(wrapped).toEqual({});
    // The member's order gives the tables dates to check where the brand sells; a brand that does not sell
    // (forecast) may show no dated table to a member the operator granted.
    if (brand.flags.payment) expect(checked).toBeGreaterThan(0);
  });
});

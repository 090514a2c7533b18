import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrandManifest } from '@tender/brand';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { appsDir, BRAND_IDS } from './brands';
import { lastSmsCode, serverUrl } from './server';

/** The built manifest of the brand a `brand:<id>` project runs (E2E_BRAND). */
export function currentBrand(): BrandManifest {
  const brandId = process.env.E2E_BRAND ?? '';
  return JSON.parse(readFileSync(join(appsDir, brandId, 'dist', 'brand.json'), 'utf8')) as BrandManifest;
}

let phoneSequence = 0;

/**
 * A phone no other test or brand uses in this server's life: 13, the brand's index, a per-file sequence and
 * digits of the clock.
 */
export function uniqueMobile(brandId: string): string {
  phoneSequence += 1;
  const clock = String(Date.now()).slice(-6);
  return `13${BRAND_IDS.indexOf(brandId) + 5}${phoneSequence % 10}${clock}`.slice(0, 11).padEnd(11, '0');
}

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

/**
 * One call of the server's /webchat API as the brand's client makes it (global parameters `brand` and `version`,
 * bearer token, device 50); returns the envelope whatever its code.
 */
export async function callApi<T = unknown>(
  brand: BrandManifest,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, unknown> = {},
  token?: string,
): Promise<Envelope<T>> {
  const global = { brand: brand.id, version: brand.interfaceVersion };
  const url = new URL(`${serverUrl()}${path}`);
  const headers: Record<string, string> = { 'X-Device': '50' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (method === 'GET') {
    for (const [key, value] of Object.entries({ ...params, ...global }))
      url.searchParams.set(key, String(value));
  } else {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify({ ...params, ...global });
  }
  const response = await fetch(url, { method, headers, body });
  return (await response.json()) as Envelope<T>;
}

/** A search result of the demo corpus (`searchAllList` record): the id and type the detail screens take. */
export interface DemoItem {
  id: number;
  docType: string;
  title: string;
  provinceName: string | null;
}

export interface SignedInUser {
  mobile: string;
  token: string;
  realUserName: string;
}

/**
 * Signs a new account in through the real API (SMS code from the dev outbox, profile completed), so a test that
 * is not about signing in starts inside the layout. The UI sign-in itself is proven by brand.e2e.test.ts.
 */
export async function signInByApi(
  brand: BrandManifest,
  options: { mobile?: string; realUserName?: string; companyName?: string } = {},
): Promise<SignedInUser> {
  const mobile = options.mobile ?? uniqueMobile(brand.id);
  const realUserName = options.realUserName ?? '测试用户';
  const sent = await callApi(
    brand,
    'POST',
    `/webchat/api/login/sendMessageCode?mobile=${mobile}&consentVersion=${brand.legal.privacyPolicyVersion}`,
  );
  if (sent.code !== 200) throw new Error(`sendMessageCode: ${sent.code} ${sent.message}`);
  const login = await callApi<{ token: string }>(brand, 'POST', '/webchat/api/login/messageLogin', {
    mobile,
    code: await lastSmsCode(brand.id, mobile),
    registerType: 50,
    remember: true,
  });
  if (login.code !== 200) throw new Error(`messageLogin: ${login.code} ${login.message}`);
  const { token } = login.data;
  const perfect = await callApi(
    brand,
    'GET',
    '/webchat/api/perfect',
    { realUserName, companyName: options.companyName ?? '测试科技有限公司' },
    token,
  );
  if (perfect.code !== 200) throw new Error(`perfect: ${perfect.code} ${perfect.message}`);
  return { mobile, token, realUserName };
}

/**
 * A browser context and page signed in as `user` in the brand's app: the TOKEN cookie on the brand's path, as a
 * remembered login leaves it (the guided tour starts only from /perfect in the browser, so it stays away).
 */
export async function openSignedInPage(
  browser: Browser,
  brand: BrandManifest,
  user: SignedInUser,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
  const origin = new URL(serverUrl());
  await context.addCookies([
    {
      name: 'TOKEN',
      value: user.token,
      domain: origin.hostname,
      path: `/${brand.id}/`,
      expires: Math.round(Date.now() / 1000) + 30 * 24 * 60 * 60,
      sameSite: 'Lax',
    },
  ]);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { context, page };
}

/** The brand app's URL of a route (hash history). */
export function appUrl(brand: BrandManifest, hash: string): string {
  return `${serverUrl()}/${brand.id}/#${hash}`;
}

/** The app route of each document type's detail screen, as a result list links to it (`?id=&type=`). */
export const DETAIL_PATHS: Record<string, string> = {
  zb: '/tender/index',
  bg: '/tender/index',
  jg: '/tender/index',
  yg: '/forecastDetail',
  yx: '/intentionDetail',
  nj: '/building/index',
  sp: '/approve/index',
};

interface MenuItem {
  path: string;
  hidden: boolean;
  children?: MenuItem[];
}

function visibleScreens(menus: readonly MenuItem[]): string[] {
  return menus.flatMap((item) =>
    item.children ? visibleScreens(item.children) : item.hidden ? [] : [item.path],
  );
}

/**
 * What a signed-in user can open: every visible screen of the menus the server gives them, and the route of the
 * newest 招标公告's detail (with its id, for the screens about one item).
 */
export async function memberScreens(
  brand: BrandManifest,
  user: SignedInUser,
): Promise<{ screens: string[]; tender: { id: number; detailRoute: string } }> {
  const menus = await callApi<MenuItem[]>(brand, 'GET', '/webchat/api/userMenu/listMenu', {}, user.token);
  const tenders = await callApi<{ records: { id: number; docType: string }[] }>(
    brand,
    'POST',
    '/webchat/api/searchAllList',
    { tab: 'zb', pageNumber: 1, pageSize: 5 },
    user.token,
  );
  const tender = tenders.data.records[0];
  if (!tender) throw new Error('the demo data has no 招标公告');
  return {
    screens: visibleScreens(menus.data),
    tender: {
      id: tender.id,
      detailRoute: `${DETAIL_PATHS[tender.docType]}?id=${tender.id}&type=${tender.docType}`,
    },
  };
}

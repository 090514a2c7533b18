import { randomInt } from 'node:crypto';
import { type ApiClient, createApiClient, createEndpointFunctions } from '@tender/api-client';
import type { BrandManifest } from '@tender/brand';

interface Envelope<T> {
  code: number;
  data: T;
  message: string;
}

async function envelope<T>(response: Response, step: string): Promise<T> {
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${step} answered ${body.code} ${body.message}`);
  return body.data;
}

/** A phone no other test of this run uses. */
export function newMobile(): string {
  return `139${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface ServerSession {
  token: string;
  client: ApiClient;
  api: ReturnType<typeof createEndpointFunctions>;
  notices: string[];
}

/**
 * Signs a new user in over HTTP the way the login screen does (sendMessageCode → the dev outbox → messageLogin →
 * perfect) and gives the api-client that the app would build for them.
 */
export async function signInOverHttp(serverUrl: string, brand: BrandManifest): Promise<ServerSession> {
  const mobile = newMobile();
  const globals = `brand=${brand.id}&version=${brand.interfaceVersion}`;
  await envelope(
    await fetch(
      `${serverUrl}/webchat/api/login/sendMessageCode?mobile=${mobile}&consentVersion=${brand.legal.privacyPolicyVersion}&${globals}`,
      {
        method: 'POST',
      },
    ),
    'sendMessageCode',
  );
  const sent = await envelope<{ code: string }>(
    await fetch(`${serverUrl}/webchat/dev/sms-outbox?mobile=${mobile}&brand=${brand.id}`),
    'sms outbox',
  );
  const login = await envelope<{ token: string }>(
    await fetch(`${serverUrl}/webchat/api/login/messageLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        brand: brand.id,
        version: brand.interfaceVersion,
        mobile,
        code: sent.code,
        registerType: 50,
      }),
    }),
    'messageLogin',
  );
  const profile = new URLSearchParams({ realUserName: '集成测试', companyName: '集成测试科技有限公司' });
  await envelope(
    await fetch(`${serverUrl}/webchat/api/perfect?${profile}&${globals}`, {
      headers: { authorization: `Bearer ${login.token}` },
    }),
    'perfect',
  );
  const notices: string[] = [];
  const client = createApiClient({
    brand,
    baseUrl: serverUrl,
    getToken: () => login.token,
    handlers: {
      logout: () => notices.push('logout'),
      confirmLoggedInElsewhere: () => {},
      goToPerfect: () => notices.push('perfect'),
      showNotice: ({ text }) => {
        notices.push(text);
      },
      pcLoginRefused: () => notices.push('pcUse'),
    },
  });
  return { token: login.token, client, api: createEndpointFunctions(client), notices };
}

/**
 * The payer's phone: opens the QR code's URL (the sandbox page) and presses 确认支付. Answers when the server has
 * confirmed the payment (`Date.now()`): every order status poll that starts later sees it paid.
 */
export async function payOnSandboxPage(codeUrl: string): Promise<number> {
  const url = new URL(codeUrl);
  const page = await fetch(url);
  if (!page.ok || !(await page.text()).includes('确认支付'))
    throw new Error(`sandbox page answered ${page.status}`);
  const confirmed = await fetch(new URL(url.pathname, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ t: url.searchParams.get('t') ?? '' }).toString(),
  });
  if (!confirmed.ok) throw new Error(`sandbox confirmation answered ${confirmed.status}`);
  return Date.now();
}

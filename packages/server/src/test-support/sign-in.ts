import { randomInt } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { testBrands } from './test-server';

export interface SignInOptions {
  /** Fill in the real name and company name, so endpoints of access `user` answer (default true). */
  completeProfile?: boolean;
  /** Ask for the 30-day session (default false: 24 hours). */
  remember?: boolean;
  /** The interface version sent as the global parameter (default 20). */
  version?: number;
}

export interface SignedInUser {
  token: string;
  userId: number;
  /** Pass to `inject()`: `{ authorization: 'Bearer <token>' }`. */
  headers: { authorization: string };
}

async function call(app: FastifyInstance, options: InjectOptions, step: string) {
  const response = await app.inject(options);
  const body = response.json() as { code: number; data: unknown; message: string };
  if (body.code !== 200) throw new Error(`signIn: ${step} answered ${body.code} ${body.message}`);
  return body.data;
}

/**
 * The 隐私政策 version a brand's login screen sends as `consentVersion` (the test brands' manifests; the
 * membership fixtures' brand has the same version as alpha).
 */
export function consentVersionOf(brand: string): string {
  return testBrands.find((manifest) => manifest.id === brand)?.legal.privacyPolicyVersion ?? '2026-11-01';
}

let nextMobile = randomInt(0, 800_000_000);

/** A mobile number no other call of this process has had, so tests never share an account by accident. */
export function newMobile(): string {
  nextMobile += 1;
  return `13${String(nextMobile).padStart(9, '0')}`;
}

/**
 * Signs a user in through the real HTTP flow: sendMessageCode → dev outbox → messageLogin, then (unless told
 * not to) completes the profile through `api/perfect`. The server must run in dev mode, as
 * `startTestServer()` does. Each call comes from a random loopback address, so the per-IP send limit never
 * trips; a phone still gets one code a minute, so to sign the same phone in again, `server.clock.advance()`
 * past a minute first.
 */
export async function signIn(
  server: { app: FastifyInstance },
  brand: string,
  mobile: string,
  options: SignInOptions = {},
): Promise<SignedInUser> {
  const { app } = server;
  const version = options.version ?? 20;
  const globals = `brand=${encodeURIComponent(brand)}&version=${version}`;
  const remoteAddress = `127.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  await call(
    app,
    {
      method: 'POST',
      url: `/webchat/api/login/sendMessageCode?mobile=${mobile}&consentVersion=${consentVersionOf(brand)}&${globals}`,
      remoteAddress,
    },
    'sendMessageCode',
  );
  const sent = (await call(
    app,
    { method: 'GET', url: `/webchat/dev/sms-outbox?mobile=${mobile}&brand=${encodeURIComponent(brand)}` },
    'dev outbox',
  )) as { code: string };
  const login = (await call(
    app,
    {
      method: 'POST',
      url: '/webchat/api/login/messageLogin',
      payload: {
        brand,
        version,
        mobile,
        code: sent.code,
        registerType: 50,
        remember: options.remember ?? false,
      },
      remoteAddress,
    },
    'messageLogin',
  )) as { token: string; user: { userId: number } };
  const headers = { authorization: `Bearer ${login.token}` };

  if (options.completeProfile ?? true) {
    const profile = new URLSearchParams({ realUserName: '测试用户', companyName: '测试科技有限公司' });
    await call(app, { method: 'GET', url: `/webchat/api/perfect?${profile}&${globals}`, headers }, 'perfect');
  }
  return { token: login.token, userId: login.user.userId, headers };
}

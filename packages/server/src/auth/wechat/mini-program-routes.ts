import { maskPhone, RESPONSE_CODES } from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BusinessError } from '../../http/business-error';
import { validate } from '../../http/validation';
import { messages } from '../../messages';
import type { TenantService } from '../../tenants/service';
import type { QrLoginService } from '../qr-login';
import type { SignInService } from '../sign-in-service';
import type { MiniProgramApi } from './mini-program-api';

/** Where the mini-program's sign-in page calls (docs/operations.md lists the sequence with examples). */
export const MINI_PROGRAM_PATHS = {
  scan: '/webchat/ma/sign-in/scan',
  session: '/webchat/ma/sign-in/session',
  confirm: '/webchat/ma/sign-in/confirm',
} as const;

const sceneSchema = z
  .string({ error: '请提供 scene' })
  .trim()
  .min(1, '请提供 scene')
  .max(32, 'scene 格式不正确');
const wechatCodeSchema = (field: string) =>
  z
    .string({ error: `请提供 ${field}` })
    .trim()
    .min(1, `请提供 ${field}`)
    .max(256, `${field} 格式不正确`);

const scanSchema = z.object({ scene: sceneSchema });
const sessionSchema = z.object({ scene: sceneSchema, code: wechatCodeSchema('code') });
const confirmSchema = z.object({
  scene: sceneSchema,
  signInSecret: wechatCodeSchema('signInSecret'),
  phoneCode: wechatCodeSchema('phoneCode'),
});

export interface MiniProgramRouteDependencies {
  tenants: TenantService;
  qrLogin: QrLoginService;
  signIn: SignInService;
  miniProgram: MiniProgramApi;
}

/**
 * The mini-program's own calls (`WECHAT_PROVIDER=wechat`): its sign-in page, opened by the code with the sign-in id
 * as `scene`, reports the scan, signs the WeChat user in with a `wx.login` code (jscode2session: the openid; the
 * session_key stays with WeChat) and confirms with the code of the getPhoneNumber button. JSON in, the usual
 * `{code, data, message}` envelope out; no brand parameter: the sign-in knows its brand.
 */
export function miniProgramRoutes(app: FastifyInstance, dependencies: MiniProgramRouteDependencies) {
  const { tenants, qrLogin, signIn, miniProgram } = dependencies;

  function input<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
    const parsed = validate(schema, body ?? {});
    if (!parsed.ok) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, parsed.message);
    return parsed.value;
  }

  const ok = (data: object) => ({ code: RESPONSE_CODES.SUCCESS, data, message: '成功' });

  /** The sign-in of a scene, open for the phone (SCANNED once opened); otherwise 404 saying why. */
  async function openSignIn(scene: string) {
    const state = await qrLogin.open(scene, true);
    if (state.kind === 'open') return state.signIn;
    throw new BusinessError(
      RESPONSE_CODES.NOT_FOUND,
      state.kind === 'confirmed' ? messages.wechatSignIn.confirmed : messages.wechatSignIn.expired,
    );
  }

  app.post(MINI_PROGRAM_PATHS.scan, async (request) => {
    const { scene } = input(scanSchema, request.body);
    const signIn = await openSignIn(scene);
    const tenant = await tenants.resolve(signIn.brandId);
    return ok({ status: 'SCANNED', brandTitle: tenant.title, expiresAt: signIn.expiresAt.toISOString() });
  });

  app.post(MINI_PROGRAM_PATHS.session, async (request) => {
    const { scene, code } = input(sessionSchema, request.body);
    const signIn = await openSignIn(scene);
    const { openid } = await miniProgram.openId(code);
    const signInSecret = await qrLogin.bindMiniProgram(signIn.id, openid);
    if (!signInSecret) throw new BusinessError(RESPONSE_CODES.FORBIDDEN, messages.wechatSignIn.otherWechat);
    return ok({ status: 'SCANNED', signInSecret });
  });

  app.post(MINI_PROGRAM_PATHS.confirm, async (request) => {
    const { scene, signInSecret, phoneCode } = input(confirmSchema, request.body);
    const row = await openSignIn(scene);
    if (!row.openid) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.wechatSignIn.sessionFirst);
    if (!qrLogin.holdsMiniProgramSecret(row, signInSecret)) {
      throw new BusinessError(RESPONSE_CODES.FORBIDDEN, messages.wechatSignIn.wrongSecret);
    }
    const mobile = await miniProgram.phoneNumber(phoneCode);
    const tenant = await tenants.resolve(row.brandId);
    const user = await signIn.account(tenant, mobile);
    if (user.frozenAt) throw new BusinessError(RESPONSE_CODES.ACCOUNT_FROZEN, messages.wechatSignIn.frozen);
    if (!(await qrLogin.confirm(row.id, user))) {
      throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.wechatSignIn.expired);
    }
    return ok({ status: 'CONFIRMED', mobile: maskPhone(mobile) });
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { TenantService } from '../tenants/service';
import { qrLoginService } from './qr-login';
import { sessionAuthenticator, sessionService } from './sessions';
import { signInService } from './sign-in-service';
import { type SmsIpLimit, smsCodeService } from './sms-codes';
import type { SmsProvider } from './sms-provider';
import { miniProgramApi } from './wechat/mini-program-api';
import type { WechatSignInSettings } from './wechat/settings';

/** Every sign-in service of the process, built once and shared by the auth and user routes. */
/** `smsIpLimit`: the SMS sends per IP (RATE_LIMITS `sms-ip-hour`); undefined: SMS_RULES, null: none. */
export function authServices(
  db: Database,
  sms: SmsProvider,
  clock: Clock,
  log: FastifyBaseLogger,
  tenants: TenantService,
  smsIpLimit?: SmsIpLimit | null,
  wechatSignIn: WechatSignInSettings = { provider: 'sandbox' },
) {
  const codes = smsCodeService(db, sms, clock, log, smsIpLimit);
  const sessions = sessionService(db, clock);
  const signIn = signInService(db, codes, sessions, clock);
  const miniProgram =
    wechatSignIn.provider === 'wechat' ? miniProgramApi(db, wechatSignIn.miniProgram, clock, log) : undefined;
  return {
    codes,
    sessions,
    signIn,
    miniProgram,
    wechatSignIn,
    qrLogin: qrLoginService(db, signIn, sessions, clock, wechatSignIn.provider, miniProgram),
    authenticator: sessionAuthenticator(db, clock, tenants),
  };
}

export type AuthServices = ReturnType<typeof authServices>;

import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { TenantService } from '../tenants/service';
import { qrLoginService } from './qr-login';
import { sessionAuthenticator, sessionService } from './sessions';
import { signInService } from './sign-in-service';
import { type SmsIpLimit, smsCodeService } from './sms-codes';
import type { SmsProvider } from './sms-provider';

/** Every sign-in service of the process, built once and shared by the auth and user routes. */
/** `smsIpLimit`: the SMS sends per IP (RATE_LIMITS `sms-ip-hour`); undefined: SMS_RULES, null: none. */
export function authServices(
  db: Database,
  sms: SmsProvider,
  clock: Clock,
  log: FastifyBaseLogger,
  tenants: TenantService,
  smsIpLimit?: SmsIpLimit | null,
) {
  const codes = smsCodeService(db, sms, clock, log, smsIpLimit);
  const sessions = sessionService(db, clock);
  const signIn = signInService(db, codes, sessions, clock);
  return {
    codes,
    sessions,
    signIn,
    qrLogin: qrLoginService(db, signIn, sessions, clock),
    authenticator: sessionAuthenticator(db, clock, tenants),
  };
}

export type AuthServices = ReturnType<typeof authServices>;

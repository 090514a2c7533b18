import type { LoginResult } from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import { recordAudit, userActor } from '../audit/audit-log';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import type { Tenant } from '../tenants/queries';
import { type UserRecord, userQueries } from '../users/queries';
import { userView } from '../users/user-view';
import type { LoginMethod, NewSession, sessionService } from './sessions';
import type { SmsCodeService } from './sms-codes';

export interface SignInRequest {
  mobile: string;
  code: string;
  registerType: number;
  remember: boolean;
}

/** Signing in, freezing and unfreezing: codes checked first, then the account and its session in one transaction. */
export function signInService(
  db: Database,
  codes: SmsCodeService,
  sessions: ReturnType<typeof sessionService>,
  clock: Clock,
) {
  async function result(user: UserRecord, session: NewSession, baseUrl: string): Promise<LoginResult> {
    return {
      token: session.token,
      tokenExpiresAt: session.expiresAt.toISOString(),
      user: await userView(db, user, baseUrl, clock()),
    };
  }

  /** The account of a phone (created on its first sign-in) with a new session, unless the account is frozen. */
  async function openAccountSession(
    tenant: Tenant,
    mobile: string,
    registerType: number,
    remember: boolean,
    method: LoginMethod,
  ): Promise<{ user: UserRecord; session: NewSession }> {
    const signedIn = await db.transaction(async (tx) => {
      const user = await userQueries(tx).findOrCreate(
        tenant.id,
        mobile,
        { userName: messages.users.defaultUserName(mobile), registerType },
        clock(),
      );
      if (user.frozenAt) throw new BusinessError(RESPONSE_CODES.ACCOUNT_FROZEN, messages.auth.accountFrozen);
      return { user, session: await sessions.open(tx, user, remember, method) };
    });
    sessions.ended(signedIn.user.id);
    return signedIn;
  }

  return {
    /** spec §7 `login/messageLogin`. */
    async messageLogin(tenant: Tenant, request: SignInRequest, baseUrl: string): Promise<LoginResult> {
      await codes.verify(tenant.id, request.mobile, 'login', request.code);
      const { user, session } = await openAccountSession(
        tenant,
        request.mobile,
        request.registerType,
        request.remember,
        'sms',
      );
      return result(user, session, baseUrl);
    },

    /** spec §7 `login/awaken`: unfreezes the account of the phone and signs it in. */
    async awaken(tenant: Tenant, request: SignInRequest, baseUrl: string): Promise<LoginResult> {
      await codes.verify(tenant.id, request.mobile, 'awaken', request.code);
      const { user, session } = await db.transaction(async (tx) => {
        const users = userQueries(tx);
        const frozen = await users.findByMobile(tenant.id, request.mobile);
        if (!frozen?.frozenAt) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.auth.notFrozen);
        const thawed = await users.setFrozen(tenant.id, frozen.id, null, clock());
        if (!thawed) throw new Error(`user ${frozen.id} vanished while unfreezing`);
        await recordAudit(tx, {
          brandId: tenant.id,
          action: 'account.unfrozen',
          userId: thawed.id,
          actor: userActor(thawed.id),
          detail: { frozenAt: frozen.frozenAt.toISOString() },
          at: clock(),
        });
        return { user: thawed, session: await sessions.open(tx, thawed, request.remember, 'awaken') };
      });
      sessions.ended(user.id);
      return result(user, session, baseUrl);
    },

    /** spec §7 `login/frozenAccount`: the signed-in user freezes their own account; every session ends. */
    async freeze(tenant: Tenant, userId: number, code: string): Promise<void> {
      const user = await userQueries(db).find(tenant.id, userId);
      if (!user) throw new BusinessError(RESPONSE_CODES.UNAUTHORIZED, messages.auth.sessionInvalid);
      await codes.verify(tenant.id, user.mobile, 'frozen', code);
      await db.transaction(async (tx) => {
        const now = clock();
        await userQueries(tx).setFrozen(tenant.id, userId, now, now);
        await sessions.revokeAll(tx, userId);
        await recordAudit(tx, {
          brandId: tenant.id,
          action: 'account.frozen',
          userId,
          actor: userActor(userId),
          at: now,
        });
      });
      sessions.ended(userId);
    },

    /** The account of a phone verified another way (WeChat's phone number), created as an SMS sign-in creates it. */
    account(tenant: Tenant, mobile: string): Promise<UserRecord> {
      return db.transaction((tx) =>
        userQueries(tx).findOrCreate(
          tenant.id,
          mobile,
          { userName: messages.users.defaultUserName(mobile), registerType: tenant.registerType },
          clock(),
        ),
      );
    },

    result,
  };
}

export type SignInService = ReturnType<typeof signInService>;

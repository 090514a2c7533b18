import { LOGGED_IN_ELSEWHERE_MESSAGE, RESPONSE_CODES } from '@tender/domain';
import type { Clock } from '../clock';
import { batcher } from '../db/batcher';
import { DATA_VERSIONS_SQL, type DataVersionColumns, dataVersionsOf } from '../db/data-versions';
import type { Database, Queryable } from '../db/database';
import { BusinessError } from '../http/business-error';
import type { Authenticator, Caller } from '../http/endpoint-route';
import { messages } from '../messages';
import type { TenantService } from '../tenants/service';
import { isProfileComplete } from '../users/profile';
import { type UserRecord, userColumns } from '../users/queries';
import { newSecret, secretHash } from './secrets';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long a token lives (docs/operations.md): 24 hours after the sign-in, or 30 days when the user ticked
 * "remember me" (the client keeps its TOKEN cookie 30 days, spec §9), however often it is used — a stolen token
 * still ends then. Use only records when it was last used (the enterprise account list shows it).
 */
export const SESSION_RULES = {
  lifetimeMs: 24 * HOUR,
  rememberedLifetimeMs: 30 * 24 * HOUR,
  /** `last_used_at` moves forward at most once per this interval: no write on every request. */
  touchEveryMs: 5 * MINUTE,
} as const;

export type LoginMethod = 'sms' | 'qr' | 'awaken';

export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** A session with its account's columns (`UserRecord`): what the first statement of a signed-in call reads. */
interface SessionRow extends UserRecord {
  sessionId: number;
  sessionBrandId: string;
  remember: boolean;
  sessionCreatedAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
  superseded: boolean;
  revoked: boolean;
}

/** What the session statement gives for one token: the data versions, and the session's columns or nulls. */
type SessionRead = (SessionRow | Record<keyof SessionRow, null>) & DataVersionColumns;

/** The end of a session's lifetime (SESSION_RULES) from its sign-in. */
function lifetimeEnd(session: { remember: boolean; sessionCreatedAt: Date }): Date {
  const lifetime = session.remember ? SESSION_RULES.rememberedLifetimeMs : SESSION_RULES.lifetimeMs;
  return new Date(session.sessionCreatedAt.getTime() + lifetime);
}

/** What decides when a session ends: its stored expiry and its sign-in. */
export interface SessionTimes {
  expiresAt: Date;
  remember: boolean;
  sessionCreatedAt: Date;
}

/**
 * When a session ends: its stored expiry, but never past its lifetime — sessions of an older version, whose
 * expiry each use pushed further, are cut there too. The API (`sessionAuthenticator`) and the websockets
 * (src/push/websocket.ts) both end a session by this.
 */
export function sessionEnd(session: SessionTimes): Date {
  return new Date(Math.min(session.expiresAt.getTime(), lifetimeEnd(session).getTime()));
}

export function isExpired(session: SessionTimes, now: Date): boolean {
  return sessionEnd(session).getTime() <= now.getTime();
}

export function sessionService(db: Database, clock: Clock) {
  const endedListeners = new Set<(userId: number) => void>();
  const ended = (userId: number) => {
    for (const listener of endedListeners) listener(userId);
  };
  return {
    /**
     * Hears of sessions of a user that ended (signed out, superseded by a sign-in, frozen) in this process, after
     * the change committed: the push hub closes their sockets at once (src/push/websocket.ts).
     */
    onEnded(listener: (userId: number) => void): void {
      endedListeners.add(listener);
    },

    /** Tells the listeners that sessions of the user ended; call after the transaction that ended them committed. */
    ended,

    /**
     * Opens a session for a user and supersedes every other live session of that user: the newest sign-in
     * wins (spec §8 4011). Call inside the transaction that read the user `FOR UPDATE`, so two concurrent
     * sign-ins of one account leave exactly one session live, and `ended(user.id)` after it committed.
     */
    async open(
      tx: Queryable,
      user: { id: number; brandId: string },
      remember: boolean,
      method: LoginMethod,
    ): Promise<NewSession> {
      const now = clock();
      const token = newSecret();
      const expiresAt = lifetimeEnd({ remember, sessionCreatedAt: now });
      await tx.query(
        `UPDATE user_session SET superseded_at = $2
         WHERE user_id = $1 AND superseded_at IS NULL AND revoked_at IS NULL`,
        [user.id, now],
      );
      await tx.query(
        `INSERT INTO user_session (brand_id, user_id, token_hash, login_method, remember, created_at, last_used_at,
           expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $6, $7)`,
        [user.brandId, user.id, secretHash(token), method, remember, now, expiresAt],
      );
      return { token, expiresAt };
    },

    /** Ends the session of a token, if it is one of this brand's; unknown tokens are ignored. */
    async revoke(brandId: string, token: string): Promise<void> {
      const [revoked] = await db.query<{ userId: number }>(
        `UPDATE user_session SET revoked_at = $3 WHERE token_hash = $1 AND brand_id = $2 AND revoked_at IS NULL
         RETURNING user_id AS "userId"`,
        [secretHash(token), brandId, clock()],
      );
      if (revoked) ended(Number(revoked.userId));
    },

    /** Ends every session of a user (freezing the account); call `ended(userId)` after the transaction committed. */
    async revokeAll(tx: Queryable, userId: number): Promise<void> {
      await tx.query('UPDATE user_session SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
        userId,
        clock(),
      ]);
    },
  };
}

/**
 * The `Authenticator` of every non-public endpoint: 401 for a missing, unknown, expired or revoked token, for a
 * token of another brand (tenants never share accounts) and for a frozen account; 4011 for a session that a
 * newer sign-in superseded; 430 when the endpoint needs a complete profile and the user's is not. An unknown brand
 * is 400 before any of these. The session, its account and the data versions come in one statement; the brand is
 * then read through the process's cache at those versions (src/db/data-versions.ts).
 */
export function sessionAuthenticator(db: Database, clock: Clock, tenants: TenantService): Authenticator {
  // Every signed-in call starts here, so the calls that arrive together read their sessions in one round trip
  // (ADR 0027): a row per token, in the tokens' order, each with the data versions.
  const readSession = batcher<string, SessionRead>(async (tokenHashes) => {
    const rows = await db.query<SessionRead & { position: number }>(
      `SELECT t.position::int AS position, v.*, s.* FROM (SELECT ${DATA_VERSIONS_SQL}) v
       CROSS JOIN unnest($1::text[]) WITH ORDINALITY AS t(token_hash, position)
       LEFT JOIN LATERAL (
         SELECT s.id AS "sessionId", s.brand_id AS "sessionBrandId", s.remember, s.created_at AS "sessionCreatedAt",
           s.last_used_at AS "lastUsedAt",
           s.expires_at AS "expiresAt", s.superseded_at IS NOT NULL AS superseded,
           s.revoked_at IS NOT NULL AS revoked, ${userColumns('u')}
         FROM user_session s JOIN user_account u ON u.id = s.user_id
         WHERE s.token_hash = t.token_hash
       ) s ON true`,
      [tokenHashes],
    );
    const byPosition = new Map(rows.map(({ position, ...row }) => [position, row]));
    return tokenHashes.map((_, index) => byPosition.get(index + 1) as SessionRead);
  });
  return {
    async authenticate(brandId, token, access): Promise<Caller> {
      if (!token) {
        await tenants.resolveNow(brandId);
        throw new BusinessError(RESPONSE_CODES.UNAUTHORIZED, messages.auth.notSignedIn);
      }
      const row = await readSession(secretHash(token));
      const versions = dataVersionsOf(row);
      const tenant = await tenants.run(versions, () => tenants.resolve(brandId));
      const session = row.sessionId === null ? undefined : (row as SessionRow);
      const now = clock();
      if (!session || session.sessionBrandId !== tenant.id || session.revoked || session.frozenAt !== null) {
        throw new BusinessError(RESPONSE_CODES.UNAUTHORIZED, messages.auth.sessionInvalid);
      }
      if (isExpired(session, now)) {
        throw new BusinessError(RESPONSE_CODES.UNAUTHORIZED, messages.auth.sessionExpired);
      }
      if (session.superseded) {
        throw new BusinessError(RESPONSE_CODES.LOGGED_IN_ELSEWHERE, LOGGED_IN_ELSEWHERE_MESSAGE);
      }
      if (now.getTime() - session.lastUsedAt.getTime() >= SESSION_RULES.touchEveryMs) {
        await db.query('UPDATE user_session SET last_used_at = $2 WHERE id = $1', [session.sessionId, now]);
      }
      if (access === 'user' && !isProfileComplete(session)) {
        throw new BusinessError(RESPONSE_CODES.PROFILE_INCOMPLETE, messages.auth.profileIncomplete);
      }
      const {
        sessionId,
        sessionBrandId,
        remember,
        sessionCreatedAt,
        lastUsedAt,
        expiresAt,
        superseded,
        revoked,
        ...account
      } = session;
      return { tenant, signedIn: { userId: account.id, sessionId: String(sessionId), account }, versions };
    },
  };
}

import { randomBytes } from 'node:crypto';
import {
  type checkQrcodeEndpoint,
  type EndpointResponse,
  type getQrcodeEndpoint,
  QR_TICKET_TTL_SECONDS,
} from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import type { Tenant } from '../tenants/queries';
import { userQueries } from '../users/queries';
import { recordConsent } from './consents';
import { newSecret, sameDigest, secretHash } from './secrets';
import type { sessionService } from './sessions';
import type { SignInService } from './sign-in-service';
import type { MiniProgramApi } from './wechat/mini-program-api';
import type { WechatProviderName } from './wechat/settings';

/** The path of the sandbox confirm page the QR code opens on the phone (`?id=<sign-in id>`). */
export const QR_CONFIRM_PATH = '/webchat/ma-login/confirm';

/** Expired sign-ins stay this long (a late poll still reads EXPIRED), then go, a batch per new sign-in. */
const EXPIRED_KEPT_MS = 3_600_000;
const EXPIRED_DELETED_PER_CREATE = 100;

interface SignInRow {
  id: number;
  brandId: string;
  provider: 'sandbox' | 'wechat';
  claimSecretHash: string;
  remember: boolean;
  expiresAt: Date;
  scannedAt: Date | null;
  confirmedAt: Date | null;
  userId: number | null;
  claimedAt: Date | null;
  openid: string | null;
  miniProgramSecretHash: string | null;
}

/** Where a sign-in stands as the phone sees it. */
export type SignInState = { kind: 'open'; signIn: SignInRow } | { kind: 'confirmed' } | { kind: 'expired' };

/** 16 random bytes as 22 base64url characters: WeChat's scene takes at most 32 of a set that includes these. */
function newSignInId(): string {
  return randomBytes(16).toString('base64url');
}

export interface NewSignIn {
  remember: boolean;
  consentVersion: string;
  /** The browser's address, kept for the consent record. */
  ip: string;
}

/**
 * Mini-program QR sign-in (spec §7 `maQrcodeLogin`). The browser gets a short sign-in id, shown in the QR code,
 * and a separate claim secret it keeps (the table has only its hash): whoever sees the code on a shared screen
 * learns the id, not the secret. The phone scans (SCANNED) and binds a verified phone number (CONFIRMED): with
 * `WECHAT_PROVIDER=wechat` the mini-program through /webchat/ma/sign-in (src/auth/wechat/mini-program-routes.ts),
 * with `sandbox` our own confirm page and an SMS code (qr-pages.ts). The browser's next poll with id and secret
 * claims the sign-in once and gets a new session. Sign-ins live 300 seconds.
 */
export function qrLoginService(
  db: Database,
  signIn: SignInService,
  sessions: ReturnType<typeof sessionService>,
  clock: Clock,
  provider: WechatProviderName,
  miniProgram: MiniProgramApi | undefined,
) {
  const ttlMs = QR_TICKET_TTL_SECONDS * 1000;

  async function findSignIn(signInId: string): Promise<SignInRow | undefined> {
    const [row] = await db.query<SignInRow>(
      `SELECT id, brand_id AS "brandId", provider, claim_secret_hash AS "claimSecretHash", remember,
         expires_at AS "expiresAt", scanned_at AS "scannedAt", confirmed_at AS "confirmedAt", user_id AS "userId",
         claimed_at AS "claimedAt", openid, mini_program_secret_hash AS "miniProgramSecretHash"
       FROM qr_login_ticket WHERE sign_in_id = $1`,
      [signInId],
    );
    return row;
  }

  function isLive(row: SignInRow, now: Date): boolean {
    return !row.claimedAt && row.expiresAt.getTime() > now.getTime();
  }

  return {
    provider,

    async create(
      tenant: Tenant,
      request: NewSignIn,
      baseUrl: string,
    ): Promise<EndpointResponse<typeof getQrcodeEndpoint>> {
      if (provider === 'off') throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.wechatSignIn.off);
      const signInId = newSignInId();
      const claimSecret = newSecret();
      // WeChat draws the code first: a refusal leaves no row behind.
      const code = miniProgram ? await miniProgram.miniProgramCode(signInId) : undefined;
      const now = clock();
      const expiresAt = new Date(now.getTime() + ttlMs);
      // Unauthenticated callers create rows (rate-limited per IP): each creation also removes old ones.
      await db.query(
        `DELETE FROM qr_login_ticket WHERE id IN (
           SELECT id FROM qr_login_ticket WHERE expires_at < $1 ORDER BY expires_at LIMIT $2)`,
        [new Date(now.getTime() - EXPIRED_KEPT_MS), EXPIRED_DELETED_PER_CREATE],
      );
      await db.query(
        `INSERT INTO qr_login_ticket (brand_id, sign_in_id, claim_secret_hash, provider, consent_version, ip, remember,
           created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          tenant.id,
          signInId,
          secretHash(claimSecret),
          provider,
          request.consentVersion,
          request.ip,
          request.remember,
          now,
          expiresAt,
        ],
      );
      const timing = { expiresIn: QR_TICKET_TTL_SECONDS, expiresAt: expiresAt.toISOString() };
      if (code) {
        const qrImage = `data:${code.contentType};base64,${code.image.toString('base64')}`;
        return { mode: 'wechat', signInId, claimSecret, qrImage, ...timing };
      }
      const qrUrl = `${baseUrl}${QR_CONFIRM_PATH}?id=${encodeURIComponent(signInId)}`;
      return { mode: 'sandbox', signInId, claimSecret, qrUrl, ...timing };
    },

    /**
     * The browser's poll. Without the right claim secret the answer is EXPIRED, whatever the sign-in's state; with
     * it, a confirmed sign-in is answered CONFIRMED once, with a new session, then EXPIRED.
     */
    async check(
      tenant: Tenant,
      signInId: string,
      claimSecret: string,
      baseUrl: string,
    ): Promise<EndpointResponse<typeof checkQrcodeEndpoint>> {
      const now = clock();
      const row = await findSignIn(signInId);
      if (!row || row.brandId !== tenant.id || !sameDigest(row.claimSecretHash, secretHash(claimSecret))) {
        return { status: 'EXPIRED' };
      }
      if (!isLive(row, now)) return { status: 'EXPIRED' };
      if (!row.confirmedAt || row.userId === null) return { status: row.scannedAt ? 'SCANNED' : 'WAITING' };
      const userId = row.userId;
      const signedIn = await db.transaction(async (tx) => {
        const claimed = await tx.query(
          `UPDATE qr_login_ticket SET claimed_at = $2 WHERE id = $1 AND claimed_at IS NULL AND expires_at > $2
           RETURNING id`,
          [row.id, now],
        );
        if (claimed.length === 0) return undefined;
        const user = await userQueries(tx).find(tenant.id, userId);
        if (!user || user.frozenAt) return undefined;
        return { user, session: await sessions.open(tx, user, row.remember, 'qr') };
      });
      if (!signedIn) return { status: 'EXPIRED' };
      sessions.ended(signedIn.user.id);
      return { status: 'CONFIRMED', ...(await signIn.result(signedIn.user, signedIn.session, baseUrl)) };
    },

    /** What the phone may do with a sign-in of this server's provider; `markScanned` makes it SCANNED. */
    async open(signInId: string, markScanned: boolean): Promise<SignInState> {
      const now = clock();
      const row = await findSignIn(signInId);
      if (!row || row.provider !== provider || !isLive(row, now)) return { kind: 'expired' };
      if (row.confirmedAt) return { kind: 'confirmed' };
      if (markScanned && !row.scannedAt) {
        await db.query('UPDATE qr_login_ticket SET scanned_at = $2 WHERE id = $1 AND scanned_at IS NULL', [
          row.id,
          now,
        ]);
      }
      return { kind: 'open', signIn: row };
    },

    /**
     * Binds an open sign-in to the WeChat user who scanned it first and answers a secret for that mini-program
     * session, which the phone-number step must send back; the same user may bind again (a new secret).
     * Undefined when another WeChat user holds it.
     */
    async bindMiniProgram(rowId: number, openid: string): Promise<string | undefined> {
      const secret = newSecret();
      const now = clock();
      const bound = await db.query(
        `UPDATE qr_login_ticket SET openid = $2, mini_program_secret_hash = $3, scanned_at = COALESCE(scanned_at, $4)
         WHERE id = $1 AND (openid IS NULL OR openid = $2) AND confirmed_at IS NULL AND claimed_at IS NULL
           AND expires_at > $4
         RETURNING id`,
        [rowId, openid, secretHash(secret), now],
      );
      return bound.length > 0 ? secret : undefined;
    },

    /** Whether `secret` is the one handed to the mini-program session bound to the sign-in. */
    holdsMiniProgramSecret(row: SignInRow, secret: string): boolean {
      return row.miniProgramSecretHash !== null && sameDigest(row.miniProgramSecretHash, secretHash(secret));
    },

    /**
     * Binds a sign-in to the user of a verified phone, once, and records the consent given in the browser
     * (personal_information_consent, channel 'qr'): false when the sign-in was confirmed or expired meanwhile.
     * The phone must have been verified by the caller (SMS code or WeChat's phone number).
     */
    async confirm(rowId: number, user: { id: number; mobile: string }): Promise<boolean> {
      const now = clock();
      return db.transaction(async (tx) => {
        const [confirmed] = await tx.query<{ brandId: string; consentVersion: string; ip: string }>(
          `UPDATE qr_login_ticket SET confirmed_at = $2, user_id = $3, scanned_at = COALESCE(scanned_at, $2)
           WHERE id = $1 AND confirmed_at IS NULL AND claimed_at IS NULL AND expires_at > $2
           RETURNING brand_id AS "brandId", consent_version AS "consentVersion", ip`,
          [rowId, now, user.id],
        );
        if (!confirmed) return false;
        await recordConsent(
          tx,
          {
            brandId: confirmed.brandId,
            mobile: user.mobile,
            policyVersion: confirmed.consentVersion,
            channel: 'qr',
            ip: confirmed.ip,
            userId: user.id,
          },
          now,
        );
        return true;
      });
    },
  };
}

export type QrLoginService = ReturnType<typeof qrLoginService>;

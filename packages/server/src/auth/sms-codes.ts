import type { SmsPurpose } from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { clientNetwork } from '../security/client-network';
import { type Consent, recordConsent } from './consents';
import { lockKey, newSalt, newSmsCode, sameDigest, smsCodeHash } from './secrets';
import { SMS_FAILURE_OUTCOMES, SmsSendError } from './sms-failures';
import type { SmsProvider } from './sms-provider';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * docs/architecture.md §4 Auth: 6 digits, 5 minutes, single use, 5 tries; send limits per phone and per IP.
 * `unusedPerIpPerDay` counts one phone's codes sent from one network and never used (docs/operations.md,
 * Security): below the phone's hourly and daily limits, so a stranger, who cannot use the codes, cannot use up
 * someone else's allowance from one network, while the phone's owner, who uses them, never meets it.
 */
export const SMS_RULES = {
  codeTtlMs: 5 * MINUTE,
  maxAttempts: 5,
  perPhone: { resendMs: MINUTE, perHour: 5, perDay: 10, unusedPerIpPerDay: 3 },
  perIpPerHour: 30,
} as const;

/** Namespaces of the advisory locks that serialise sends of one phone and of one IP across API nodes. */
const LOCK_PHONE = 7_202_612;
const LOCK_IP = 7_202_613;

/** '45 秒', '12 分钟', '3 小时 5 分钟': always rounded up, so retrying at the time said works. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / SECOND));
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} 分钟`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} 小时 ${rest} 分钟` : `${hours} 小时`;
}

/**
 * How long until one more send fits a window of `windowMs` allowing `max` sends, given the earlier sends
 * newest first: 0 when it fits now, else until the send that fills the window leaves it.
 */
function waitForWindow(sentNewestFirst: readonly Date[], now: Date, windowMs: number, max: number): number {
  const inWindow = sentNewestFirst.filter((sentAt) => now.getTime() - sentAt.getTime() < windowMs);
  const blocking = inWindow[max - 1];
  return blocking ? blocking.getTime() + windowMs - now.getTime() : 0;
}

function refuse(message: string, waitMs: number): never {
  throw new BusinessError(RESPONSE_CODES.TOO_MANY_REQUESTS, message, {
    retryAfter: Math.ceil(waitMs / SECOND),
  });
}

/** The member's answer to a failed send, after one log line telling the operator what happened and what to do. */
function sendFailure(error: unknown, request: SendCodeRequest, log: FastifyBaseLogger): BusinessError {
  const context = { brand: request.brandId, purpose: request.purpose };
  if (!(error instanceof SmsSendError)) {
    log.error({ ...context, err: error }, 'SMS not sent: the provider failed');
    return new BusinessError(RESPONSE_CODES.SERVER_ERROR, messages.auth.sendFailed);
  }
  const outcome = SMS_FAILURE_OUTCOMES[error.kind];
  log[outcome.level]({ ...context, ...error.detail, kind: error.kind }, `SMS not sent: ${outcome.advice}`);
  return new BusinessError(outcome.code, outcome.member);
}

export interface SendCodeRequest {
  brandId: string;
  mobile: string;
  purpose: SmsPurpose;
  ip: string;
  /** The consent the request carries (PIPL), recorded with the send it allows. */
  consent?: Pick<Consent, 'policyVersion' | 'channel' | 'userId'>;
}

/** The sends one IP may make in a window (at most a day: older sends are forgotten); null: no IP limit. */
export interface SmsIpLimit {
  max: number;
  windowMs: number;
}

export function smsCodeService(
  db: Database,
  sms: SmsProvider,
  clock: Clock,
  log: FastifyBaseLogger,
  ipLimit: SmsIpLimit | null = { max: SMS_RULES.perIpPerHour, windowMs: HOUR },
) {
  return {
    /**
     * Sends a new code unless a limit forbids it (429, saying when to retry). The limits are checked and the
     * send recorded in one transaction holding advisory locks on the phone and on the IP, so parallel
     * requests, on one node or several, cannot slip past them. The answer never depends on whether the phone
     * has an account.
     *
     * The vendor is called after that transaction (no connection is held while it answers); a send it refuses
     * then takes its record and its code back, so the member may retry at once with the full allowance. While
     * the call is under way the send counts, so parallel requests are refused rather than let past.
     */
    async send(sent: SendCodeRequest): Promise<{ expiresIn: number; resendAfter: number }> {
      // An IPv6 caller counts by its /64, all of which one attacker holds.
      const request = { ...sent, ip: clientNetwork(sent.ip) };
      const now = clock();
      const code = newSmsCode();
      const salt = newSalt();
      const recorded = await db.transaction(async (tx) => {
        // Phone first, then IP, in every transaction: two sends never wait for each other in a cycle.
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [
          LOCK_PHONE,
          lockKey(`${request.brandId}:${request.mobile}`),
        ]);
        await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_IP, lockKey(request.ip)]);
        const dayAgo = new Date(now.getTime() - DAY);
        await tx.query(
          'DELETE FROM sms_send_log WHERE sent_at <= $1 AND ((brand_id = $2 AND mobile = $3) OR ip = $4)',
          [dayAgo, request.brandId, request.mobile, request.ip],
        );
        await tx.query('DELETE FROM sms_code WHERE expires_at <= $1 AND brand_id = $2 AND mobile = $3', [
          dayAgo,
          request.brandId,
          request.mobile,
        ]);

        // A send's code is the phone's code created in the same transaction (the same `now`; one send a minute).
        const phoneLog = await tx.query<{ sentAt: Date; ip: string; used: boolean }>(
          `SELECT l.sent_at AS "sentAt", l.ip, c.consumed_at IS NOT NULL AS used
           FROM sms_send_log l
           LEFT JOIN sms_code c ON c.brand_id = l.brand_id AND c.mobile = l.mobile AND c.created_at = l.sent_at
           WHERE l.brand_id = $1 AND l.mobile = $2 AND l.sent_at > $3
           ORDER BY l.sent_at DESC LIMIT $4`,
          [request.brandId, request.mobile, dayAgo, SMS_RULES.perPhone.perDay],
        );
        const phoneSends = phoneLog.map((row) => row.sentAt);
        const unusedFromIp = phoneLog
          .filter((row) => row.ip === request.ip && !row.used)
          .map((row) => row.sentAt);
        const ipSends = ipLimit
          ? (
              await tx.query<{ sentAt: Date }>(
                `SELECT sent_at AS "sentAt" FROM sms_send_log WHERE ip = $1 AND sent_at > $2
                 ORDER BY sent_at DESC LIMIT $3`,
                [request.ip, new Date(now.getTime() - ipLimit.windowMs), ipLimit.max],
              )
            ).map((row) => row.sentAt)
          : [];

        // The limit that makes the caller wait longest is the one worth telling.
        const limits = [
          {
            wait: ipLimit ? waitForWindow(ipSends, now, ipLimit.windowMs, ipLimit.max) : 0,
            text: messages.auth.sendIpLimit,
          },
          {
            wait: waitForWindow(unusedFromIp, now, DAY, SMS_RULES.perPhone.unusedPerIpPerDay),
            text: messages.auth.sendIpLimit,
          },
          {
            wait: waitForWindow(phoneSends, now, DAY, SMS_RULES.perPhone.perDay),
            text: (wait: string) => messages.auth.sendDailyLimit(SMS_RULES.perPhone.perDay, wait),
          },
          {
            wait: waitForWindow(phoneSends, now, HOUR, SMS_RULES.perPhone.perHour),
            text: (wait: string) => messages.auth.sendHourlyLimit(SMS_RULES.perPhone.perHour, wait),
          },
          {
            wait: waitForWindow(phoneSends, now, SMS_RULES.perPhone.resendMs, 1),
            text: messages.auth.sendTooSoon,
          },
        ];
        const binding = limits.reduce((longest, limit) => (limit.wait > longest.wait ? limit : longest));
        if (binding.wait > 0) refuse(binding.text(waitText(binding.wait)), binding.wait);

        // Every code sent has the consent that allowed it, written with it (the caller's own address, not the /64).
        if (sent.consent) {
          await recordConsent(
            tx,
            { brandId: sent.brandId, mobile: sent.mobile, ip: sent.ip, ...sent.consent },
            now,
          );
        }

        const [sendLog] = await tx.query<{ id: string }>(
          `INSERT INTO sms_send_log (brand_id, mobile, ip, purpose, sent_at) VALUES ($1, $2, $3, $4, $5)
           RETURNING id`,
          [request.brandId, request.mobile, request.ip, request.purpose, now],
        );
        const [storedCode] = await tx.query<{ id: string }>(
          `INSERT INTO sms_code (brand_id, mobile, purpose, code_hash, salt, created_at, expires_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
          [
            request.brandId,
            request.mobile,
            request.purpose,
            smsCodeHash(salt, code),
            salt,
            now,
            new Date(now.getTime() + SMS_RULES.codeTtlMs),
          ],
        );
        if (!sendLog || !storedCode) throw new Error('the SMS send was not recorded');
        return { sendLogId: sendLog.id, codeId: storedCode.id };
      });

      try {
        await sms.send({ brand: request.brandId, mobile: request.mobile, code, purpose: request.purpose });
      } catch (error) {
        // Not sent: neither counted nor usable. A client hammering a failing vendor meets the per-IP burst
        // limit in front of this endpoint (RATE_LIMITS sms-ip) and the vendor's own limits.
        const failure = sendFailure(error, request, log);
        await db.transaction(async (tx) => {
          await tx.query('DELETE FROM sms_send_log WHERE id = $1', [recorded.sendLogId]);
          await tx.query('DELETE FROM sms_code WHERE id = $1', [recorded.codeId]);
        });
        throw failure;
      }
      return {
        expiresIn: SMS_RULES.codeTtlMs / SECOND,
        resendAfter: SMS_RULES.perPhone.resendMs / SECOND,
      };
    },

    /**
     * Accepts the newest code sent to `mobile` for `purpose` once, or throws 400: missing, expired, used,
     * wrong (saying how many tries are left) or dead after too many wrong tries. Runs outside any
     * transaction on purpose: a wrong try must be counted even though the caller's request fails.
     */
    async verify(brandId: string, mobile: string, purpose: SmsPurpose, code: string): Promise<void> {
      const now = clock();
      const [latest] = await db.query<{
        id: number;
        codeHash: string;
        salt: string;
        expiresAt: Date;
        attempts: number;
        consumedAt: Date | null;
      }>(
        `SELECT id, code_hash AS "codeHash", salt, expires_at AS "expiresAt", attempts, consumed_at AS "consumedAt"
         FROM sms_code WHERE brand_id = $1 AND mobile = $2 AND purpose = $3
         ORDER BY created_at DESC, id DESC LIMIT 1`,
        [brandId, mobile, purpose],
      );
      if (!latest) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.auth.codeMissing);
      if (latest.consumedAt || latest.expiresAt.getTime() <= now.getTime()) {
        throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.auth.codeExpired);
      }
      if (latest.attempts >= SMS_RULES.maxAttempts) {
        throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.auth.codeDead);
      }
      if (!sameDigest(smsCodeHash(latest.salt, code), latest.codeHash)) {
        const [counted] = await db.query<{ attempts: number }>(
          'UPDATE sms_code SET attempts = attempts + 1 WHERE id = $1 RETURNING attempts',
          [latest.id],
        );
        const left = SMS_RULES.maxAttempts - (counted?.attempts ?? SMS_RULES.maxAttempts);
        throw new BusinessError(
          RESPONSE_CODES.BAD_REQUEST,
          left > 0 ? messages.auth.codeWrong(left) : messages.auth.codeDead,
        );
      }
      // Single use, and only while fewer than the allowed wrong tries were counted, even under racing tries.
      const consumed = await db.query(
        `UPDATE sms_code SET consumed_at = $2
         WHERE id = $1 AND consumed_at IS NULL AND attempts < $3 AND expires_at > $2 RETURNING id`,
        [latest.id, now, SMS_RULES.maxAttempts],
      );
      if (consumed.length === 0)
        throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.auth.codeExpired);
    },
  };
}

export type SmsCodeService = ReturnType<typeof smsCodeService>;

import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { RESPONSE_CODES } from '@tender/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { isPublicAddress } from '../push/robot-address';
import { postToPublicHttps, type WebhookNetwork } from '../push/webhooks';

/**
 * The webhook of an API key (docs/open-api.md "Webhook"): every new match of the key owner's subscriptions (the
 * keyword feed and the 即将到期 subscription) is queued
 * as a delivery and POSTed, signed, to the member's https endpoint through the same SSRF-safe sender as the group
 * robots (src/push/webhooks.ts `postToPublicHttps`: public addresses only, the checked address connected to, no
 * redirects); failures are retried with back-off, and every delivery's state is the member's delivery log.
 */

/** Attempts per delivery; the waits between them double from 30 s (30 s, 1, 2, 4, 8 min). */
export const WEBHOOK_ATTEMPTS = 6;
const FIRST_RETRY_MS = 30_000;
/** A receiver that has not answered by then has failed this attempt. */
const TIMEOUT_MS = 5_000;
/** Deliveries sent per tick, and in flight at once. */
const BATCH = 20;
/** A claimed delivery is not claimed again (by this or another node) for this long: longer than an attempt. */
const CLAIM_MS = 60_000;
/** Matches queued per tick. */
const QUEUE_BATCH = 500;

export const SIGNATURE_HEADER = 'x-tender-signature';
export const TIMESTAMP_HEADER = 'x-tender-timestamp';
export const DELIVERY_HEADER = 'x-tender-delivery';

/** `sha256=` + hex HMAC-SHA256(secret, "<timestamp>.<body>"): the timestamp signed with the body, against replays. */
export function webhookSignature(secret: string, timestampSeconds: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${body}`).digest('hex')}`;
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function retryDelayMs(attempts: number): number {
  return FIRST_RETRY_MS * 2 ** (attempts - 1);
}

/**
 * Refuses at save what can never be delivered: a name for this machine, or an IP literal that is not public. A host
 * name is checked again with its DNS answers at every delivery (its answers may change).
 */
export function checkMemberWebhookUrl(value: string): void {
  const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
  const local = host === 'localhost' || host.endsWith('.localhost') || !host.includes('.');
  if (local || (isIP(host) !== 0 && !isPublicAddress(host))) {
    throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.openApi.webhookNotPublic);
  }
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

interface DueDelivery {
  id: number;
  url: string;
  secret: string;
  payload: unknown;
  attempts: number;
}

export function keyWebhooks(options: {
  db: Database;
  clock: Clock;
  network: WebhookNetwork;
  log: FastifyBaseLogger;
}) {
  const { db, clock, network, log } = options;

  /** Queues the matches after each key's cursor, moving the cursors, in one statement. */
  async function queue(): Promise<number> {
    const [row] = await db.query<{ queued: number }>(
      `WITH fresh AS (
         SELECT k.id AS key_id, k.user_id, f.id AS feed_id,
                jsonb_build_object(
                  'event', 'subscription.match', 'feedId', f.id, 'matchedAt', f.matched_at, 'feed', f.feed,
                  'words', to_jsonb(f.words), 'monitorKinds', to_jsonb(f.monitor_kinds),
                  'item', jsonb_build_object(
                    'id', t.id, 'type', t.doc_type, 'title', t.title, 'publishDate', t.publish_date,
                    'provinceCode', t.province_code, 'cityCode', t.city_code,
                    'budgetFen', t.budget_fen, 'awardFen', t.award_fen)) AS payload
           FROM api_key k
           JOIN subscription_feed f ON f.user_id = k.user_id AND f.id > k.webhook_cursor
           JOIN tender_item t ON t.id = f.item_id
          WHERE k.webhook_url IS NOT NULL AND k.revoked_at IS NULL
          ORDER BY f.id
          LIMIT ${QUEUE_BATCH}
       ), queued AS (
         INSERT INTO api_webhook_delivery (api_key_id, user_id, feed_id, payload, status, next_attempt_at, created_at)
         SELECT key_id, user_id, feed_id, payload, 'pending', $1, $1 FROM fresh
         ON CONFLICT (api_key_id, feed_id) DO NOTHING
         RETURNING 1
       ), moved AS (
         UPDATE api_key k SET webhook_cursor = m.last
           FROM (SELECT key_id, max(feed_id) AS last FROM fresh GROUP BY key_id) m
          WHERE k.id = m.key_id AND k.webhook_cursor < m.last
       )
       SELECT count(*)::int AS queued FROM queued`,
      [clock()],
    );
    return row?.queued ?? 0;
  }

  /**
   * Queues the 即将到期 subscription's new matches (src/renewal/matches.ts) after each key's renewal cursor, as
   * `renewal.match` events with the evidence, moving the cursors.
   */
  async function queueRenewals(): Promise<number> {
    const [row] = await db.query<{ queued: number }>(
      `WITH fresh AS (
         SELECT k.id AS key_id, k.user_id, m.id AS match_id,
                jsonb_build_object(
                  'event', 'renewal.match', 'renewalMatchId', m.id, 'matchedAt', m.matched_at,
                  'item', jsonb_build_object(
                    'id', t.id, 'type', t.doc_type, 'title', t.title, 'publishDate', t.publish_date,
                    'provinceCode', t.province_code, 'cityCode', t.city_code, 'awardFen', t.award_fen),
                  'periodText', c.period_text, 'predictedEndDate', to_char(c.predicted_end_date, 'YYYY-MM-DD'),
                  'endBasis', c.end_basis) AS payload
           FROM api_key k
           JOIN renewal_match m ON m.user_id = k.user_id AND m.brand_id = k.brand_id AND m.id > k.renewal_cursor
           JOIN tender_item t ON t.id = m.item_id
           JOIN contract_period c ON c.item_id = m.item_id
          WHERE k.webhook_url IS NOT NULL AND k.revoked_at IS NULL
          ORDER BY m.id
          LIMIT ${QUEUE_BATCH}
       ), queued AS (
         INSERT INTO api_webhook_delivery
           (api_key_id, user_id, renewal_match_id, payload, status, next_attempt_at, created_at)
         SELECT key_id, user_id, match_id, payload, 'pending', $1, $1 FROM fresh
         ON CONFLICT (api_key_id, renewal_match_id) DO NOTHING
         RETURNING 1
       ), moved AS (
         UPDATE api_key k SET renewal_cursor = m.last
           FROM (SELECT key_id, max(match_id) AS last FROM fresh GROUP BY key_id) m
          WHERE k.id = m.key_id AND k.renewal_cursor < m.last
       )
       SELECT count(*)::int AS queued FROM queued`,
      [clock()],
    );
    return row?.queued ?? 0;
  }

  /** Claims the due deliveries (so another node does not send them at the same time) and sends them. */
  async function sendDue(): Promise<void> {
    const now = clock();
    const due = await db.query<DueDelivery>(
      `UPDATE api_webhook_delivery d SET next_attempt_at = $2
         FROM api_key k
        WHERE d.id IN (SELECT id FROM api_webhook_delivery
                        WHERE status = 'pending' AND next_attempt_at <= $1
                        ORDER BY next_attempt_at, id LIMIT ${BATCH})
          AND k.id = d.api_key_id
       RETURNING d.id, k.webhook_url AS url, k.webhook_secret AS secret, d.payload, d.attempts,
                 k.revoked_at IS NULL AS live`,
      [now, new Date(now.getTime() + CLAIM_MS)],
    );
    await Promise.all(due.map((delivery) => send(delivery as DueDelivery & { live: boolean })));
  }

  async function send(delivery: DueDelivery & { live: boolean }): Promise<void> {
    const attempts = delivery.attempts + 1;
    let error: string | null = null;
    const gone = !delivery.live || !delivery.url || !delivery.secret;
    if (gone) {
      error = messages.openApi.webhookGone;
    } else {
      const body = JSON.stringify({ deliveryId: Number(delivery.id), ...(delivery.payload as object) });
      const timestamp = Math.floor(clock().getTime() / 1000);
      try {
        await postToPublicHttps(
          delivery.url,
          body,
          {
            [SIGNATURE_HEADER]: webhookSignature(delivery.secret, timestamp, body),
            [TIMESTAMP_HEADER]: String(timestamp),
            [DELIVERY_HEADER]: String(delivery.id),
          },
          network,
          AbortSignal.timeout(TIMEOUT_MS),
          'Webhook ',
        );
      } catch (failure) {
        error = String((failure as Error).message ?? failure).slice(0, 500);
      }
    }
    const now = clock();
    if (error === null) {
      await db.query(
        `UPDATE api_webhook_delivery SET status = 'delivered', attempts = $2, delivered_at = $3, last_error = NULL
          WHERE id = $1`,
        [delivery.id, attempts, now],
      );
      return;
    }
    const final = gone || attempts >= WEBHOOK_ATTEMPTS;
    log.warn({ deliveryId: delivery.id, attempts, error }, 'api key webhook delivery failed');
    await db.query(
      `UPDATE api_webhook_delivery SET status = $2, attempts = $3, last_error = $4, next_attempt_at = $5 WHERE id = $1`,
      [
        delivery.id,
        final ? 'failed' : 'pending',
        attempts,
        error,
        new Date(now.getTime() + retryDelayMs(attempts)),
      ],
    );
  }

  return {
    /** One round: queue the new matches, then send what is due. */
    async tick(): Promise<void> {
      await queue();
      await queueRenewals();
      await sendDue();
    },
  };
}

/** Runs {@link keyWebhooks} every `intervalMs` until the returned stop is called. */
export function startKeyWebhooks(
  options: Parameters<typeof keyWebhooks>[0] & { intervalMs: number },
): () => Promise<void> {
  const webhooks = keyWebhooks(options);
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const timer = setInterval(() => {
    running = running
      .then(() => (stopped ? undefined : webhooks.tick()))
      .catch((error: unknown) => {
        options.log.error({ error: String(error) }, 'api key webhooks failed');
      });
  }, options.intervalMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}

import { formatDateTime } from '@tender/domain';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { Queryable } from '../db/database';
import { regionView, typeName } from '../details/present';
import { escapeHtml } from '../http/html-page';
import { messages } from '../messages';

/** What sends one e-mail: nodemailer's SMTP transport in production, the same in tests against a local receiver. */
export interface Mailer {
  send(message: { to: string; subject: string; text: string; html: string }): Promise<void>;
}

/** A mailer for `SMTP_URL` (smtp://user:pass@host:port, smtps:// for TLS), sending as `from`. */
export function smtpMailer(url: string, from: string): Mailer {
  const transport = createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
  };
}

const CHINA_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;
/** The digest lists at most this many items; the rest are counted. */
const MAX_DIGEST_ITEMS = 50;

/** The China day before `now` ('YYYY-MM-DD'): the day a digest sent this morning covers. */
export function previousChinaDay(now: Date): string {
  return new Date(now.getTime() + CHINA_OFFSET_MS - DAY_MS).toISOString().slice(0, 10);
}

/** One line of the digest: a keyword subscription's match, or a 即将到期 contract (its predicted end). */
interface DigestItem {
  title: string;
  typeName: string;
  provinceCode: string | null;
  cityCode: string | null;
  publishDate: string;
  words: string[];
  predictedEndDate?: string | null;
}

/** The e-mail of one user's day: plain text and HTML listing the contracts about to end, then the matched items. */
export function composeDigest(brandName: string, day: string, items: readonly DigestItem[], total: number) {
  const lines = items.map((item) => {
    const region = regionView(item.provinceCode, item.cityCode, null).regionText;
    const title = item.predictedEndDate
      ? messages.renewal.pushLine(item.title, item.predictedEndDate)
      : item.title;
    return {
      text: `【${item.typeName}】${title}${region ? `（${region}）` : ''} ${item.publishDate}${
        item.words.length ? ` 关键词：${item.words.join('、')}` : ''
      }`,
      typeName: item.typeName,
      title,
      publishDate: item.publishDate,
      region,
    };
  });
  const more = total > items.length ? `另有 ${total - items.length} 条，请登录${brandName}查看。` : '';
  const subject = messages.subscriptions.digestSubject(brandName, day, total);
  const text = [subject, '', ...lines.map((line) => line.text), more].filter(Boolean).join('\n');
  const html = `<h3>${escapeHtml(subject)}</h3><ol>${lines
    .map(
      (line) =>
        `<li>【${escapeHtml(line.typeName)}】${escapeHtml(line.title)} ${escapeHtml(line.region)} ${escapeHtml(
          line.publishDate,
        )}</li>`,
    )
    .join('')}</ol>${more ? `<p>${escapeHtml(more)}</p>` : ''}`;
  return { subject, text, html };
}

/**
 * Sends every account with a digest address what was matched for it on `day` (China time) — its keyword
 * subscriptions' items and its 即将到期 subscription's contracts (`renewal_match`) — once: the
 * `digest_sent` row is taken before sending and given back when sending fails, so a second run (another node,
 * a restart) sends nothing twice and a failed one is retried. Accounts without matches that day get nothing.
 */
export async function sendDailyDigests(
  db: Queryable,
  mailer: Mailer,
  day: string,
  now: Date,
  log?: FastifyBaseLogger,
): Promise<{ sent: number; failed: number }> {
  const from = new Date(`${day}T00:00:00+08:00`);
  const until = new Date(from.getTime() + DAY_MS);
  const accounts = await db.query<{
    userId: number;
    brandId: string;
    email: string;
    brandName: string;
    total: number;
  }>(
    `SELECT s.user_id AS "userId", s.brand_id AS "brandId", s.digest_email AS email, b.name AS "brandName",
            feed.n + renewal.n AS total
       FROM push_setting s
       JOIN brand b ON b.id = s.brand_id
      CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM subscription_feed f
                           WHERE f.user_id = s.user_id AND f.matched_at >= $1 AND f.matched_at < $2) feed
      CROSS JOIN LATERAL (SELECT count(*)::int AS n FROM renewal_match m
                           WHERE m.user_id = s.user_id AND m.brand_id = s.brand_id
                             AND m.matched_at >= $1 AND m.matched_at < $2) renewal
      WHERE s.digest_email IS NOT NULL AND feed.n + renewal.n > 0
        AND NOT EXISTS (SELECT 1 FROM digest_sent d WHERE d.user_id = s.user_id AND d.day = $3)`,
    [from, until, day],
  );
  let sent = 0;
  let failed = 0;
  for (const account of accounts) {
    const claimed = await db.query(
      `INSERT INTO digest_sent (user_id, day, items, sent_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING 1`,
      [account.userId, day, account.total, now],
    );
    if (claimed.length === 0) continue;
    // The day's contracts about to end come first (few, and each one a sale to prepare), then the keyword matches.
    const renewals = await db.query<DigestItem>(
      `SELECT t.title, $4::text AS "typeName", t.province_code AS "provinceCode", t.city_code AS "cityCode",
              t.publish_date AS "publishDate", ARRAY[]::text[] AS words,
              to_char(m.predicted_end_date, 'YYYY-MM-DD') AS "predictedEndDate"
         FROM renewal_match m JOIN tender_item t ON t.id = m.item_id
        WHERE m.user_id = $1 AND m.brand_id = $5 AND m.matched_at >= $2 AND m.matched_at < $3
        ORDER BY m.predicted_end_date, m.id LIMIT ${MAX_DIGEST_ITEMS}`,
      [account.userId, from, until, messages.renewal.typeName, account.brandId],
    );
    const matches = await db.query<Omit<DigestItem, 'typeName'> & { docType: string }>(
      `SELECT t.title, t.doc_type AS "docType", t.province_code AS "provinceCode", t.city_code AS "cityCode",
              t.publish_date AS "publishDate", f.words
         FROM subscription_feed f JOIN tender_item t ON t.id = f.item_id
        WHERE f.user_id = $1 AND f.matched_at >= $2 AND f.matched_at < $3
        ORDER BY f.id DESC LIMIT ${MAX_DIGEST_ITEMS - renewals.length}`,
      [account.userId, from, until],
    );
    const items = [
      ...renewals,
      ...matches.map(({ docType, ...match }) => ({ ...match, typeName: typeName(docType) })),
    ];
    try {
      await mailer.send({
        to: account.email,
        ...composeDigest(account.brandName, day, items, account.total),
      });
      sent += 1;
    } catch (error) {
      failed += 1;
      await db.query('DELETE FROM digest_sent WHERE user_id = $1 AND day = $2', [account.userId, day]);
      log?.warn({ userId: account.userId, error: String(error) }, 'digest e-mail failed');
    }
  }
  return { sent, failed };
}

/** The hour (China time) from which yesterday's digests go out. */
export const DIGEST_HOUR = 8;

/** Checks every `intervalMs` whether it is past 08:00 in China and sends yesterday's digests not yet sent. */
export function startDailyDigest(options: {
  db: Queryable;
  mailer: Mailer;
  now: () => Date;
  intervalMs: number;
  log: FastifyBaseLogger;
}): () => void {
  let running = false;
  const timer = setInterval(() => {
    const now = options.now();
    const chinaHour = new Date(now.getTime() + CHINA_OFFSET_MS).getUTCHours();
    if (running || chinaHour < DIGEST_HOUR) return;
    running = true;
    sendDailyDigests(options.db, options.mailer, previousChinaDay(now), now, options.log)
      .then((result) => {
        if (result.sent || result.failed)
          options.log.info({ ...result, at: formatDateTime(now) }, 'daily digests');
      })
      .catch((error: unknown) => options.log.error({ error: String(error) }, 'daily digests failed'))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

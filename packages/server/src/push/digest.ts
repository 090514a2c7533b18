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

interface DigestItem {
  title: string;
  docType: string;
  provinceCode: string | null;
  cityCode: string | null;
  publishDate: string;
  words: string[];
}

/** The e-mail of one user's day: plain text and HTML listing the matched items, newest first. */
export function composeDigest(brandName: string, day: string, items: readonly DigestItem[], total: number) {
  const lines = items.map((item) => {
    const region = regionView(item.provinceCode, item.cityCode, null).regionText;
    return {
      text: `【${typeName(item.docType)}】${item.title}${region ? `（${region}）` : ''} ${item.publishDate}${
        item.words.length ? ` 关键词：${item.words.join('、')}` : ''
      }`,
      item,
      region,
    };
  });
  const more = total > items.length ? `另有 ${total - items.length} 条，请登录${brandName}查看。` : '';
  const subject = messages.subscriptions.digestSubject(brandName, day, total);
  const text = [subject, '', ...lines.map((line) => line.text), more].filter(Boolean).join('\n');
  const html = `<h3>${escapeHtml(subject)}</h3><ol>${lines
    .map(
      (line) =>
        `<li>【${escapeHtml(typeName(line.item.docType))}】${escapeHtml(line.item.title)} ${escapeHtml(line.region)} ${escapeHtml(
          line.item.publishDate,
        )}</li>`,
    )
    .join('')}</ol>${more ? `<p>${escapeHtml(more)}</p>` : ''}`;
  return { subject, text, html };
}

/**
 * Sends every account with a digest address the items matched for it on `day` (China time), once: the
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
  const accounts = await db.query<{ userId: number; email: string; brandName: string; total: number }>(
    `SELECT s.user_id AS "userId", s.digest_email AS email, b.name AS "brandName", count(f.id)::int AS total
       FROM push_setting s
       JOIN brand b ON b.id = s.brand_id
       JOIN subscription_feed f ON f.user_id = s.user_id AND f.matched_at >= $1 AND f.matched_at < $2
      WHERE s.digest_email IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM digest_sent d WHERE d.user_id = s.user_id AND d.day = $3)
      GROUP BY s.user_id, s.digest_email, b.name`,
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
    const items = await db.query<DigestItem>(
      `SELECT t.title, t.doc_type AS "docType", t.province_code AS "provinceCode", t.city_code AS "cityCode",
              t.publish_date AS "publishDate", f.words
         FROM subscription_feed f JOIN tender_item t ON t.id = f.item_id
        WHERE f.user_id = $1 AND f.matched_at >= $2 AND f.matched_at < $3
        ORDER BY f.id DESC LIMIT ${MAX_DIGEST_ITEMS}`,
      [account.userId, from, until],
    );
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

import { isRobotWebhookUrl } from '@tender/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { regionView, typeName } from '../details/present';
import { messages } from '../messages';
import { subscriptionPushLag } from '../observability/metrics';
import { recordRenewalMatches } from '../renewal/matches';
import { pushSettings } from './settings';
import { webhookDeliveries } from './webhook-deliveries';
import { type PushLine, type WebhookNetwork, webhookRequest } from './webhooks';
import type { PushHub } from './websocket';

/** Lines a robot message lists at most (robots limit message size and rate). */
const MAX_ROBOT_LINES = 10;
const BATCH = 1000;

interface NewFeedRow {
  feedId: number;
  brandId: string;
  userId: number;
  itemId: number;
  feed: 'bidding' | 'upfront';
  docType: string;
  title: string;
  provinceCode: string | null;
  cityCode: string | null;
  publishDate: string;
  groupIds: number[];
  monitorKinds: string[];
  words: string[];
  /** When the import matched the notice to the subscription: the start of the push lag. */
  matchedAt: Date;
}

interface NewRenewalRow {
  matchId: number;
  brandId: string;
  userId: number;
  itemId: number;
  title: string;
  provinceCode: string | null;
  cityCode: string | null;
  publishDate: string;
  periodText: string;
  predictedEndDate: string;
}

/**
 * Pushes new feed rows as they appear, whichever process matched them (this server's demo load, or
 * `tender-server import` against the same PostgreSQL): every `intervalMs` it reads the rows after the last one
 * pushed, sends each to the user's open websockets and queues, per user, one message to the user's group robot
 * (sent apart from this loop: src/push/webhook-deliveries.ts). Rows that existed when the server started are not
 * pushed again.
 */
export function startFeedPush(options: {
  db: Database;
  hub: PushHub;
  intervalMs: number;
  log: FastifyBaseLogger;
  now: () => Date;
  /** How robot messages leave (src/push/webhooks.ts). */
  network: WebhookNetwork;
  /** How often the 即将到期 subscriptions are matched again (src/renewal/matches.ts); 60 s unless told. */
  renewalMatchIntervalMs?: number;
}): () => Promise<void> {
  const { db, hub, log } = options;
  const settings = pushSettings(db);
  const deliveries = webhookDeliveries(options.network, log);
  let lastId: number | undefined;
  let lastRenewalId = 0;
  let renewalsMatchedAt = 0;
  const renewalMatchIntervalMs = options.renewalMatchIntervalMs ?? 60_000;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;

  async function tick(): Promise<void> {
    if (lastId === undefined) {
      const [row] = await db.query<{ last: number }>(
        'SELECT coalesce(max(id), 0) AS last FROM subscription_feed',
      );
      lastId = row?.last ?? 0;
      const [renewal] = await db.query<{ last: number }>(
        'SELECT coalesce(max(id), 0)::float8 AS last FROM renewal_match',
      );
      lastRenewalId = renewal?.last ?? 0;
      return;
    }
    const byUser = new Map<number, { brandId: string; lines: PushLine[] }>();
    const addLine = (userId: number, brandId: string, line: PushLine) => {
      const entry = byUser.get(userId) ?? { brandId, lines: [] };
      entry.lines.push(line);
      byUser.set(userId, entry);
    };
    await pushFeedRows(addLine);
    await pushRenewalMatches(addLine);
    await sendToRobots(byUser);
  }

  async function pushFeedRows(addLine: (userId: number, brandId: string, line: PushLine) => void) {
    const rows = await db.query<NewFeedRow>(
      `SELECT f.id AS "feedId", f.brand_id AS "brandId", f.user_id AS "userId", f.item_id AS "itemId", f.feed,
              f.doc_type AS "docType", t.title, t.province_code AS "provinceCode", t.city_code AS "cityCode",
              t.publish_date AS "publishDate", array_to_json(f.group_ids) AS "groupIds",
              f.monitor_kinds AS "monitorKinds", f.words, f.matched_at AS "matchedAt"
         FROM subscription_feed f JOIN tender_item t ON t.id = f.item_id
        WHERE f.id > $1 ORDER BY f.id LIMIT ${BATCH}`,
      [lastId],
    );
    if (rows.length === 0) return;
    lastId = rows[rows.length - 1]?.feedId ?? lastId;
    for (const row of rows) {
      const line: PushLine = {
        title: row.title,
        typeName: typeName(row.docType),
        regionText: regionView(row.provinceCode, row.cityCode, null).regionText,
        publishDate: row.publishDate,
      };
      const { matchedAt, ...feedRow } = row;
      hub.send(row.brandId, row.userId, { type: 'feed', data: { ...line, ...feedRow } });
      subscriptionPushLag.observe(Math.max(0, (Date.now() - new Date(matchedAt).getTime()) / 1000));
      addLine(row.userId, row.brandId, line);
    }
  }

  /**
   * The 即将到期 subscriptions' new matches (matched again every `renewalMatchIntervalMs`): one websocket message
   * `{type: 'renewal'}` per match, and a line in the member's robot message.
   */
  async function pushRenewalMatches(addLine: (userId: number, brandId: string, line: PushLine) => void) {
    // Paced by the machine's time; the day matched is the server clock's.
    if (Date.now() - renewalsMatchedAt >= renewalMatchIntervalMs) {
      renewalsMatchedAt = Date.now();
      await recordRenewalMatches(db, options.now());
    }
    const rows = await db.query<NewRenewalRow>(
      `SELECT m.id::float8 AS "matchId", m.brand_id AS "brandId", m.user_id AS "userId", m.item_id AS "itemId",
              t.title, t.province_code AS "provinceCode", t.city_code AS "cityCode", t.publish_date AS "publishDate",
              c.period_text AS "periodText", to_char(c.predicted_end_date, 'YYYY-MM-DD') AS "predictedEndDate"
         FROM renewal_match m JOIN tender_item t ON t.id = m.item_id JOIN contract_period c ON c.item_id = m.item_id
        WHERE m.id > $1 ORDER BY m.id LIMIT ${BATCH}`,
      [lastRenewalId],
    );
    if (rows.length === 0) return;
    lastRenewalId = rows[rows.length - 1]?.matchId ?? lastRenewalId;
    for (const row of rows) {
      const line: PushLine = {
        title: messages.renewal.pushLine(row.title, row.predictedEndDate),
        typeName: messages.renewal.typeName,
        regionText: regionView(row.provinceCode, row.cityCode, null).regionText,
        publishDate: row.publishDate,
      };
      hub.send(row.brandId, row.userId, { type: 'renewal', data: { ...line, ...row, title: row.title } });
      addLine(row.userId, row.brandId, line);
    }
  }

  async function sendToRobots(byUser: Map<number, { brandId: string; lines: PushLine[] }>) {
    if (byUser.size === 0) return;
    const robots = await settings.webhooksOf([...byUser.keys()]);
    for (const robot of robots) {
      const lines = byUser.get(robot.userId)?.lines ?? [];
      if (!robot.webhookKind || !robot.webhookUrl || lines.length === 0) continue;
      // An address saved under the old rule is never sent to; it must not stop the robots after it either.
      if (!isRobotWebhookUrl(robot.webhookUrl)) {
        log.warn(
          { userId: robot.userId, kind: robot.webhookKind },
          'robot address not a robot host, not sent',
        );
        continue;
      }
      deliveries.enqueue({
        request: webhookRequest(
          robot.webhookKind,
          robot.webhookUrl,
          robot.webhookSecret,
          messages.subscriptions.pushTitle(lines.length),
          lines.slice(0, MAX_ROBOT_LINES),
          options.now(),
        ),
        context: { userId: robot.userId, kind: robot.webhookKind },
      });
    }
  }

  const timer = setInterval(() => {
    running = running
      .then(() => (stopped ? undefined : tick()))
      .catch((error: unknown) => {
        log.error({ error: String(error) }, 'feed push failed');
      });
  }, options.intervalMs);
  // The first tick only records where pushing starts.
  running = tick().catch(() => {});
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
    await deliveries.stop();
  };
}

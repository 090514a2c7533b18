import type { Queryable } from '../db/database';

/** The SQL of browsing history and follows (migrations/0008_history.sql). Every query is one account's. */

/** What a line of 我的浏览历史 / 我的关注 shows of its item. */
export interface ListedItemRow {
  id: number;
  docType: string;
  title: string;
  provinceCode: string | null;
  cityCode: string | null;
  publishDate: string;
  budgetFen: number | null;
  budgetRaw: string | null;
  awardFen: number | null;
  awardRaw: string | null;
  totalInvestmentFen: number | null;
  totalInvestmentRaw: string | null;
  purchaserName: string | null;
  isCollect: boolean;
}

export interface BrowseRow extends ListedItemRow {
  day: string;
  lastViewedAt: Date;
  views: number;
}

export interface FollowRow extends ListedItemRow {
  followedAt: Date;
}

/** A detail view, as the browsing history records it; `day` is the China day (YYYY-MM-DD). */
export interface BrowseView {
  userId: number;
  itemId: number;
  itemType: string;
  day: string;
  at: Date;
}

export interface Page {
  limit: number;
  offset: number;
  /** Only this item type; undefined for all. */
  type: string | undefined;
}

/** The item columns of a list line; `$1` is the account (for isCollect), `h` the history or follow row. */
export const ITEM_COLUMNS = `t.id, t.doc_type AS "docType", t.title, t.province_code AS "provinceCode",
  t.city_code AS "cityCode", t.publish_date AS "publishDate", t.budget_fen AS "budgetFen",
  t.budget_raw AS "budgetRaw", t.award_fen AS "awardFen", t.award_raw AS "awardRaw",
  p.total_investment_fen AS "totalInvestmentFen", p.total_investment_raw AS "totalInvestmentRaw",
  (SELECT c.name FROM item_company l JOIN company c ON c.id = l.company_id
    WHERE l.item_id = t.id AND l.role = 'purchaser' ORDER BY l.lot, c.id LIMIT 1) AS "purchaserName"`;

export function historyQueries(db: Queryable) {
  return {
    /**
     * One line per account, item and day: a new view that day moves it to the top and counts. Several views in
     * one statement (ADR 0027), as if recorded one after another; the lines are taken in key order so that two
     * such statements never wait for each other in a circle.
     */
    async recordBrowses(views: readonly BrowseView[]): Promise<void> {
      await db.query(
        `INSERT INTO browse_history (user_id, item_id, item_type, day, first_viewed_at, last_viewed_at, views)
         SELECT user_id, item_id, min(item_type), day, min(at), max(at), count(*)
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::date[], $5::timestamptz[])
           AS v(user_id, item_id, item_type, day, at)
         GROUP BY user_id, item_id, day
         ORDER BY user_id, item_id, day
         ON CONFLICT (user_id, item_id, day) DO UPDATE SET
           last_viewed_at = GREATEST(browse_history.last_viewed_at, EXCLUDED.last_viewed_at),
           views = browse_history.views + EXCLUDED.views`,
        [
          views.map((view) => view.userId),
          views.map((view) => view.itemId),
          views.map((view) => view.itemType),
          views.map((view) => view.day),
          views.map((view) => view.at),
        ],
      );
    },

    async browsePage(userId: number, page: Page): Promise<BrowseRow[]> {
      const byType = page.type !== undefined;
      return db.query<BrowseRow>(
        `SELECT ${ITEM_COLUMNS}, h.day, h.last_viewed_at AS "lastViewedAt", h.views,
                EXISTS (SELECT 1 FROM item_follow f WHERE f.user_id = $1 AND f.item_id = t.id) AS "isCollect"
           FROM browse_history h
           JOIN tender_item t ON t.id = h.item_id
           LEFT JOIN project_detail p ON p.item_id = t.id
          WHERE h.user_id = $1 ${byType ? 'AND h.item_type = $4' : ''}
          ORDER BY h.last_viewed_at DESC, h.item_id DESC
          LIMIT $2 OFFSET $3`,
        byType ? [userId, page.limit, page.offset, page.type] : [userId, page.limit, page.offset],
      );
    },

    async browseCounts(userId: number): Promise<Map<string, number>> {
      const rows = await db.query<{ type: string; count: number }>(
        `SELECT item_type AS type, count(*)::int AS count FROM browse_history WHERE user_id = $1 GROUP BY item_type`,
        [userId],
      );
      return new Map(rows.map((row) => [row.type, row.count]));
    },

    /** Removes one item's lines (every day), or all of them; answers how many went. */
    async removeBrowse(userId: number, itemId: number | undefined): Promise<number> {
      const rows =
        itemId === undefined
          ? await db.query('DELETE FROM browse_history WHERE user_id = $1 RETURNING 1', [userId])
          : await db.query('DELETE FROM browse_history WHERE user_id = $1 AND item_id = $2 RETURNING 1', [
              userId,
              itemId,
            ]);
      return rows.length;
    },

    /** Following again keeps the first follow's time. */
    async follow(userId: number, item: { id: number; type: string }, now: Date): Promise<void> {
      await db.query(
        `INSERT INTO item_follow (user_id, item_id, item_type, followed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, item_id) DO NOTHING`,
        [userId, item.id, item.type, now],
      );
    },

    async unfollow(userId: number, itemId: number): Promise<void> {
      await db.query('DELETE FROM item_follow WHERE user_id = $1 AND item_id = $2', [userId, itemId]);
    },

    /** Which of these items the account follows. */
    async followed(userId: number, itemIds: readonly number[]): Promise<Set<number>> {
      if (itemIds.length === 0) return new Set();
      const rows = await db.query<{ itemId: number }>(
        'SELECT item_id AS "itemId" FROM item_follow WHERE user_id = $1 AND item_id = ANY($2::bigint[])',
        [userId, itemIds],
      );
      return new Set(rows.map((row) => row.itemId));
    },

    async followPage(userId: number, page: Page): Promise<FollowRow[]> {
      const byType = page.type !== undefined;
      return db.query<FollowRow>(
        `SELECT ${ITEM_COLUMNS}, h.followed_at AS "followedAt", true AS "isCollect"
           FROM item_follow h
           JOIN tender_item t ON t.id = h.item_id
           LEFT JOIN project_detail p ON p.item_id = t.id
          WHERE h.user_id = $1 ${byType ? 'AND h.item_type = $4' : ''}
          ORDER BY h.followed_at DESC, h.item_id DESC
          LIMIT $2 OFFSET $3`,
        byType ? [userId, page.limit, page.offset, page.type] : [userId, page.limit, page.offset],
      );
    },

    async followCounts(userId: number): Promise<Map<string, number>> {
      const rows = await db.query<{ type: string; count: number }>(
        `SELECT item_type AS type, count(*)::int AS count FROM item_follow WHERE user_id = $1 GROUP BY item_type`,
        [userId],
      );
      return new Map(rows.map((row) => [row.type, row.count]));
    },

    /** The types of these items (those that exist). */
    async itemTypes(itemIds: readonly number[]): Promise<Map<number, string>> {
      if (itemIds.length === 0) return new Map();
      const rows = await db.query<{ id: number; type: string }>(
        'SELECT id, doc_type AS type FROM tender_item WHERE id = ANY($1::bigint[])',
        [itemIds],
      );
      return new Map(rows.map((row) => [row.id, row.type]));
    },
  };
}

export type HistoryQueries = ReturnType<typeof historyQueries>;

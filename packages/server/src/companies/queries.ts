import type { Queryable } from '../db/database';

/**
 * SQL of company profiles, read from the links of migration 0004 (`item_company`, indexed by company, role and
 * item). Counting rules: an item counts once per role however many lots name the company; amounts are the
 * company's lots' awards (winner) and the budgets of the 招标公告 it published (purchaser).
 */

export interface CompanyRow {
  id: number;
  name: string;
  credit_code: string | null;
  province_code: string | null;
  city_code: string | null;
  district_code: string | null;
}

export interface RoleCountRow {
  company_id: number;
  purchaser: number;
  agency: number;
  winner: number;
  candidate: number;
  won_fen: number;
  purchase_budget_fen: number;
  last_active: string | null;
}

export interface RelatedRow {
  company_id: number;
  name: string;
  items: number;
  amount_fen: number;
}

export function companyQueries(db: Queryable) {
  return {
    async find(id: number): Promise<CompanyRow | undefined> {
      const [row] = await db.query<CompanyRow>(
        'SELECT id, name, credit_code, province_code, city_code, district_code FROM company WHERE id = $1',
        [id],
      );
      return row;
    },

    /** Companies whose name holds the keyword: candidates by the name tokens, checked on the name itself. */
    async search(
      tsquery: string,
      keyword: string,
      role: string | undefined,
      offset: number,
      limit: number,
      cap: number,
    ) {
      const roleFilter = role
        ? 'AND EXISTS (SELECT 1 FROM item_company l WHERE l.company_id = c.id AND l.role = $3)'
        : 'AND $3::text IS NULL';
      const matches = `SELECT c.id, c.name, c.credit_code, c.province_code, c.city_code, c.district_code
        FROM company c WHERE c.name_tokens @@ $1::tsquery AND strpos(c.name, $2) > 0 ${roleFilter}`;
      const [rows, [count]] = await Promise.all([
        db.query<CompanyRow>(`${matches} ORDER BY length(c.name), c.id LIMIT $4 OFFSET $5`, [
          tsquery,
          keyword,
          role ?? null,
          limit,
          offset,
        ]),
        db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${matches} LIMIT $4) m`, [
          tsquery,
          keyword,
          role ?? null,
          cap + 1,
        ]),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    async roleCounts(companyIds: readonly number[]): Promise<Map<number, RoleCountRow>> {
      if (companyIds.length === 0) return new Map();
      const rows = await db.query<RoleCountRow>(
        `SELECT l.company_id,
           count(DISTINCT l.item_id) FILTER (WHERE l.role = 'purchaser')::int AS purchaser,
           count(DISTINCT l.item_id) FILTER (WHERE l.role = 'agency')::int AS agency,
           count(DISTINCT l.item_id) FILTER (WHERE l.role = 'winner')::int AS winner,
           count(DISTINCT l.item_id) FILTER (WHERE l.role = 'candidate')::int AS candidate,
           coalesce(sum(l.award_fen) FILTER (WHERE l.role = 'winner'), 0)::bigint AS won_fen,
           coalesce(sum(i.budget_fen) FILTER (WHERE l.role = 'purchaser' AND i.doc_type = 'zb'), 0)::bigint
             AS purchase_budget_fen,
           max(i.publish_date) AS last_active
         FROM item_company l JOIN tender_item i ON i.id = l.item_id
         WHERE l.company_id = ANY($1::bigint[])
         GROUP BY l.company_id`,
        [companyIds],
      );
      return new Map(rows.map((row) => [Number(row.company_id), row]));
    },

    /** Items per period and role ('YYYY' or 'YYYY-MM'), from `since` on. */
    async history(companyId: number, period: 'year' | 'month', since: string | null) {
      const format = period === 'year' ? 'YYYY' : 'YYYY-MM';
      return db.query<{
        period: string;
        purchaser: number;
        agency: number;
        winner: number;
        candidate: number;
        won_fen: number;
      }>(
        `SELECT to_char(i.publish_date, '${format}') AS period,
           count(DISTINCT l.item_id) FILTER (WHERE l.role = 'purchaser')::int AS purchaser,
           count(DISTINCT l.item_id) FILTER (WHERE l.role = 'agency')::int AS agency,
           count(DISTINCT l.item_id) FILTER (WHERE l.role = 'winner')::int AS winner,
           count(DISTINCT l.item_id) FILTER (WHERE l.role = 'candidate')::int AS candidate,
           coalesce(sum(l.award_fen) FILTER (WHERE l.role = 'winner'), 0)::bigint AS won_fen
         FROM item_company l JOIN tender_item i ON i.id = l.item_id
         WHERE l.company_id = $1 AND ($2::date IS NULL OR i.publish_date >= $2::date)
         GROUP BY 1 ORDER BY 1`,
        [companyId, since],
      );
    },

    /** Distinct items per province or industry of the company's items, most first. */
    async distribution(companyId: number, column: 'province_code' | 'industry_code', limit: number) {
      return db.query<{ code: string; items: number }>(
        `SELECT i.${column} AS code, count(DISTINCT i.id)::int AS items
         FROM item_company l JOIN tender_item i ON i.id = l.item_id
         WHERE l.company_id = $1 AND i.${column} IS NOT NULL
         GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT $2`,
        [companyId, limit],
      );
    },

    /**
     * Companies in role `theirRole` on the items where this company has role `myRole` (partners: the winners of
     * its purchases, the purchasers of its wins, the agencies of its purchases). Amount: the awards of the lots
     * involved (winner side).
     */
    async partners(companyId: number, myRole: string, theirRole: string, limit: number) {
      return db.query<RelatedRow>(
        `SELECT o.company_id, c.name, count(DISTINCT o.item_id)::int AS items,
           coalesce(sum(CASE WHEN o.role = 'winner' THEN o.award_fen WHEN m.role = 'winner' THEN m.award_fen END), 0)::bigint
             AS amount_fen
         FROM item_company m
         JOIN item_company o ON o.item_id = m.item_id AND o.role = $3 AND o.company_id <> m.company_id
         JOIN company c ON c.id = o.company_id
         WHERE m.company_id = $1 AND m.role = $2
         GROUP BY o.company_id, c.name ORDER BY items DESC, amount_fen DESC, o.company_id LIMIT $4`,
        [companyId, myRole, theirRole, limit],
      );
    },

    /**
     * Rivals: other winners at the purchasers this company won at; `items` counts the shared purchasers, amount
     * the rival's awards there.
     */
    async rivals(companyId: number, limit: number) {
      return db.query<RelatedRow>(
        `WITH my_purchasers AS (
           SELECT DISTINCT p.company_id
           FROM item_company w JOIN item_company p ON p.item_id = w.item_id AND p.role = 'purchaser'
           WHERE w.company_id = $1 AND w.role = 'winner'
         )
         SELECT r.company_id, c.name, count(DISTINCT p.company_id)::int AS items,
           coalesce(sum(r.award_fen), 0)::bigint AS amount_fen
         FROM my_purchasers mp
         JOIN item_company p ON p.company_id = mp.company_id AND p.role = 'purchaser'
         JOIN item_company r ON r.item_id = p.item_id AND r.role = 'winner' AND r.company_id <> $1
         JOIN company c ON c.id = r.company_id
         GROUP BY r.company_id, c.name ORDER BY items DESC, amount_fen DESC, r.company_id LIMIT $2`,
        [companyId, limit],
      );
    },

    async historyItems(companyId: number, role: string | undefined, offset: number, limit: number) {
      const where = `l.company_id = $1 AND ($2::text IS NULL OR l.role = $2)`;
      const [rows, [count]] = await Promise.all([
        db.query<{
          id: number;
          doc_type: string;
          title: string;
          publish_date: string;
          role: 'purchaser' | 'agency' | 'winner' | 'candidate';
          notice_kind: string | null;
          province_code: string | null;
          city_code: string | null;
          district_code: string | null;
          amount_fen: number | null;
        }>(
          `SELECT i.id, i.doc_type, i.title, i.publish_date, l.role, i.notice_kind, i.province_code, i.city_code,
             i.district_code, coalesce(sum(l.award_fen), max(i.award_fen), max(i.budget_fen))::bigint AS amount_fen
           FROM item_company l JOIN tender_item i ON i.id = l.item_id
           WHERE ${where}
           GROUP BY i.id, l.role ORDER BY i.publish_date DESC, i.id DESC, l.role LIMIT $3 OFFSET $4`,
          [companyId, role ?? null, limit, offset],
        ),
        db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM (SELECT DISTINCT l.item_id, l.role FROM item_company l WHERE ${where}) d`,
          [companyId, role ?? null],
        ),
      ]);
      return { rows, total: count?.total ?? 0 };
    },

    async phoneBook(companyId: number, limit: number) {
      return db.query<{
        contact_phone: string;
        contact_name: string | null;
        address: string | null;
        items: number;
        last_seen: string;
        last_item_id: number;
      }>(
        `SELECT l.contact_phone,
           (array_agg(l.contact_name ORDER BY i.publish_date DESC, i.id DESC) FILTER (WHERE l.contact_name IS NOT NULL))[1]
             AS contact_name,
           (array_agg(l.address ORDER BY i.publish_date DESC, i.id DESC) FILTER (WHERE l.address IS NOT NULL))[1]
             AS address,
           count(DISTINCT l.item_id)::int AS items, max(i.publish_date) AS last_seen,
           (array_agg(i.id ORDER BY i.publish_date DESC, i.id DESC))[1] AS last_item_id
         FROM item_company l JOIN tender_item i ON i.id = l.item_id
         WHERE l.company_id = $1 AND l.contact_phone IS NOT NULL
         GROUP BY l.contact_phone ORDER BY last_seen DESC, items DESC LIMIT $2`,
        [companyId, limit],
      );
    },
  };
}

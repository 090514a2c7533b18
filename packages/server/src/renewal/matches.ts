import type { Queryable } from '../db/database';
import { chinaDay } from './expiring';

/**
 * Records the new matches of every 即将到期 subscription (migration 0035): each award whose predicted end falls
 * between today (China) and today + the subscription's days, in its regions and industries — the window
 * `expiringContracts` lists — that this member was not matched to before. A contract enters a window when its
 * period is read at import or when the days pass; either way it is recorded, and so pushed, once. Returns how many.
 */
export async function recordRenewalMatches(db: Queryable, now: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `INSERT INTO renewal_match (brand_id, user_id, item_id, predicted_end_date, matched_at)
     SELECT s.brand_id, s.user_id, c.item_id, c.predicted_end_date, $2
       FROM renewal_subscription s
       JOIN contract_period c ON c.predicted_end_date BETWEEN $1::date AND $1::date + s.within_days
       JOIN tender_item t ON t.id = c.item_id
      WHERE t.doc_type = 'jg' AND t.notice_kind IS DISTINCT FROM 'failed'
        AND (cardinality(s.area_codes) = 0 OR t.province_code = ANY(s.area_codes)
             OR t.city_code = ANY(s.area_codes) OR t.district_code = ANY(s.area_codes))
        AND (cardinality(s.industry_codes) = 0 OR t.industry_code = ANY(s.industry_codes))
      ORDER BY c.predicted_end_date, c.item_id
     ON CONFLICT (user_id, brand_id, item_id) DO NOTHING
     RETURNING id`,
    [chinaDay(now), now],
  );
  return rows.length;
}

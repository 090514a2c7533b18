import type { Queryable } from '../db/database';

/** A user's coupon (migrations/0007_orders.sql `coupon`), amounts in fen. */
export interface CouponRecord {
  id: number;
  userId: number;
  activityId: number | null;
  activityName: string;
  useGoodsType: string;
  orderFeeFen: number;
  faceValueFen: number;
  effectiveFrom: Date;
  effectiveUntil: Date;
  reservedOrderId: number | null;
  usedOrderId: number | null;
}

const couponColumns = `c.id, c.user_id AS "userId", c.activity_id AS "activityId",
  COALESCE(a.name, '') AS "activityName", c.use_goods_type AS "useGoodsType",
  c.order_fee_fen AS "orderFeeFen", c.face_value_fen AS "faceValueFen", c.effective_from AS "effectiveFrom",
  c.effective_until AS "effectiveUntil", c.reserved_order_id AS "reservedOrderId", c.used_order_id AS "usedOrderId"`;

/** An activity (migrations/0007_orders.sql `activity`) with the coupons joining it grants. */
export interface ActivityRecord {
  id: number;
  code: string;
  name: string;
  description: string;
  startsAt: Date | null;
  endsAt: Date | null;
  enabled: boolean;
  coupons: { useGoodsType: string; orderFeeFen: number; faceValueFen: number; validDays: number }[];
}

/** Every query names the brand and the user: nobody reads or spends another account's coupons. */
export function couponQueries(db: Queryable) {
  return {
    /**
     * Coupons the user may put on a new order at `now`: unused, held by no unpaid order, within their validity.
     * Best-first order is the domain's (pickBestCoupon); this is only the id order, for ties.
     */
    async usable(brandId: string, userId: number, now: Date): Promise<CouponRecord[]> {
      return db.query<CouponRecord>(
        `SELECT ${couponColumns} FROM coupon c LEFT JOIN activity a ON a.id = c.activity_id
         WHERE c.brand_id = $1 AND c.user_id = $2 AND c.used_order_id IS NULL AND c.reserved_order_id IS NULL
           AND c.effective_from <= $3 AND c.effective_until > $3
         ORDER BY c.id`,
        [brandId, userId, now],
      );
    },

    /**
     * The coupon dialog's list: usable ones (held by an unpaid order included) by expiry, then expired ones,
     * newest expiry first. Used coupons are not listed.
     */
    async listed(
      brandId: string,
      userId: number,
      now: Date,
      page: { limit: number; offset: number },
    ): Promise<{ records: CouponRecord[]; total: number }> {
      const where = `c.brand_id = $1 AND c.user_id = $2 AND c.used_order_id IS NULL`;
      const records = await db.query<CouponRecord>(
        `SELECT ${couponColumns} FROM coupon c LEFT JOIN activity a ON a.id = c.activity_id
         WHERE ${where}
         ORDER BY (c.effective_until > $3) DESC,
           CASE WHEN c.effective_until > $3 THEN c.effective_until END ASC,
           c.effective_until DESC, c.id
         LIMIT $4 OFFSET $5`,
        [brandId, userId, now, page.limit, page.offset],
      );
      const [count] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM coupon c WHERE ${where}`,
        [brandId, userId],
      );
      return { records, total: count?.total ?? 0 };
    },

    /** Holds a coupon for an unpaid order; false when it was no longer free (another order took it). */
    async reserve(couponId: number, userId: number, orderId: number): Promise<boolean> {
      const rows = await db.query(
        `UPDATE coupon SET reserved_order_id = $3
         WHERE id = $1 AND user_id = $2 AND reserved_order_id IS NULL AND used_order_id IS NULL RETURNING id`,
        [couponId, userId, orderId],
      );
      return rows.length > 0;
    },

    /** Frees the coupons held by orders that closed. */
    async release(orderIds: readonly number[]): Promise<void> {
      if (orderIds.length === 0) return;
      await db.query(
        'UPDATE coupon SET reserved_order_id = NULL WHERE reserved_order_id = ANY($1::bigint[])',
        [orderIds],
      );
    },

    /** Spends the coupon an order held, as part of the order's payment; false when it was not held by it. */
    async consume(couponId: number, orderId: number, now: Date): Promise<boolean> {
      const rows = await db.query(
        `UPDATE coupon SET used_order_id = $2, used_at = $3, reserved_order_id = NULL
         WHERE id = $1 AND reserved_order_id = $2 AND used_order_id IS NULL RETURNING id`,
        [couponId, orderId, now],
      );
      return rows.length > 0;
    },

    /** The activity of a brand a device can join at `now` (the newest first), or a given one. */
    async activities(brandId: string, now: Date, id?: number): Promise<ActivityRecord[]> {
      const rows = await db.query<
        Omit<ActivityRecord, 'coupons'> & {
          couponTerms: {
            useGoodsType: string;
            orderFeeFen: number;
            faceValueFen: number;
            validDays: number;
          }[];
        }
      >(
        `SELECT a.id, a.code, a.name, a.description, a.starts_at AS "startsAt", a.ends_at AS "endsAt", a.enabled,
           COALESCE((SELECT json_agg(json_build_object('useGoodsType', ac.use_goods_type,
                       'orderFeeFen', ac.order_fee_fen, 'faceValueFen', ac.face_value_fen,
                       'validDays', ac.valid_days) ORDER BY ac.position)
                     FROM activity_coupon ac WHERE ac.activity_id = a.id), '[]'::json) AS "couponTerms"
         FROM activity a
         WHERE a.brand_id = $1 AND a.enabled
           AND (a.starts_at IS NULL OR a.starts_at <= $2) AND (a.ends_at IS NULL OR a.ends_at > $2)
           AND ($3::bigint IS NULL OR a.id = $3)
         ORDER BY a.id DESC`,
        [brandId, now, id ?? null],
      );
      return rows.map(({ couponTerms, ...activity }) => ({ ...activity, coupons: couponTerms }));
    },

    async hasJoined(activityId: number, userId: number): Promise<boolean> {
      const rows = await db.query(
        'SELECT 1 FROM activity_participation WHERE activity_id = $1 AND user_id = $2',
        [activityId, userId],
      );
      return rows.length > 0;
    },

    /** Records the user joining; false when it had joined before (the key makes racing joins count once). */
    async join(activityId: number, userId: number, now: Date): Promise<boolean> {
      const rows = await db.query(
        `INSERT INTO activity_participation (activity_id, user_id, joined_at) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING user_id`,
        [activityId, userId, now],
      );
      return rows.length > 0;
    },

    /** Gives the user the activity's coupons, valid from `now` for each one's days; answers them. */
    async grantFromActivity(
      brandId: string,
      userId: number,
      activityId: number,
      now: Date,
    ): Promise<CouponRecord[]> {
      const inserted = await db.query<{ id: number }>(
        `INSERT INTO coupon (brand_id, user_id, activity_id, use_goods_type, order_fee_fen, face_value_fen,
           effective_from, effective_until, created_at)
         SELECT $1, $2, ac.activity_id, ac.use_goods_type, ac.order_fee_fen, ac.face_value_fen,
           $4::timestamptz, $4::timestamptz + make_interval(days => ac.valid_days), $4::timestamptz
         FROM activity_coupon ac WHERE ac.activity_id = $3 ORDER BY ac.position
         RETURNING id`,
        [brandId, userId, activityId, now],
      );
      if (inserted.length === 0) return [];
      return db.query<CouponRecord>(
        `SELECT ${couponColumns} FROM coupon c LEFT JOIN activity a ON a.id = c.activity_id
         WHERE c.id = ANY($1::bigint[]) ORDER BY c.id`,
        [inserted.map((row) => row.id)],
      );
    },

    /** One coupon of the user's (for an order's display). */
    async find(brandId: string, userId: number, couponId: number): Promise<CouponRecord | undefined> {
      const [row] = await db.query<CouponRecord>(
        `SELECT ${couponColumns} FROM coupon c LEFT JOIN activity a ON a.id = c.activity_id
         WHERE c.brand_id = $1 AND c.user_id = $2 AND c.id = $3`,
        [brandId, userId, couponId],
      );
      return row;
    },
  };
}

export type CouponQueries = ReturnType<typeof couponQueries>;

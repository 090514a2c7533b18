import { COUPON_GOODS_TYPE_ALL_CATEGORIES, yuanToFen } from '@tender/domain';
import type { Queryable } from '../db/database';

/** A coupon an activity grants; `useGoodsType` null: the member name of `forLevel` in the brand. */
interface DefaultActivityCoupon {
  forLevel: 'toubiaotong' | null;
  useGoodsType: string | null;
  orderFeeYuan: number;
  faceValueYuan: number;
  validDays: number;
}

/**
 * docs/business-rules.md Coupons: the first-login activity grants a ¥200 no-threshold coupon for toubiaotong and
 * a 满3000减500 coupon for all levels, each valid 30 days. Seed data: after the first start the database is the
 * truth (activity, activity_coupon).
 */
export const FIRST_LOGIN_ACTIVITY = {
  code: 'first-login',
  name: '新用户首次登录礼包',
  description: '首次登录即可领取：投标通 200 元无门槛优惠券、全品类满 3000 减 500 优惠券，各 30 天内有效',
  coupons: [
    { forLevel: 'toubiaotong', useGoodsType: null, orderFeeYuan: 0, faceValueYuan: 200, validDays: 30 },
    {
      forLevel: null,
      useGoodsType: COUPON_GOODS_TYPE_ALL_CATEGORIES,
      orderFeeYuan: 3000,
      faceValueYuan: 500,
      validDays: 30,
    },
  ] satisfies DefaultActivityCoupon[],
} as const;

/**
 * Adds the first-login activity to a brand that has never had it (an operator may disable or edit it; it is
 * never re-created or changed). Runs on every start for every brand, after the member levels exist.
 */
export async function seedCouponDefaults(db: Queryable, brandId: string): Promise<void> {
  const activity = FIRST_LOGIN_ACTIVITY;
  const [inserted] = await db.query<{ id: number }>(
    `INSERT INTO activity (brand_id, code, name, description) VALUES ($1, $2, $3, $4)
     ON CONFLICT (brand_id, code) DO NOTHING RETURNING id`,
    [brandId, activity.code, activity.name, activity.description],
  );
  if (!inserted) return;
  for (const [position, coupon] of activity.coupons.entries()) {
    await db.query(
      `INSERT INTO activity_coupon (activity_id, position, use_goods_type, order_fee_fen, face_value_fen, valid_days)
       VALUES ($1, $2,
         COALESCE($3, (SELECT member_name FROM member_type WHERE brand_id = $7 AND member_code = $8), $8),
         $4, $5, $6)`,
      [
        inserted.id,
        position,
        coupon.useGoodsType,
        yuanToFen(coupon.orderFeeYuan),
        yuanToFen(coupon.faceValueYuan),
        coupon.validDays,
        brandId,
        coupon.forLevel,
      ],
    );
  }
}

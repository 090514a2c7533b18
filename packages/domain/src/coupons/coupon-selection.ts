import { toEpochMillis } from '../format/date-time';
import { fenToYuan, yuanToFen } from '../money/fen';

/** spec §5: coupons of these goods types apply to every member level. */
export const COUPON_GOODS_TYPE_VIP = 'VIP会员';
export const COUPON_GOODS_TYPE_ADVANCED = '高级会员';
export const COUPON_GOODS_TYPE_ALL_CATEGORIES = '全品类';
export const ALL_LEVEL_COUPON_GOODS_TYPES = [
  COUPON_GOODS_TYPE_VIP,
  COUPON_GOODS_TYPE_ADVANCED,
  COUPON_GOODS_TYPE_ALL_CATEGORIES,
] as const;

/** The fields of a coupon the selection rule reads (spec §3 Coupon); amounts in yuan as on the wire. */
export interface CouponTerms {
  /** The member name the coupon is for, or one of {@link ALL_LEVEL_COUPON_GOODS_TYPES}. */
  useGoodsType: string;
  /** Minimum order amount in yuan; 0 means no threshold. */
  orderFee: number;
  /** Amount taken off, in yuan. */
  faceValue: number;
  /** Last valid moment: a timestamp or date text (read in China time). */
  effectiveEndDate?: number | string | null;
}

/** What is being bought: the product's price in yuan and the member name of its level. */
export interface CouponPurchase {
  price: number;
  memberName: string;
}

function isAmount(value: number): boolean {
  return Number.isFinite(value) && value >= 0;
}

/**
 * spec §5: a coupon is a candidate when its goods type matches the member name (or is an all-level type),
 * its minimum order amount is not above the price (equal is fine) and its face value is strictly below the
 * price. Comparisons are in integer fen. A coupon with a negative or non-finite amount is never a candidate.
 * Status and expiry are not part of the spec's rule: pass only coupons the user may still use.
 */
export function isCouponCandidate(coupon: CouponTerms, purchase: CouponPurchase): boolean {
  if (!isAmount(coupon.orderFee) || !isAmount(coupon.faceValue) || !isAmount(purchase.price)) return false;
  const goodsTypeMatches =
    coupon.useGoodsType === purchase.memberName ||
    (ALL_LEVEL_COUPON_GOODS_TYPES as readonly string[]).includes(coupon.useGoodsType);
  const priceFen = yuanToFen(purchase.price);
  return goodsTypeMatches && yuanToFen(coupon.orderFee) <= priceFen && yuanToFen(coupon.faceValue) < priceFen;
}

/** An unreadable or missing end date sorts as the latest expiry (it cannot be shown to expire sooner). */
function expiryOf(coupon: CouponTerms): number {
  return toEpochMillis(coupon.effectiveEndDate) ?? Number.POSITIVE_INFINITY;
}

/**
 * Orders two candidates best first (spec §5): highest face value; ties go to the earliest expiry, then to
 * the highest minimum order amount.
 */
export function compareCoupons(a: CouponTerms, b: CouponTerms): number {
  const byFaceValue = yuanToFen(b.faceValue) - yuanToFen(a.faceValue);
  if (byFaceValue !== 0) return byFaceValue;
  const expiryA = expiryOf(a);
  const expiryB = expiryOf(b);
  if (expiryA !== expiryB) return expiryA < expiryB ? -1 : 1;
  return yuanToFen(b.orderFee) - yuanToFen(a.orderFee);
}

/**
 * spec §5: the best candidate coupon for a purchase, or undefined when none qualifies.
 * When coupons tie on every criterion, the first in the given order wins.
 */
export function pickBestCoupon<C extends CouponTerms>(
  coupons: readonly C[],
  purchase: CouponPurchase,
): C | undefined {
  let best: C | undefined;
  for (const coupon of coupons) {
    if (!isCouponCandidate(coupon, purchase)) continue;
    if (best === undefined || compareCoupons(coupon, best) < 0) best = coupon;
  }
  return best;
}

/**
 * spec §5: price minus the coupon's face value, never below 0; the full price without a coupon.
 * Computed in fen, returned in yuan.
 * @throws RangeError when the price is negative or not finite.
 */
export function payableAmount(price: number, coupon?: Pick<CouponTerms, 'faceValue'>): number {
  if (!isAmount(price)) throw new RangeError(`Price must be a finite amount ≥ 0, got ${String(price)}`);
  const priceFen = yuanToFen(price);
  if (coupon === undefined) return fenToYuan(priceFen);
  return fenToYuan(Math.max(0, priceFen - yuanToFen(coupon.faceValue)));
}

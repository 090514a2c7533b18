import {
  type CouponTerms,
  fenToYuan,
  listPriceFen,
  membershipPriceFen,
  pickBestCoupon,
} from '@tender/domain';
import type { CouponRecord } from '../coupons/queries';
import type { ProductRecord } from './queries';

/** A product priced for a set of areas (docs/business-rules.md Products and prices). */
export interface PricedProduct {
  product: ProductRecord;
  /** The price for the areas, before any coupon. */
  priceFen: number;
  /** What it is compared with: the one-month price of the same areas × months (the modal's "save N yuan"). */
  listPriceFen: number;
}

/** Prices a level's products for the areas (['全国'] or province names) with the @tender/domain rules. */
export function priceProducts(products: readonly ProductRecord[], areas: readonly string[]): PricedProduct[] {
  const monthly = products.find((product) => product.months === 1);
  const monthlyFen = monthly ? membershipPriceFen(monthly, areas) : null;
  return products.map((product) => {
    const priceFen = membershipPriceFen(product, areas);
    return { product, priceFen, listPriceFen: listPriceFen(priceFen, product.months, monthlyFen) };
  });
}

/** A coupon in the terms spec §5's rule reads (yuan, as on the wire). */
function couponTerms(coupon: CouponRecord): CouponTerms & { record: CouponRecord } {
  return {
    record: coupon,
    useGoodsType: coupon.useGoodsType,
    orderFee: fenToYuan(coupon.orderFeeFen),
    faceValue: fenToYuan(coupon.faceValueFen),
    effectiveEndDate: coupon.effectiveUntil.getTime(),
  };
}

/**
 * spec §5 with @tender/domain's pickBestCoupon: among the usable coupons, the one an order of `priceFen` for the
 * level named `memberName` uses — or none. Pass only usable coupons (unused, unreserved, within validity).
 */
export function chooseCoupon(
  coupons: readonly CouponRecord[],
  priceFen: number,
  memberName: string,
): CouponRecord | undefined {
  return pickBestCoupon(coupons.map(couponTerms), { price: fenToYuan(priceFen), memberName })?.record;
}

import { COUPON_WIRE_STATUS, type Coupon } from '@tender/contracts';
import { fenToYuan, formatDateTime } from '@tender/domain';
import type { CouponRecord } from './queries';

/** spec §3 Coupon as the wire carries it: yuan, China time, status 1 usable / 2 used / 3 expired. */
export function couponWire(coupon: CouponRecord, now: Date): Coupon {
  const status =
    coupon.usedOrderId !== null
      ? COUPON_WIRE_STATUS.used
      : coupon.effectiveUntil.getTime() <= now.getTime()
        ? COUPON_WIRE_STATUS.expired
        : COUPON_WIRE_STATUS.unused;
  return {
    couponId: coupon.id,
    useGoodsType: coupon.useGoodsType,
    orderFee: fenToYuan(coupon.orderFeeFen),
    faceValue: fenToYuan(coupon.faceValueFen),
    effectiveEndDate: formatDateTime(coupon.effectiveUntil),
    status,
    activityName: coupon.activityName,
  };
}

import { COUPON_NO_EXPIRY_AFTER_YEAR, COUPON_TOTAL_CAP } from '../constants';
import { type DateInput, dateTimeParts, formatDateTime, toEpochMillis } from '../format/date-time';
import { messages } from '../messages';
import { formatYuan } from '../money/fen';

/** spec §2 Coupon dialog: status 1 is unused. */
export const COUPON_STATUS_UNUSED = 1;

/** spec §2 Coupon dialog: '无门槛' when orderFee is 0, otherwise '满{orderFee}元减{faceValue}'. */
export function couponThresholdText(coupon: { orderFee: number; faceValue: number }): string {
  if (coupon.orderFee === 0) return messages.coupon.noThreshold;
  return messages.coupon.threshold(formatYuan(coupon.orderFee), formatYuan(coupon.faceValue));
}

export type CouponStatusDisplay =
  | {
      usable: true;
      label: typeof messages.coupon.statusUnused;
      actionLabel: typeof messages.coupon.actionUse;
    }
  | { usable: false; label: typeof messages.coupon.statusExpired };

/** spec §2 Coupon dialog: status 1 → '待使用' with a '去使用' button; any other status → '已过期'. */
export function couponStatusDisplay(status: number): CouponStatusDisplay {
  return status === COUPON_STATUS_UNUSED
    ? { usable: true, label: messages.coupon.statusUnused, actionLabel: messages.coupon.actionUse }
    : { usable: false, label: messages.coupon.statusExpired };
}

/**
 * spec §2 Coupon dialog: a valid-until year above 2100 shows '无期限'; otherwise the date in China time
 * ('YYYY-MM-DD' unless another pattern is given). Unreadable text is shown as it came; nothing shows '-'.
 */
export function couponValidUntilText(
  effectiveEndDate: DateInput | null | undefined,
  pattern = 'YYYY-MM-DD',
): string {
  const millis = toEpochMillis(effectiveEndDate);
  if (millis === undefined) {
    const raw = effectiveEndDate == null ? '' : String(effectiveEndDate).trim();
    return raw === '' ? messages.table.emptyCell : raw;
  }
  if (dateTimeParts(millis).year > COUPON_NO_EXPIRY_AFTER_YEAR) return messages.coupon.noExpiry;
  return formatDateTime(millis, pattern);
}

/** spec §5/§9: the coupon total shown is capped at 250. */
export function displayedCouponTotal(total: number): number {
  return Math.min(Math.max(0, total), COUPON_TOTAL_CAP);
}

/** spec §2 Coupon dialog: the empty-state text. */
export const COUPON_EMPTY_TEXT = messages.coupon.empty;

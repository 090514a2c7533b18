import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUPON_EMPTY_TEXT,
  couponStatusDisplay,
  couponThresholdText,
  couponValidUntilText,
  displayedCouponTotal,
} from './coupon-display';

describe('couponThresholdText', () => {
  it("shows '无门槛' when the minimum order amount is 0", () => {
    expect(couponThresholdText({ orderFee: 0, faceValue: 200 })).toBe('无门槛');
  });

  it("shows '满{orderFee}元减{faceValue}' otherwise", () => {
    expect(couponThresholdText({ orderFee: 3000, faceValue: 500 })).toBe('满3000元减500');
    expect(couponThresholdText({ orderFee: 0.01, faceValue: 0.1 + 0.2 })).toBe('满0.01元减0.3');
  });
});

describe('couponStatusDisplay', () => {
  it("shows status 1 as '待使用' with a '去使用' button", () => {
    expect(couponStatusDisplay(1)).toEqual({ usable: true, label: '待使用', actionLabel: '去使用' });
  });

  it("shows any other status as '已过期' without a button", () => {
    for (const status of [0, 2, 3, -1]) {
      expect(couponStatusDisplay(status)).toEqual({ usable: false, label: '已过期' });
    }
  });
});

describe('couponValidUntilText', () => {
  it("shows '无期限' for a year above 2100", () => {
    expect(couponValidUntilText('2101-01-01 00:00:00')).toBe('无期限');
    expect(couponValidUntilText('2999-12-31')).toBe('无期限');
  });

  it('shows the date for the year 2100 and earlier', () => {
    expect(couponValidUntilText('2100-12-31 23:59:59')).toBe('2100-12-31');
    expect(couponValidUntilText('2025-06-30 23:59:59')).toBe('2025-06-30');
  });

  it('reads the year in China time', () => {
    // 2100-12-31T16:00Z is already 2101-01-01 in China
    expect(couponValidUntilText(Date.UTC(2100, 11, 31, 16))).toBe('无期限');
  });

  it('accepts timestamps and other patterns', () => {
    expect(couponValidUntilText(1_748_707_200)).toBe('2025-06-01');
    expect(couponValidUntilText(1_748_707_200, 'YYYY-MM-DD HH:mm:ss')).toBe('2025-06-01 00:00:00');
  });

  it("shows unreadable text as it came and a missing date as '-'", () => {
    expect(couponValidUntilText('长期有效')).toBe('长期有效');
    expect(couponValidUntilText(undefined)).toBe('-');
    expect(couponValidUntilText('')).toBe('-');
  });
});

describe('displayedCouponTotal', () => {
  it('caps the total at 250', () => {
    expect(displayedCouponTotal(0)).toBe(0);
    expect(displayedCouponTotal(249)).toBe(249);
    expect(displayedCouponTotal(250)).toBe(250);
    expect(displayedCouponTotal(251)).toBe(250);
  });

  it('never exceeds 250 nor the real total', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (total) => {
        expect(displayedCouponTotal(total)).toBe(Math.min(total, 250));
      }),
    );
  });
});

describe('coupon empty state', () => {
  it("reads '暂无优惠券'", () => {
    expect(COUPON_EMPTY_TEXT).toBe('暂无优惠券');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { yuanToFen } from '../money/fen';
import {
  ALL_LEVEL_COUPON_GOODS_TYPES,
  type CouponTerms,
  compareCoupons,
  isCouponCandidate,
  payableAmount,
  pickBestCoupon,
} from './coupon-selection';

const purchase = { price: 598, memberName: '投标通' };

function coupon(overrides: Partial<CouponTerms> & { id?: string } = {}): CouponTerms & { id: string } {
  return {
    id: 'c',
    useGoodsType: '投标通',
    orderFee: 0,
    faceValue: 100,
    effectiveEndDate: '2030-01-01 00:00:00',
    ...overrides,
  };
}

describe('isCouponCandidate', () => {
  it('accepts a coupon for the member name being bought', () => {
    expect(isCouponCandidate(coupon(), purchase)).toBe(true);
  });

  it('accepts the all-level goods types VIP会员, 高级会员 and 全品类 for any member', () => {
    expect(ALL_LEVEL_COUPON_GOODS_TYPES).toEqual(['VIP会员', '高级会员', '全品类']);
    for (const useGoodsType of ALL_LEVEL_COUPON_GOODS_TYPES) {
      expect(isCouponCandidate(coupon({ useGoodsType }), purchase)).toBe(true);
      expect(isCouponCandidate(coupon({ useGoodsType }), { price: 980, memberName: '企业通' })).toBe(true);
    }
  });

  it('rejects a coupon for another member level', () => {
    expect(isCouponCandidate(coupon({ useGoodsType: '企业通' }), purchase)).toBe(false);
    expect(isCouponCandidate(coupon({ useGoodsType: '' }), purchase)).toBe(false);
  });

  it('allows a minimum order amount equal to the price but not one fen above it', () => {
    expect(isCouponCandidate(coupon({ orderFee: 598 }), purchase)).toBe(true);
    expect(isCouponCandidate(coupon({ orderFee: 598.01 }), purchase)).toBe(false);
    expect(isCouponCandidate(coupon({ orderFee: 597.99 }), purchase)).toBe(true);
  });

  it('requires the face value strictly below the price', () => {
    expect(isCouponCandidate(coupon({ faceValue: 597.99 }), purchase)).toBe(true);
    expect(isCouponCandidate(coupon({ faceValue: 598 }), purchase)).toBe(false);
    expect(isCouponCandidate(coupon({ faceValue: 598.01 }), purchase)).toBe(false);
  });

  it('compares in fen, so float noise does not push an equal threshold above the price', () => {
    // 0.1 + 0.2 is 0.30000000000000004 in floating point, which a float comparison would call "above 0.3"
    expect(
      isCouponCandidate(coupon({ orderFee: 0.1 + 0.2, faceValue: 0.1 }), { ...purchase, price: 0.3 }),
    ).toBe(true);
    expect(isCouponCandidate(coupon({ faceValue: 0.1 + 0.2 }), { ...purchase, price: 0.3 })).toBe(false);
  });

  it('never accepts negative or non-finite amounts', () => {
    expect(isCouponCandidate(coupon({ faceValue: -1 }), purchase)).toBe(false);
    expect(isCouponCandidate(coupon({ orderFee: Number.NaN }), purchase)).toBe(false);
    expect(isCouponCandidate(coupon(), { ...purchase, price: Number.POSITIVE_INFINITY })).toBe(false);
  });
});

describe('pickBestCoupon', () => {
  it('returns undefined when no coupon qualifies', () => {
    expect(pickBestCoupon([], purchase)).toBeUndefined();
    expect(
      pickBestCoupon([coupon({ faceValue: 598 }), coupon({ useGoodsType: '企业通' })], purchase),
    ).toBeUndefined();
  });

  it('picks the highest face value, even over an earlier expiry or a higher threshold', () => {
    const small = coupon({ id: 'small', faceValue: 100, effectiveEndDate: '2025-01-01', orderFee: 500 });
    const big = coupon({ id: 'big', faceValue: 200, effectiveEndDate: '2030-01-01', orderFee: 0 });
    expect(pickBestCoupon([small, big], purchase)?.id).toBe('big');
    expect(pickBestCoupon([big, small], purchase)?.id).toBe('big');
  });

  it('skips a bigger coupon that is not a candidate', () => {
    const tooBig = coupon({ id: 'too-big', faceValue: 598 });
    const ok = coupon({ id: 'ok', faceValue: 100 });
    expect(pickBestCoupon([tooBig, ok], purchase)?.id).toBe('ok');
  });

  it('breaks a face-value tie by the earliest expiry', () => {
    const early = coupon({ id: 'early', effectiveEndDate: '2025-06-01 00:00:00', orderFee: 0 });
    const late = coupon({ id: 'late', effectiveEndDate: '2025-06-01 00:00:01', orderFee: 500 });
    expect(pickBestCoupon([early, late], purchase)?.id).toBe('early');
    expect(pickBestCoupon([late, early], purchase)?.id).toBe('early');
  });

  it('compares expiries as instants whatever their wire form', () => {
    const seconds = coupon({ id: 'seconds', effectiveEndDate: 1_748_707_200 }); // 2025-06-01 00:00 China
    const text = coupon({ id: 'text', effectiveEndDate: '2025-06-01 00:00:01' });
    expect(pickBestCoupon([text, seconds], purchase)?.id).toBe('seconds');
  });

  it('ranks a coupon without a readable expiry after any dated one', () => {
    const undated = coupon({ id: 'undated', effectiveEndDate: null });
    const dated = coupon({ id: 'dated', effectiveEndDate: '2099-12-31' });
    expect(pickBestCoupon([undated, dated], purchase)?.id).toBe('dated');
  });

  it('breaks a tie on face value and expiry by the highest minimum order amount', () => {
    const low = coupon({ id: 'low', orderFee: 100 });
    const high = coupon({ id: 'high', orderFee: 300 });
    expect(pickBestCoupon([low, high], purchase)?.id).toBe('high');
    expect(pickBestCoupon([high, low], purchase)?.id).toBe('high');
  });

  it('keeps the first of coupons that tie on every criterion', () => {
    const first = coupon({ id: 'first' });
    const second = coupon({ id: 'second' });
    expect(pickBestCoupon([first, second], purchase)?.id).toBe('first');
  });

  const amountFen = fc.integer({ min: 0, max: 2_000_000 });
  const couponArb = fc.record({
    id: fc.uuid(),
    useGoodsType: fc.constantFrom('投标通', '企业通', 'VIP会员', '高级会员', '全品类'),
    orderFee: amountFen.map((fen) => fen / 100),
    faceValue: amountFen.map((fen) => fen / 100),
    effectiveEndDate: fc.integer({ min: 1_700_000_000, max: 1_700_000_010 }),
  });
  const purchaseArb = fc.record({
    price: amountFen.map((fen) => fen / 100),
    memberName: fc.constantFrom('投标通', '企业通'),
  });

  it('picks a candidate that no other candidate beats, and nothing only when no candidate exists', () => {
    fc.assert(
      fc.property(fc.array(couponArb, { maxLength: 12 }), purchaseArb, (coupons, p) => {
        const best = pickBestCoupon(coupons, p);
        const candidates = coupons.filter((c) => isCouponCandidate(c, p));
        if (best === undefined) {
          expect(candidates).toEqual([]);
          return;
        }
        expect(isCouponCandidate(best, p)).toBe(true);
        for (const other of candidates) expect(compareCoupons(other, best)).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('does not depend on the order of the list, up to exact ties', () => {
    fc.assert(
      fc.property(
        fc
          .array(couponArb, { maxLength: 12 })
          .chain((coupons) =>
            fc.tuple(fc.constant(coupons), fc.shuffledSubarray(coupons, { minLength: coupons.length })),
          ),
        purchaseArb,
        ([coupons, shuffled], p) => {
          const a = pickBestCoupon(coupons, p);
          const b = pickBestCoupon(shuffled, p);
          if (a === undefined || b === undefined) {
            expect(a).toBe(b);
          } else {
            expect(compareCoupons(a, b)).toBe(0);
          }
        },
      ),
    );
  });
});

describe('payableAmount', () => {
  it('charges the full price without a coupon', () => {
    expect(payableAmount(598)).toBe(598);
    expect(payableAmount(0)).toBe(0);
  });

  it('takes the face value off the price, exactly to the fen', () => {
    expect(payableAmount(598, { faceValue: 200 })).toBe(398);
    expect(payableAmount(0.3, { faceValue: 0.1 })).toBe(0.2);
    expect(payableAmount(3000, { faceValue: 500 })).toBe(2500);
  });

  it('never goes below 0', () => {
    expect(payableAmount(100, { faceValue: 100 })).toBe(0);
    expect(payableAmount(100, { faceValue: 150 })).toBe(0);
  });

  it('rejects a negative or non-finite price', () => {
    expect(() => payableAmount(-1)).toThrow(RangeError);
    expect(() => payableAmount(Number.NaN)).toThrow(RangeError);
  });

  it('is price minus face value in fen, clamped to [0, price]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (p, f) => {
          const payable = payableAmount(p / 100, { faceValue: f / 100 });
          expect(yuanToFen(payable)).toBe(Math.max(0, p - f));
          expect(payable).toBeGreaterThanOrEqual(0);
          expect(payable).toBeLessThanOrEqual(p / 100);
        },
      ),
    );
  });

  it('leaves at least one fen to pay whenever a picked coupon applies', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (p, f) => {
          const price = p / 100;
          const picked = pickBestCoupon([coupon({ faceValue: f / 100 })], { price, memberName: '投标通' });
          if (picked) expect(payableAmount(price, picked)).toBeGreaterThanOrEqual(0.01);
        },
      ),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountRate, listPriceFen, membershipPriceFen, provincePriceForDuration } from './membership-price';

// docs/business-rules.md Products and prices, toubiaotong, in fen
const YEAR = { wholeCountryFen: 598_000, provinceFen: 198_000 };

describe('provincePriceForDuration', () => {
  it('scales the yearly one-province price as the whole-country price scales', () => {
    expect(provincePriceForDuration(YEAR, 59_800)).toBe(19_800);
    expect(provincePriceForDuration(YEAR, 158_000)).toBe(52_300); // 1,980 × 1,580 / 5,980 = 523.14 → 523
    // qiyetong 3 months: 3,980 × 2,680 / 9,800 = 1,088.41 → 1,088
    expect(provincePriceForDuration({ wholeCountryFen: 980_000, provinceFen: 398_000 }, 268_000)).toBe(
      108_800,
    );
    expect(provincePriceForDuration(YEAR, 598_000)).toBe(198_000);
    expect(provincePriceForDuration({ wholeCountryFen: 980_000, provinceFen: 398_000 }, 98_000)).toBe(39_800);
  });

  it('refuses amounts that are not whole fen and a zero reference', () => {
    expect(() => provincePriceForDuration(YEAR, 1.5)).toThrow(RangeError);
    expect(() => provincePriceForDuration({ wholeCountryFen: 0, provinceFen: 1 }, 1)).toThrow(RangeError);
    expect(() => provincePriceForDuration({ wholeCountryFen: 1, provinceFen: -1 }, 1)).toThrow(RangeError);
  });
});

describe('membershipPriceFen', () => {
  it('charges the whole-country price for 全国 or no area', () => {
    expect(membershipPriceFen(YEAR, ['全国'])).toBe(598_000);
    expect(membershipPriceFen(YEAR, [])).toBe(598_000);
    expect(membershipPriceFen(YEAR, ['广东省', '全国'])).toBe(598_000);
  });

  it('charges the one-province price per province, never above the whole country', () => {
    expect(membershipPriceFen(YEAR, ['广东省'])).toBe(198_000);
    expect(membershipPriceFen(YEAR, ['广东省', '湖南省'])).toBe(396_000);
    expect(membershipPriceFen(YEAR, ['广东省', '湖南省', '湖北省'])).toBe(594_000);
    expect(membershipPriceFen(YEAR, ['广东省', '湖南省', '湖北省', '河南省'])).toBe(598_000);
  });

  it('counts a province named twice once', () => {
    expect(membershipPriceFen(YEAR, ['广东省', ' 广东省 ', ''])).toBe(198_000);
  });

  it('ends in whole yuan even for a price an operator stored with fen', () => {
    expect(membershipPriceFen({ wholeCountryFen: 598_049, provinceFen: 52_314 }, ['广东省'])).toBe(52_300);
    expect(membershipPriceFen({ wholeCountryFen: 598_050, provinceFen: 52_314 }, ['全国'])).toBe(598_100);
    expect(membershipPriceFen({ wholeCountryFen: 598_000, provinceFen: 52_314 }, ['广东省', '湖南省'])).toBe(
      104_600,
    );
  });

  it('sells a product without a one-province price for the whole country only', () => {
    expect(membershipPriceFen({ wholeCountryFen: 1_980_000, provinceFen: null }, ['广东省'])).toBe(1_980_000);
  });

  it('is never above the whole country and grows with the number of provinces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 33 }),
        (wholeCountryFen, provinceFen, count) => {
          const prices = { wholeCountryFen, provinceFen };
          const areas = Array.from({ length: count }, (_, index) => `省${index}`);
          const price = membershipPriceFen(prices, areas);
          expect(price % 100).toBe(0);
          expect(price).toBe(Math.round(Math.min(provinceFen * count, wholeCountryFen) / 100) * 100);
          expect(Math.abs(price - Math.min(provinceFen * count, wholeCountryFen))).toBeLessThanOrEqual(50);
          if (count > 1) expect(membershipPriceFen(prices, areas.slice(1))).toBeLessThanOrEqual(price);
        },
      ),
    );
  });
});

describe('listPriceFen', () => {
  it('compares a longer product with the monthly price × months', () => {
    expect(listPriceFen(598_000, 12, 59_800)).toBe(717_600);
    expect(listPriceFen(59_800, 1, 59_800)).toBe(59_800);
  });

  it('claims no saving without a monthly product or when the monthly one is cheaper', () => {
    expect(listPriceFen(1_980_000, 12, null)).toBe(1_980_000);
    expect(listPriceFen(100_000, 3, 10_000)).toBe(100_000);
  });
});

describe('discountRate', () => {
  it('is 1 − discountFee / originalFee, to 4 decimals', () => {
    expect(discountRate(5980, 7176)).toBe(0.1667);
    expect(discountRate(1580, 1794)).toBe(0.1193);
    expect(discountRate(50, 100)).toBe(0.5);
  });

  it('is 0 when nothing is saved or the original is not a price', () => {
    expect(discountRate(598, 598)).toBe(0);
    expect(discountRate(700, 598)).toBe(0);
    expect(discountRate(1, 0)).toBe(0);
    expect(discountRate(Number.NaN, 10)).toBe(0);
  });

  it('stays within [0, 1]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 1e9 }),
        (discount, original) => {
          const rate = discountRate(discount, original);
          expect(rate).toBeGreaterThanOrEqual(0);
          expect(rate).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

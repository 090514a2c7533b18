import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmountRange, isAmountRangeText, parseAmountRange, withMinAmountRule } from './amount-range';

describe('withMinAmountRule', () => {
  it('sends a zero minimum as 0.01 when a maximum is present', () => {
    expect(withMinAmountRule({ minAmount: 0, maxAmount: 100 })).toEqual({ minAmount: 0.01, maxAmount: 100 });
    expect(withMinAmountRule({ minAmount: '0', maxAmount: '100' })).toEqual({
      minAmount: '0.01',
      maxAmount: '100',
    });
    expect(withMinAmountRule({ minAmount: 0, maxAmount: 0 })).toEqual({ minAmount: 0.01, maxAmount: 0 });
  });

  it('leaves the minimum alone when no maximum is present', () => {
    for (const maxAmount of [undefined, null, '']) {
      expect(withMinAmountRule({ minAmount: 0, maxAmount })).toEqual({ minAmount: 0, maxAmount });
    }
    expect(withMinAmountRule({ minAmount: '0' })).toEqual({ minAmount: '0' });
  });

  it('leaves a non-zero minimum alone', () => {
    expect(withMinAmountRule({ minAmount: 5, maxAmount: 100 })).toEqual({ minAmount: 5, maxAmount: 100 });
    expect(withMinAmountRule({ minAmount: '0.0', maxAmount: 100 })).toEqual({
      minAmount: '0.0',
      maxAmount: 100,
    });
    expect(withMinAmountRule({ maxAmount: 100 })).toEqual({ maxAmount: 100 });
  });

  it('keeps the other fields and does not mutate its input', () => {
    const params = { minAmount: 0, maxAmount: 50, keyword: '医院' };
    expect(withMinAmountRule(params)).toEqual({ minAmount: 0.01, maxAmount: 50, keyword: '医院' });
    expect(params.minAmount).toBe(0);
  });
});

describe('parseAmountRange', () => {
  it('reads closed and open ranges', () => {
    expect(parseAmountRange('100,500')).toEqual({ min: 100, max: 500 });
    expect(parseAmountRange('100,')).toEqual({ min: 100, max: undefined });
    expect(parseAmountRange(',500')).toEqual({ min: undefined, max: 500 });
    expect(parseAmountRange(' 0.5 , 1.25 ')).toEqual({ min: 0.5, max: 1.25 });
    expect(parseAmountRange('100,100')).toEqual({ min: 100, max: 100 });
  });

  it('rejects malformed input with a RangeError naming it', () => {
    for (const bad of ['', ',', '100', '1,2,3', 'a,5', '-1,5', '1e3,', '5,1', '1.,2', ' , ']) {
      expect(() => parseAmountRange(bad), bad).toThrow(RangeError);
      expect(isAmountRangeText(bad), bad).toBe(false);
    }
    expect(() => parseAmountRange('5,1')).toThrow(/"5,1".*min is above max/);
  });

  it('accepts what it reads', () => {
    expect(isAmountRangeText('100,')).toBe(true);
  });
});

describe('formatAmountRange', () => {
  it("writes 'min,max' with open ends empty", () => {
    expect(formatAmountRange({ min: 100, max: 500 })).toBe('100,500');
    expect(formatAmountRange({ min: 100, max: undefined })).toBe('100,');
    expect(formatAmountRange({ min: undefined, max: 500 })).toBe(',500');
  });

  it('rejects ranges it could not read back', () => {
    expect(() => formatAmountRange({ min: undefined, max: undefined })).toThrow(RangeError);
    expect(() => formatAmountRange({ min: 5, max: 1 })).toThrow(RangeError);
    expect(() => formatAmountRange({ min: -1, max: 1 })).toThrow(RangeError);
    expect(() => formatAmountRange({ min: Number.NaN, max: 1 })).toThrow(RangeError);
    expect(() => formatAmountRange({ min: 1e21, max: undefined })).toThrow(RangeError);
  });

  it('round-trips every valid range', () => {
    const amount = fc.integer({ min: 0, max: 100_000_000 }).map((fen) => fen / 100);
    const rangeArb = fc
      .tuple(fc.option(amount, { nil: undefined }), fc.option(amount, { nil: undefined }))
      .filter(([a, b]) => a !== undefined || b !== undefined)
      .map(([a, b]) =>
        a !== undefined && b !== undefined && a > b ? { min: b, max: a } : { min: a, max: b },
      );
    fc.assert(
      fc.property(rangeArb, (range) => {
        expect(parseAmountRange(formatAmountRange(range))).toEqual(range);
      }),
    );
  });
});

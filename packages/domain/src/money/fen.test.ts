import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fenToYuan, formatYuan, yuanToFen } from './fen';

describe('yuanToFen', () => {
  it('converts whole and fractional yuan to integer fen', () => {
    expect(yuanToFen(0)).toBe(0);
    expect(yuanToFen(598)).toBe(59_800);
    expect(yuanToFen(0.01)).toBe(1);
    expect(yuanToFen(0.1 + 0.2)).toBe(30);
    expect(yuanToFen(19.99)).toBe(1999);
  });

  it('rounds half a fen away from zero using the decimal value, not the binary one', () => {
    expect(yuanToFen(1.005)).toBe(101);
    expect(yuanToFen(-1.005)).toBe(-101);
  });

  it('rejects amounts that are not finite', () => {
    expect(() => yuanToFen(Number.NaN)).toThrow(RangeError);
    expect(() => yuanToFen(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('round-trips any whole number of fen', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toBe(fen);
      }),
    );
  });
});

describe('fenToYuan', () => {
  it('rejects fractional fen', () => {
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });
});

describe('formatYuan', () => {
  it('shows amounts without float noise or trailing zeros', () => {
    expect(formatYuan(3000)).toBe('3000');
    expect(formatYuan(99.5)).toBe('99.5');
    expect(formatYuan(0.1 + 0.2)).toBe('0.3');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasPrivilegeLeft, isPrivilegeGranted, parsePrivilege, remainingPrivilegeUses } from './privilege';

describe('parsePrivilege', () => {
  it('reads -1 and true as unlimited', () => {
    expect(parsePrivilege(-1)).toEqual({ kind: 'unlimited' });
    expect(parsePrivilege(true)).toEqual({ kind: 'unlimited' });
  });

  it('reads 0 and false as not allowed', () => {
    expect(parsePrivilege(0)).toEqual({ kind: 'none' });
    expect(parsePrivilege(false)).toEqual({ kind: 'none' });
  });

  it('reads any other positive integer as a daily quota', () => {
    expect(parsePrivilege(1)).toEqual({ kind: 'quota', limit: 1 });
    expect(parsePrivilege(3)).toEqual({ kind: 'quota', limit: 3 });
    expect(parsePrivilege(10_000)).toEqual({ kind: 'quota', limit: 10_000 });
  });

  it('rejects negatives other than -1, fractions and non-numbers', () => {
    for (const bad of [-2, -0.5, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => parsePrivilege(bad)).toThrow(RangeError);
    }
    expect(() => parsePrivilege('3' as unknown as number)).toThrow(RangeError);
    expect(() => parsePrivilege(null as unknown as number)).toThrow(RangeError);
  });

  it('turns every positive integer into a quota of the same size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (limit) => {
        expect(parsePrivilege(limit)).toEqual({ kind: 'quota', limit });
      }),
    );
  });
});

describe('isPrivilegeGranted', () => {
  it('is false only for none', () => {
    expect(isPrivilegeGranted({ kind: 'none' })).toBe(false);
    expect(isPrivilegeGranted({ kind: 'unlimited' })).toBe(true);
    expect(isPrivilegeGranted({ kind: 'quota', limit: 1 })).toBe(true);
  });
});

describe('hasPrivilegeLeft', () => {
  it('always allows unlimited and never allows none', () => {
    expect(hasPrivilegeLeft({ kind: 'unlimited' }, 1_000_000)).toBe(true);
    expect(hasPrivilegeLeft({ kind: 'none' }, 0)).toBe(false);
  });

  it('allows a quota of N while fewer than N were used', () => {
    const quota = { kind: 'quota', limit: 3 } as const;
    expect(hasPrivilegeLeft(quota, 0)).toBe(true);
    expect(hasPrivilegeLeft(quota, 2)).toBe(true);
    expect(hasPrivilegeLeft(quota, 3)).toBe(false);
    expect(hasPrivilegeLeft(quota, 4)).toBe(false);
  });

  it('agrees with the remaining count for any quota and usage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: 1000 }), (limit, used) => {
        const quota = { kind: 'quota', limit } as const;
        expect(hasPrivilegeLeft(quota, used)).toBe(used < limit);
        expect(remainingPrivilegeUses(quota, used)).toBe(Math.max(0, limit - used));
      }),
    );
  });

  it('rejects a negative or fractional used count', () => {
    expect(() => hasPrivilegeLeft({ kind: 'unlimited' }, -1)).toThrow(RangeError);
    expect(() => hasPrivilegeLeft({ kind: 'quota', limit: 3 }, 1.5)).toThrow(RangeError);
  });
});

describe('remainingPrivilegeUses', () => {
  it('reports unlimited, zero for none, and never a negative count', () => {
    expect(remainingPrivilegeUses({ kind: 'unlimited' }, 5)).toBe('unlimited');
    expect(remainingPrivilegeUses({ kind: 'none' }, 0)).toBe(0);
    expect(remainingPrivilegeUses({ kind: 'quota', limit: 20 }, 25)).toBe(0);
  });
});

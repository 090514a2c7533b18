import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rootFontSize, sidebarLayoutForWidth } from './sidebar';

describe('sidebarLayoutForWidth', () => {
  it('is mobile and closed below 992', () => {
    expect(sidebarLayoutForWidth(375)).toEqual({ device: 'mobile', opened: false });
    expect(sidebarLayoutForWidth(991)).toEqual({ device: 'mobile', opened: false });
  });

  it('is desktop and closed from 992 up to 1399', () => {
    expect(sidebarLayoutForWidth(992)).toEqual({ device: 'desktop', opened: false });
    expect(sidebarLayoutForWidth(1399)).toEqual({ device: 'desktop', opened: false });
  });

  it('is desktop and opened from 1400', () => {
    expect(sidebarLayoutForWidth(1400)).toEqual({ device: 'desktop', opened: true });
    expect(sidebarLayoutForWidth(2560)).toEqual({ device: 'desktop', opened: true });
  });
});

describe('rootFontSize', () => {
  it('is 20px at the 1920 design width and scales with the width', () => {
    expect(rootFontSize(1920)).toBe(20);
    expect(rootFontSize(1440)).toBe(15);
    expect(rootFontSize(2880)).toBe(30);
  });

  it('stops growing at twice the design size', () => {
    expect(rootFontSize(3840)).toBe(40);
    expect(rootFontSize(7680)).toBe(40);
  });

  it('never goes below 12px', () => {
    expect(rootFontSize(1152)).toBe(12);
    expect(rootFontSize(1000)).toBe(12);
    expect(rootFontSize(0)).toBe(12);
    expect(rootFontSize(Number.NaN)).toBe(12);
  });

  it('stays within [12, 40] and never decreases as the window widens', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 0, max: 1000 }), (width, extra) => {
        const size = rootFontSize(width);
        expect(size).toBeGreaterThanOrEqual(12);
        expect(size).toBeLessThanOrEqual(40);
        expect(rootFontSize(width + extra)).toBeGreaterThanOrEqual(size);
      }),
    );
  });
});

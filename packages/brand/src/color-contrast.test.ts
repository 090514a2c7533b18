import { describe, expect, it } from 'vitest';
import { contrastRatio, relativeLuminance } from './color-contrast';

describe('contrastRatio', () => {
  it('is 21 for black on white, the maximum', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
  });

  it('is 1 for a colour against itself', () => {
    expect(contrastRatio('#1d5fd1', '#1d5fd1')).toBe(1);
  });

  it('does not depend on the order of the colours', () => {
    expect(contrastRatio('#ffffff', '#c2410c')).toBe(contrastRatio('#c2410c', '#ffffff'));
  });

  it('matches the well-known grey thresholds around AA (4.5)', () => {
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('accepts upper-case hex digits', () => {
    expect(contrastRatio('#FFFFFF', '#000000')).toBe(21);
  });

  it('rejects colours that are not #rrggbb', () => {
    expect(() => contrastRatio('#fff', '#000000')).toThrow(/#fff/);
    expect(() => contrastRatio('red', '#000000')).toThrow(TypeError);
  });
});

describe('relativeLuminance', () => {
  it('runs from 0 for black to 1 for white', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBe(1);
  });
});

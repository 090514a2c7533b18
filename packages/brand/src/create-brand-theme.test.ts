import { describe, expect, it } from 'vitest';
import { relativeLuminance } from './color-contrast';
import { createColorShades } from './color-shades';
import { brandColorName, createBrandTheme, createChartPalette } from './create-brand-theme';
import { exampleManifest } from './example-manifest.fixture';

const samplePrimaries = [
  '#1d5fd1',
  '#0e7480',
  '#c2410c',
  '#6941c6',
  '#15803d',
  '#000000',
  '#ffffff',
  '#7f7f7f',
];

describe('createColorShades', () => {
  it.each(samplePrimaries)('gives ten #rrggbb shades with %s itself at shade 6', (primary) => {
    const shades = createColorShades(primary);
    expect(shades).toHaveLength(10);
    for (const shade of shades) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    expect(shades[6]).toBe(primary);
  });

  it.each(samplePrimaries.slice(0, 5))('gets strictly darker from shade 0 to shade 9 for %s', (primary) => {
    const luminances = createColorShades(primary).map(relativeLuminance);
    for (let index = 1; index < luminances.length; index += 1) {
      expect(luminances[index]).toBeLessThan(luminances[index - 1] as number);
    }
  });

  it.each(samplePrimaries)('never gets lighter from shade 0 to shade 9, even for %s', (primary) => {
    const luminances = createColorShades(primary).map(relativeLuminance);
    for (let index = 1; index < luminances.length; index += 1) {
      expect(luminances[index]).toBeLessThanOrEqual(luminances[index - 1] as number);
    }
  });

  it('makes shade 0 a near-white tint and shade 9 a deep tone', () => {
    const shades = createColorShades('#1d5fd1');
    expect(relativeLuminance(shades[0])).toBeGreaterThan(0.85);
    expect(relativeLuminance(shades[9])).toBeLessThan(relativeLuminance('#1d5fd1') / 2);
  });

  it('normalises the primary to lower case', () => {
    expect(createColorShades('#1D5FD1')[6]).toBe('#1d5fd1');
  });
});

describe('createBrandTheme', () => {
  const theme = createBrandTheme(exampleManifest);

  it('makes the brand colour the primary colour, at shade 6', () => {
    expect(theme.primaryColor).toBe(brandColorName);
    expect(theme.primaryShade).toBe(6);
    expect(theme.colors?.[brandColorName]).toEqual(createColorShades(exampleManifest.colors.primary));
    expect(theme.colors?.[brandColorName]?.[6]).toBe(exampleManifest.colors.primary);
  });

  it('uses a font stack with Chinese UI fonts for text and headings', () => {
    for (const fontFamily of [theme.fontFamily, theme.headings?.fontFamily]) {
      expect(fontFamily).toContain('"PingFang SC"');
      expect(fontFamily).toContain('"Microsoft YaHei"');
      expect(fontFamily).toMatch(/sans-serif$/);
    }
  });
});

describe('createChartPalette', () => {
  it("starts with the primary colour, then the brand's other theme colours, then two shades of the primary", () => {
    const shades = createColorShades('#1d5fd1');
    expect(
      createChartPalette({ primary: '#1d5fd1', themeChoices: ['#1d5fd1', '#0e7480', '#c2410c'] }),
    ).toEqual(['#1d5fd1', '#0e7480', '#c2410c', shades[8], shades[3]]);
  });

  it('puts a theme colour chosen in the settings panel first, once', () => {
    const palette = createChartPalette({
      primary: '#0E7480',
      themeChoices: ['#1d5fd1', '#0e7480', '#c2410c'],
    });
    expect(palette.slice(0, 3)).toEqual(['#0e7480', '#1d5fd1', '#c2410c']);
    expect(new Set(palette).size).toBe(palette.length);
  });

  it('gives a brand with one colour three series colours', () => {
    expect(createChartPalette({ primary: '#6941c6', themeChoices: ['#6941c6'] })).toHaveLength(3);
  });

  it('is what the brand theme hands the charts', () => {
    expect(createBrandTheme(exampleManifest).other?.chartPalette).toEqual(
      createChartPalette(exampleManifest.colors),
    );
  });
});

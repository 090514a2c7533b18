import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { BrandManifest } from './brand-manifest';
import { createColorShades } from './color-shades';

/** The key of the brand colour in `theme.colors`; also the theme's `primaryColor`. */
export const brandColorName = 'brand';

/**
 * Latin system fonts first (so digits and Latin letters keep their native shapes), then the Chinese UI
 * fonts of macOS/iOS, Windows and Linux, then generic fallbacks.
 */
export const brandFontFamily = [
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Source Han Sans SC"',
  '"WenQuanYi Micro Hei"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(', ');

/**
 * The series colours of the brand's charts: the primary colour, then the brand's other theme colours, then a deep
 * and a light shade of the primary — so a brand that offers one colour still tells its series apart.
 */
export function createChartPalette(colors: BrandManifest['colors']): string[] {
  const shades = createColorShades(colors.primary);
  const candidates = [colors.primary, ...colors.themeChoices, shades[8], shades[3]];
  return [...new Set(candidates.map((color) => color.toLowerCase()))];
}

/** What the brand theme carries in `theme.other`. */
export interface BrandThemeOther {
  /** `createChartPalette` of the manifest's colours; the charts take their series colours from it. */
  chartPalette: string[];
}

/**
 * The Mantine theme for a brand: a ten-shade `brand` colour built from `manifest.colors.primary` (the
 * primary itself at shade 6, used in light and dark schemes alike) as the primary colour, a font stack
 * that renders Chinese well on every desktop platform, and the charts' palette in `other.chartPalette`.
 */
export function createBrandTheme(manifest: BrandManifest): MantineThemeOverride {
  const other: BrandThemeOther = { chartPalette: createChartPalette(manifest.colors) };
  return createTheme({
    colors: { [brandColorName]: createColorShades(manifest.colors.primary) },
    primaryColor: brandColorName,
    primaryShade: 6,
    fontFamily: brandFontFamily,
    headings: { fontFamily: brandFontFamily },
    other,
  });
}

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
 * The Mantine theme for a brand: a ten-shade `brand` colour built from `manifest.colors.primary` (the
 * primary itself at shade 6, used in light and dark schemes alike) as the primary colour, and a font stack
 * that renders Chinese well on every desktop platform.
 */
export function createBrandTheme(manifest: BrandManifest): MantineThemeOverride {
  return createTheme({
    colors: { [brandColorName]: createColorShades(manifest.colors.primary) },
    primaryColor: brandColorName,
    primaryShade: 6,
    fontFamily: brandFontFamily,
    headings: { fontFamily: brandFontFamily },
  });
}

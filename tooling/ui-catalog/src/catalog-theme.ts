import type { BrandManifest } from '@tender/brand';
import { create } from 'storybook/theming/create';

const LOGO_SIZE_PX = 28;
const TITLE_FONT_SIZE_PX = 16;
// Not @tender/brand/theme's brandFontFamily: that module brings Mantine, which Storybook's manager bundle cannot take.
const TITLE_FONT_FAMILY = 'PingFang SC, Microsoft YaHei, Noto Sans CJK SC, WenQuanYi Micro Hei, sans-serif';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * The sidebar's brand mark as one SVG: the brand's logo (28 px, as in the app's sidebar) and its name. Storybook
 * shows `brandImage` at its own size up to 150 × 100 px; a bare square logo without a size would fill 100 px.
 */
export function catalogBrandImage(brand: BrandManifest, logoUrl: string): string {
  const width = 150;
  // An SVG logo as a data URL keeps its own quotes and angle brackets: escaped, they stay inside the attribute.
  const logo = escapeXml(logoUrl);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${LOGO_SIZE_PX}">`,
    `<image href="${logo}" width="${LOGO_SIZE_PX}" height="${LOGO_SIZE_PX}"/>`,
    `<text x="${LOGO_SIZE_PX + 8}" y="${LOGO_SIZE_PX / 2}" dominant-baseline="central" font-size="${TITLE_FONT_SIZE_PX}" font-weight="600" fill="${brand.colors.primary}" font-family="${TITLE_FONT_FAMILY}">${escapeXml(brand.name)}</text>`,
    '</svg>',
  ].join('');
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** Storybook's manager theme for the catalog: the brand's logo, name and primary colour instead of Storybook's. */
export function catalogTheme(brand: BrandManifest, logoUrl: string) {
  return create({
    base: 'light',
    brandTitle: `${brand.name} 组件目录`,
    brandImage: catalogBrandImage(brand, logoUrl),
    brandUrl: './',
    brandTarget: '_self',
    colorSecondary: brand.colors.primary,
  });
}

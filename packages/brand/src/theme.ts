export { createColorShades } from './color-shades';
export {
  type BrandThemeOther,
  brandColorName,
  brandFontFamily,
  createBrandTheme,
  createChartPalette,
} from './create-brand-theme';

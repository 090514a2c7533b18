export { createColorShades } from './color-shades';
export { brandColorName, brandFontFamily, createBrandTheme } from './create-brand-theme';

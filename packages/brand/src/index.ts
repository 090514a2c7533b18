export { type BrandManifest, brandManifestSchema } from './brand-manifest';
export { contrastRatio } from './color-contrast';
export { BrandManifestError, defineBrand } from './define-brand';

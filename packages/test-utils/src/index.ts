export { type BrandProvider, createRenderWithBrand, type RenderWithBrandOptions } from './render-with-brand';
export { testBrand } from './test-brand';

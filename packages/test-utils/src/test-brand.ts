import { defineBrand } from '@tender/brand';
import { exampleManifest } from '@tender/brand/example-manifest';

/** The brand of component tests: the brand package's example manifest, so there is one sample brand. */
export const testBrand = defineBrand(exampleManifest);

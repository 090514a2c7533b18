import { type BrandManifest, brandManifestSchema } from '@tender/brand';

/**
 * Every brand app's manifest, read from `apps/<id>/brand.ts` when the catalog is built — so a new brand folder
 * shows up in the toolbar without a change here. The ui-catalog is tooling and may read the apps' manifests (like
 * tooling/brand-contract); nothing it builds is imported by an app.
 */
const modules = import.meta.glob<BrandManifest>('../../../apps/*/brand.ts', {
  eager: true,
  import: 'default',
});

/** The brands, portal first (the default brand of `/`), then by id. */
export const brands: readonly BrandManifest[] = Object.values(modules)
  .map((manifest) => brandManifestSchema.parse(manifest))
  .sort((a, b) => (a.id === 'portal' ? -1 : b.id === 'portal' ? 1 : a.id.localeCompare(b.id)));

/** The manifest of a brand id; the first brand for an unknown one. */
export function brandById(id: unknown): BrandManifest {
  const brand = brands.find((candidate) => candidate.id === id) ?? brands[0];
  if (!brand) throw new Error('ui-catalog: no brand app found under apps/*/brand.ts');
  return brand;
}

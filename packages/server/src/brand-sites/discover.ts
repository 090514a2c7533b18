import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrandManifest, brandManifestSchema } from '@tender/brand';

export interface BrandSite {
  id: string;
  root: string;
  manifest: BrandManifest;
}

/**
 * The brand apps that have been built: every `<appsDir>/<id>/dist` with an `index.html` and the `brand.json`
 * manifest the build writes beside it, in name order. A manifest that fails its schema stops the start.
 */
export function discoverBrandSites(appsDir: string): BrandSite[] {
  if (!existsSync(appsDir)) return [];
  return readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => join(appsDir, entry.name, 'dist'))
    .filter((root) => existsSync(join(root, 'index.html')) && existsSync(join(root, 'brand.json')))
    .map((root) => {
      const manifest = brandManifestSchema.parse(JSON.parse(readFileSync(join(root, 'brand.json'), 'utf8')));
      return { id: manifest.id, root, manifest };
    })
    .sort((a, b) => a.id.localeCompare(b.id));
}

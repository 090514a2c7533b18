import { join } from 'node:path';
import type { BrandManifest } from '@tender/brand';
import { build, type Plugin } from 'vite';
import { publishedExports } from './dist-exports';
import { type LibraryPackage, repositoryRoot } from './packages';

export interface DistBuild {
  /** Modules of the bundle read from a package's `src/` (none when every import went through dist/). */
  sourceModules: string[];
  /** The packages whose `dist/` the bundle read. */
  distPackages: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Each published export of each package, aliased to its built file: what an app installing the tarballs gets. */
export function distAliases(packages: LibraryPackage[]): { find: RegExp; replacement: string }[] {
  return packages.flatMap((pkg) =>
    publishedExports(pkg)
      .filter((entry) => entry.module)
      .map((entry) => ({
        find: new RegExp(`^${escapeRegExp(pkg.name + entry.subpath.slice(1))}$`),
        replacement: entry.module as string,
      })),
  );
}

/**
 * Builds a brand app the way its own `vite.config.ts` does (`brandAppViteConfig` from @tender/app/vite's dist),
 * except that every `@tender/*` import resolves to the package's published dist/ instead of the workspace
 * sources. A dist/ missing a file or an export fails the build.
 */
export async function buildBrandAppFromDist(
  brandId: string,
  packages: LibraryPackage[],
  outDir: string,
  overrides: { find: RegExp; replacement: string }[] = [],
): Promise<DistBuild> {
  const appDir = join(repositoryRoot, 'apps', brandId);
  const appVite = publishedExports(packages.find((pkg) => pkg.name === '@tender/app') as LibraryPackage).find(
    (entry) => entry.subpath === './vite',
  );
  const { brandAppViteConfig } = await import(appVite?.module as string);
  const brand: BrandManifest = (await import(join(appDir, 'brand.ts'))).default;
  const config = brandAppViteConfig(brand);
  const loaded = new Set<string>();
  const recordModules: Plugin = {
    name: 'record-modules',
    load(id) {
      loaded.add(id);
      return null;
    },
  };
  await build({
    ...config,
    configFile: false,
    root: appDir,
    logLevel: 'error',
    plugins: [...config.plugins, recordModules],
    resolve: { ...config.resolve, alias: [...overrides, ...distAliases(packages)] },
    build: { ...config.build, outDir, chunkSizeWarningLimit: 5000 },
  });
  const packageOf = (id: string, folder: 'src' | 'dist') =>
    new RegExp(`[\\\\/]packages[\\\\/]([^\\\\/]+)[\\\\/]${folder}[\\\\/]`).exec(id)?.[1];
  return {
    sourceModules: [...loaded].filter((id) => packageOf(id, 'src')).sort(),
    distPackages: [
      ...new Set([...loaded].map((id) => packageOf(id, 'dist')).filter(Boolean)),
    ].sort() as string[],
  };
}

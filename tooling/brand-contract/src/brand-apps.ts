import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrandManifest } from '@tender/brand';

export const repositoryRoot = resolve(import.meta.dirname, '../../..');
export const appsDir = join(repositoryRoot, 'apps');

/** tooling/e2e/turbo.json: its `test` task builds every brand app first (the bundle budget reads their dist/). */
export const e2eTurboFile = join(repositoryRoot, 'tooling', 'e2e', 'turbo.json');

/** Every brand app: a folder under apps/ with a `brand.ts` (the folder name is the brand id), sorted. */
export function brandAppIds(): string[] {
  return readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(appsDir, entry.name, 'brand.ts')))
    .map((entry) => entry.name)
    .sort();
}

/** Imports `apps/<id>/brand.ts`; `defineBrand` throws a `BrandManifestError` naming each wrong field. */
export async function loadManifest(id: string): Promise<BrandManifest> {
  const module: { default: BrandManifest } = await import(join(appsDir, id, 'brand.ts'));
  return module.default;
}

/** The build tasks tooling/e2e's `test` waits for, e.g. `@tender/portal#build`. */
export function e2eBuildDependencies(): string[] {
  const turbo = JSON.parse(readFileSync(e2eTurboFile, 'utf8')) as {
    tasks: { test: { dependsOn: string[] } };
  };
  return turbo.tasks.test.dependsOn.filter((task) => task.endsWith('#build'));
}

export function buildTaskOf(id: string): string {
  return `@tender/${id}#build`;
}

/**
 * Values `brand new` writes for the brand team to replace (docs/brands.md): an ICP number of zeros and
 * addresses on `.example`, a reserved top-level domain that never resolves.
 */
export function placeholderFields(manifest: BrandManifest): string[] {
  const fields: string[] = [];
  if (/ICP备0+号/.test(manifest.footer.caseNumber)) fields.push('footer.caseNumber');
  for (const [field, url] of [
    ['legal.termsUrl', manifest.legal.termsUrl],
    ['legal.privacyUrl', manifest.legal.privacyUrl],
  ] as const) {
    if (new URL(url).hostname.endsWith('.example')) fields.push(field);
  }
  if (!manifest.supportPhone) fields.push('supportPhone');
  return fields;
}

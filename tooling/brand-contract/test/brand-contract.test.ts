import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrandManifest, brandManifestSchema, contrastRatio } from '@tender/brand';
import { describe, expect, it } from 'vitest';
import { appsDir, brandAppIds, buildTaskOf, e2eBuildDependencies, loadManifest } from '../src/brand-apps';
import { checkBrands } from '../src/check-brands';

/** Every brand app, keyed by its folder name: found under apps/, so a new brand needs no edit here. */
const manifests: Record<string, BrandManifest> = Object.fromEntries(
  await Promise.all(brandAppIds().map(async (id) => [id, await loadManifest(id)] as const)),
);

/**
 * What the spec fixes for its four brands (§1 brand flags, §9 interface version and registerType), spelt out
 * brand by brand so that a changed flag is a visible, reviewed change to this file. A brand added later chooses
 * its own.
 */
const expectedPerBrand: Record<string, Pick<BrandManifest, 'flags' | 'interfaceVersion' | 'registerType'>> = {
  // Analysis is not named for the portal in the spec; it is shown. The portal alone runs the new-demand mode.
  portal: {
    flags: { analysis: true, export: true, payment: true, newDemandMode: true },
    interfaceVersion: 20,
    registerType: 50,
  },
  magpie: {
    flags: { analysis: true, export: true, payment: true, newDemandMode: false },
    interfaceVersion: 20,
    registerType: 50,
  },
  // Export is not named for catering in the spec; it is shown.
  catering: {
    flags: { analysis: false, export: true, payment: true, newDemandMode: false },
    interfaceVersion: 19,
    registerType: 50,
  },
  forecast: {
    flags: { analysis: false, export: false, payment: false, newDemandMode: false },
    interfaceVersion: 19,
    registerType: 50,
  },
};

/** Files that may differ between brand apps; everything else must be byte-identical. */
const brandSpecificFiles = new Set(['brand.ts', 'package.json']);
/** Not part of an app's source: installed, built or cached. */
const ignoredDirectories = new Set(['node_modules', 'dist', '.turbo']);

/** The files of an app folder, relative POSIX paths, sorted; `public/` holds brand assets and is skipped. */
function appFiles(app: string): string[] {
  const files: string[] = [];
  const walk = (relativeDir: string) => {
    for (const entry of readdirSync(join(appsDir, app, relativeDir), { withFileTypes: true })) {
      const path = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (ignoredDirectories.has(entry.name) || path === 'public') continue;
        walk(path);
      } else {
        files.push(path);
      }
    }
  };
  walk('');
  return files.sort();
}

function pick({ flags, interfaceVersion, registerType }: BrandManifest) {
  return { flags, interfaceVersion, registerType };
}

function readApp(app: string, file: string): string {
  return readFileSync(join(appsDir, app, file), 'utf8');
}

/** A file's exact bytes, as a string that compares equal only when the bytes do. */
function appFileBytes(app: string, file: string): string {
  return readFileSync(join(appsDir, app, file)).toString('base64');
}

const brandChecks = await checkBrands();
const appFolders = readdirSync(appsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const brands = Object.entries(manifests);
const filesByApp = new Map(appFolders.map((app) => [app, appFiles(app)]));

/**
 * The apps whose value differs from the most common one. Comparing with the majority rather than with one
 * reference app blames the app that drifted, not the three that did not.
 */
function appsOffMajority(valueByApp: Map<string, string>): string[] {
  const counts = new Map<string, number>();
  for (const value of valueByApp.values()) counts.set(value, (counts.get(value) ?? 0) + 1);
  const majority = [...counts.entries()].sort(([, a], [, b]) => b - a)[0]?.[0];
  return [...valueByApp.entries()].filter(([, value]) => value !== majority).map(([app]) => app);
}

/** Every file that more than half the apps have: the file set each app is held to. */
function majorityFileSet(): string[] {
  const counts = new Map<string, number>();
  for (const file of [...filesByApp.values()].flat()) counts.set(file, (counts.get(file) ?? 0) + 1);
  return [...counts.entries()]
    .filter(([, count]) => count > appFolders.length / 2)
    .map(([file]) => file)
    .sort();
}

describe('brand contract', () => {
  it('finds a manifest in every folder under apps/, and the four brands of the spec among them', () => {
    expect(Object.keys(manifests).sort()).toEqual(appFolders);
    expect(appFolders).toEqual(expect.arrayContaining(Object.keys(expectedPerBrand)));
  });

  it('builds every brand app, and no other, before the e2e package tests their bundles', () => {
    expect(e2eBuildDependencies().sort()).toEqual(appFolders.map(buildTaskOf).sort());
  });

  it.each(brandChecks.map(({ id, problems }) => [id, problems] as const))(
    '%s: passes `npm run brand -- check`',
    (_id, problems) => {
      expect(problems).toEqual([]);
    },
  );

  describe('manifests', () => {
    it.each(brands)('%s: is a valid manifest, defined with defineBrand', (_folder, manifest) => {
      const result = brandManifestSchema.safeParse(manifest);
      expect(result.error?.issues ?? []).toEqual([]);
      expect(Object.isFrozen(manifest), 'defineBrand returns a frozen manifest').toBe(true);
    });

    it('have unique ids, names, primary colours and ICP numbers', () => {
      const unique = (values: string[]) => new Set(values).size;
      const all = brands.map(([, manifest]) => manifest);
      expect(unique(all.map((m) => m.id))).toBe(all.length);
      expect(unique(all.map((m) => m.name))).toBe(all.length);
      expect(unique(all.map((m) => m.colors.primary.toLowerCase()))).toBe(all.length);
      expect(unique(all.map((m) => m.footer.caseNumber))).toBe(all.length);
    });

    it.each(brands)(
      '%s: white text is readable on the primary colour (contrast ≥ 4.5)',
      (_folder, manifest) => {
        expect(contrastRatio(manifest.colors.primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
      },
    );

    it.each(brands)(
      '%s: every theme choice also carries white text (contrast ≥ 4.5)',
      (_folder, manifest) => {
        // The settings panel makes the chosen colour the primary colour, so each choice must pass as well.
        for (const colour of manifest.colors.themeChoices) {
          expect(contrastRatio(colour, '#ffffff'), colour).toBeGreaterThanOrEqual(4.5);
        }
      },
    );

    it.each(Object.keys(expectedPerBrand))(
      '%s: has the flags, interface version and registerType the spec gives it',
      (folder) => {
        const manifest = manifests[folder];
        expect(manifest && pick(manifest)).toEqual(expectedPerBrand[folder]);
      },
    );
  });

  describe('app folders', () => {
    it.each(appFolders)('%s: has the same file set as the other brand apps', (app) => {
      const expected = majorityFileSet();
      const files = filesByApp.get(app) ?? [];
      expect({
        extra: files.filter((file) => !expected.includes(file)),
        missing: expected.filter((file) => !files.includes(file)),
      }).toEqual({ extra: [], missing: [] });
    });

    it.each(majorityFileSet().filter((file) => !brandSpecificFiles.has(file)))(
      '%s: is byte-identical in every brand app',
      (file) => {
        const contentByApp = new Map(
          appFolders
            .filter((app) => filesByApp.get(app)?.includes(file))
            .map((app) => [app, appFileBytes(app, file)]),
        );
        expect(appsOffMajority(contentByApp), 'apps whose copy differs from the others').toEqual([]);
      },
    );

    it('package.json is identical in every brand app except its name', () => {
      const withoutName = (app: string) =>
        readApp(app, 'package.json').replace(`"name": "@tender/${app}"`, '');
      const textByApp = new Map(appFolders.map((app) => [app, withoutName(app)]));
      expect(appsOffMajority(textByApp), 'apps whose package.json differs from the others').toEqual([]);
    });

    it.each(appFolders)('%s: keeps brand.ts data only (it imports nothing but @tender/brand)', (app) => {
      const source = readApp(app, 'brand.ts');
      const imports = [...source.matchAll(/\bfrom\s+['"]([^'"]+)['"]/g)].map((match) => match[1]);
      expect(imports).toEqual(['@tender/brand']);
    });
  });
});

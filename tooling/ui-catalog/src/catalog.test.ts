import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { brandManifestSchema } from '@tender/brand';
import { describe, expect, it } from 'vitest';
import { brandById, brands } from './brands';

const root = join(import.meta.dirname, '../../..');

describe('the brand switcher', () => {
  it('offers every brand app, portal first', () => {
    const apps = readdirSync(join(root, 'apps')).filter((name) =>
      existsSync(join(root, 'apps', name, 'brand.ts')),
    );
    expect(brands.map((brand) => brand.id).sort()).toEqual(apps.sort());
    expect(brands[0]?.id).toBe('portal');
    for (const brand of brands) expect(brandManifestSchema.safeParse(brand).success).toBe(true);
  });

  it('falls back to the first brand for an unknown id', () => {
    expect(brandById('catering').id).toBe('catering');
    expect(brandById('nope').id).toBe('portal');
  });
});

/** Component folders of a package: a folder with an `index.ts` and a component (`*.tsx` that is not a test or story). */
function componentFolders(packageName: string, notComponents: readonly string[] = []): string[] {
  const src = join(root, 'packages', packageName, 'src');
  return readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(src, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .filter((name) => !notComponents.includes(name))
    .filter((name) =>
      readdirSync(join(src, name)).some(
        (file) => file.endsWith('.tsx') && !/\.(test|stories)\.tsx$/.test(file),
      ),
    );
}

function expectStoryAndTest(packageName: string, folders: readonly string[]) {
  for (const folder of folders) {
    const files = readdirSync(join(root, 'packages', packageName, 'src', folder));
    expect(
      files.some((file) => file.endsWith('.stories.tsx')),
      `${packageName}/${folder} has a story`,
    ).toBe(true);
    expect(
      files.some((file) => /\.test\.tsx?$/.test(file)),
      `${packageName}/${folder} has a test`,
    ).toBe(true);
  }
}

describe('the stories', () => {
  it('cover every component folder of the ui-kit', () => {
    const folders = componentFolders('ui-kit', ['provider']);
    expect(folders.length).toBeGreaterThanOrEqual(9);
    expectStoryAndTest('ui-kit', folders);
  });

  it('cover every component folder of the membership and permission-dialogs packages', () => {
    const membership = componentFolders('membership');
    const permissionDialogs = componentFolders('permission-dialogs');
    expect(membership.length).toBeGreaterThanOrEqual(7);
    expect(permissionDialogs.length).toBeGreaterThanOrEqual(3);
    expectStoryAndTest('membership', membership);
    expectStoryAndTest('permission-dialogs', permissionDialogs);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brandManifestSchema } from '@tender/brand';
import { describe, expect, it } from 'vitest';
import { brandById, brands } from './brands';
import { catalogTheme } from './catalog-theme';

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

/** The `*.stories.tsx` files under a package's src, with their paths relative to it. */
function storyFiles(packageName: string): string[] {
  const src = join(root, 'packages', packageName, 'src');
  if (!existsSync(src)) return [];
  return readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.stories.tsx'),
  );
}

/** Stories a package exports: each `export const Name: Story` (or `StoryObj<…>`) of its story files (CSF's named exports). */
function storyCount(packageName: string): number {
  return storyFiles(packageName)
    .map((file) => readFileSync(join(root, 'packages', packageName, 'src', file), 'utf8'))
    .reduce((count, text) => count + (text.match(/^export const \w+: Story/gm)?.length ?? 0), 0);
}

describe('the app stories', () => {
  it('cover every part of @tender/app a brand shows', () => {
    const shownParts = [
      'layout/main-layout',
      'layout/user-popover',
      'layout/app-footer',
      'layout/settings-panel',
      'features/login/login-screen',
      'features/perfect/perfect-screen',
      'features/guided-tour/guided-tour',
      'features/analysis/province-tile-map',
      'features/analysis/echart',
    ];
    const files = storyFiles('app');
    for (const part of shownParts) expect(files, `${part} has a story`).toContain(`${part}.stories.tsx`);
  });

  it('are counted per package in the README', () => {
    const readme = readFileSync(join(import.meta.dirname, '../README.md'), 'utf8');
    const table = Object.fromEntries(
      [...readme.matchAll(/^\| `@tender\/([\w-]+)` +\| +(\d+) \|/gm)].map(([, name, count]) => [
        name,
        Number(count),
      ]),
    );
    const counted = Object.fromEntries(
      readdirSync(join(root, 'packages'))
        .map((name) => [name, storyCount(name)] as const)
        .filter(([, count]) => count > 0),
    );
    expect(table).toEqual(counted);
  });
});

describe('the catalog theme', () => {
  const portal = brandById('portal');
  const logo = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#1d5fd1"/></svg>';
  const theme = catalogTheme(portal, logo);

  it("puts the brand's logo and name in Storybook's sidebar, not Storybook's own", () => {
    expect(theme.brandTitle).toContain(portal.name);
    const image = decodeURIComponent(theme.brandImage ?? '');
    expect(image).toContain(
      `<image href="${logo.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}"`,
    );
    expect(image).toContain(`>${portal.name}</text>`);
    expect(theme.colorSecondary).toBe(portal.colors.primary);
  });
});

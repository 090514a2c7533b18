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

describe('the stories', () => {
  it('cover every component folder of the ui-kit', () => {
    const src = join(root, 'packages/ui-kit/src');
    const componentFolders = readdirSync(src, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(src, entry.name, 'index.ts')))
      .map((entry) => entry.name)
      .filter((name) => name !== 'provider');
    expect(componentFolders.length).toBeGreaterThanOrEqual(9);
    for (const folder of componentFolders) {
      const files = readdirSync(join(src, folder));
      expect(
        files.some((file) => file.endsWith('.stories.tsx')),
        `${folder} has a story`,
      ).toBe(true);
      expect(
        files.some((file) => /\.test\.tsx?$/.test(file)),
        `${folder} has a test`,
      ).toBe(true);
    }
  });
});

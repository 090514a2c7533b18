import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrandManifest, brandManifestSchema, contrastRatio } from '@tender/brand';
import {
  appsDir,
  brandAppIds,
  buildTaskOf,
  e2eBuildDependencies,
  e2eTurboFile,
  loadManifest,
  repositoryRoot,
} from './brand-apps';

export interface NewBrandOptions {
  id: string;
  /** The brand name users see, e.g. 金标通. */
  name: string;
  /** The primary colour, #rrggbb; white text on it must have a contrast of at least 4.5. */
  color: string;
}

/** A mistake in the command's arguments: printed as it is, without a stack. */
export class BrandCommandError extends Error {
  override readonly name = 'BrandCommandError';
}

/** The other theme colours offered in the settings panel: each carries white text (contrast ≥ 4.5). */
const extraThemeChoices = ['#1d5fd1', '#0e7480', '#15803d', '#c2410c', '#be185d', '#6941c6'];

/** Files that differ per brand and are written, not copied. */
const writtenFiles = new Set(['brand.ts', 'package.json', 'public', 'node_modules', 'dist', '.turbo']);

/** The manifest written for a new brand: the chosen name and colour, placeholders for the rest. */
function newManifest(options: NewBrandOptions, icpSuffix: number): BrandManifest {
  const site = `https://www.${options.id}.example`;
  return brandManifestSchema.parse({
    id: options.id,
    name: options.name,
    title: `${options.name} - 全国招投标信息服务平台`,
    colors: {
      primary: options.color,
      themeChoices: [
        options.color,
        ...extraThemeChoices.filter((c) => c.toLowerCase() !== options.color.toLowerCase()),
      ],
    },
    flags: { analysis: true, export: true, payment: true, newDemandMode: false },
    interfaceVersion: 20,
    registerType: 50,
    legal: {
      termsUrl: `${site}/agreement/terms.html`,
      privacyUrl: `${site}/agreement/privacy.html`,
      clauseName: `${options.name}用户服务协议`,
      privacyPolicyVersion: new Date().toISOString().slice(0, 10),
    },
    footer: {
      text: `Copyright © ${new Date().getFullYear()} ${options.name} 版权所有`,
      caseNumber: `京ICP备00000000号-${icpSuffix}`,
    },
  });
}

function brandSource(manifest: BrandManifest): string {
  // JSON is valid TypeScript; `biome format` turns it into the house style afterwards.
  return `import { defineBrand } from '@tender/brand';

// Written by \`npm run brand -- new\`. Before going live replace the placeholders (\`npm run brand -- check\`
// lists them): the ICP number, the agreement addresses on .example, the support phone (docs/brands.md).
export default defineBrand(${JSON.stringify(manifest, null, 2)});
`;
}

/** A plain favicon in the brand colour with the name's first character, for the designer to replace. */
function placeholderFavicon(options: NewBrandOptions): string {
  const initial = [...options.name][0] ?? '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" role="img" aria-label="${options.name}">
  <rect width="64" height="64" rx="14" fill="${options.color}"/>
  <text x="32" y="44" font-size="34" text-anchor="middle" fill="#fff" font-family="sans-serif">${initial}</text>
</svg>
`;
}

async function refuseClashes(options: NewBrandOptions): Promise<void> {
  if (!/^[a-z][a-z0-9-]*$/.test(options.id)) {
    throw new BrandCommandError(`品牌 id "${options.id}" 须为小写字母开头的字母、数字或连字符，例如 goldbid`);
  }
  if (existsSync(join(appsDir, options.id))) throw new BrandCommandError(`apps/${options.id} 已存在`);
  if (!/^#[0-9a-fA-F]{6}$/.test(options.color)) {
    throw new BrandCommandError(`--color "${options.color}" 须为 #rrggbb 形式的颜色，例如 #0b6e4f`);
  }
  const contrast = contrastRatio(options.color, '#ffffff');
  if (contrast < 4.5) {
    throw new BrandCommandError(
      `--color ${options.color} 上的白色文字对比度为 ${contrast.toFixed(2)}，须不低于 4.5：请选更深的颜色`,
    );
  }
  for (const id of brandAppIds()) {
    const other = await loadManifest(id);
    if (other.name === options.name) throw new BrandCommandError(`品牌名称"${options.name}"已被 ${id} 使用`);
    if (other.colors.primary.toLowerCase() === options.color.toLowerCase()) {
      throw new BrandCommandError(`主色 ${options.color} 已被 ${id} 使用`);
    }
  }
}

/**
 * Creates `apps/<id>/` from an existing brand app (the files every app shares), writes its manifest, package
 * and favicon, lets tooling/e2e build it before its tests, and installs (which adds it to the lockfile).
 */
export async function createBrand(options: NewBrandOptions): Promise<string> {
  await refuseClashes(options);
  const template = brandAppIds()[0];
  if (!template) throw new BrandCommandError('apps/ 下没有可作模板的品牌应用');
  // Every app's ICP number differs (the contract test): the suffix counts the apps.
  const manifest = newManifest(options, brandAppIds().length);
  const appDir = join(appsDir, options.id);
  try {
    cpSync(join(appsDir, template), appDir, {
      recursive: true,
      filter: (source) => {
        const relative = source.slice(join(appsDir, template).length + 1);
        return !writtenFiles.has(relative.split(/[\\/]/)[0] ?? '');
      },
    });
    const templatePackage = readFileSync(join(appsDir, template, 'package.json'), 'utf8');
    writeFileSync(
      join(appDir, 'package.json'),
      templatePackage.replace(`"name": "@tender/${template}"`, `"name": "@tender/${options.id}"`),
    );
    writeFileSync(join(appDir, 'brand.ts'), brandSource(manifest));
    mkdirSync(join(appDir, 'public'));
    writeFileSync(join(appDir, 'public', 'favicon.svg'), placeholderFavicon(options));
  } catch (error) {
    rmSync(appDir, { recursive: true, force: true });
    throw error;
  }
  addE2eBuildDependency(options.id);
  // Not frozen (pnpm freezes under CI=true): adding the app's importer is the point of this install.
  run('pnpm', ['install', '--prefer-offline', '--no-frozen-lockfile'], 'pnpm install');
  // Written files in the house style, so that `npm test`'s `biome ci` passes without an edit.
  run('biome', ['format', '--write', appDir, e2eTurboFile], 'biome format');
  return appDir;
}

function addE2eBuildDependency(id: string): void {
  const turbo = JSON.parse(readFileSync(e2eTurboFile, 'utf8'));
  const builds = [...new Set([...e2eBuildDependencies(), buildTaskOf(id)])].sort();
  const others = (turbo.tasks.test.dependsOn as string[]).filter((task) => !task.endsWith('#build'));
  turbo.tasks.test.dependsOn = [...others, ...builds];
  writeFileSync(e2eTurboFile, `${JSON.stringify(turbo, null, 2)}\n`);
}

/**
 * Runs a workspace tool (`npm run brand` puts node_modules/.bin on the PATH). `pnpm install` links the new
 * package and records it in pnpm-lock.yaml; the store usually holds every package already.
 */
function run(command: string, args: string[], label: string): void {
  const result = spawnSync(command, args, { cwd: repositoryRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new BrandCommandError(`${label} 失败，见上方输出；修复后重新运行它`);
}

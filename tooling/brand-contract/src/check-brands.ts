import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BrandManifestError } from '@tender/brand';
import {
  appsDir,
  brandAppIds,
  buildTaskOf,
  e2eBuildDependencies,
  loadManifest,
  placeholderFields,
} from './brand-apps';

export interface BrandCheck {
  id: string;
  /** What breaks the brand: `npm test` fails on each. */
  problems: string[];
  /** Placeholder values written by `brand new`, still to be filled in before the brand goes live. */
  toFillIn: string[];
}

/** Checks every brand app's manifest and its wiring; the cross-brand rules are the contract test's. */
export async function checkBrands(): Promise<BrandCheck[]> {
  const builtForE2e = new Set(e2eBuildDependencies());
  const checks: BrandCheck[] = [];
  for (const id of brandAppIds()) {
    const problems: string[] = [];
    let toFillIn: string[] = [];
    try {
      const manifest = await loadManifest(id);
      if (manifest.id !== id) problems.push(`id "${manifest.id}" 与目录名 apps/${id} 不一致`);
      const favicon = join(appsDir, id, 'public', 'favicon.svg');
      if (!existsSync(favicon)) problems.push('缺少 public/favicon.svg');
      else if (!readFileSync(favicon, 'utf8').toLowerCase().includes(manifest.colors.primary.toLowerCase())) {
        problems.push(`public/favicon.svg 未使用品牌主色 ${manifest.colors.primary}`);
      }
      toFillIn = placeholderFields(manifest);
    } catch (error) {
      if (!(error instanceof BrandManifestError)) throw error;
      problems.push(
        ...error.message
          .split('\n')
          .slice(1)
          .map((line) => `brand.ts ${line.trim().slice(2)}`),
      );
    }
    const packageName = JSON.parse(readFileSync(join(appsDir, id, 'package.json'), 'utf8')).name;
    if (packageName !== `@tender/${id}`)
      problems.push(`package.json 的 name 应为 @tender/${id}（现为 ${packageName}）`);
    if (!builtForE2e.has(buildTaskOf(id))) {
      problems.push(`tooling/e2e/turbo.json 的 test.dependsOn 缺少 "${buildTaskOf(id)}"`);
    }
    checks.push({ id, problems, toFillIn });
  }
  return checks;
}

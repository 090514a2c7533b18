import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { LibraryPackage } from './packages';

const execFileAsync = promisify(execFile);
const hooks = pathToFileURL(join(import.meta.dirname, 'dist-import-hooks.mjs')).href;

export interface PublishedExport {
  subpath: string;
  /** Absolute paths of the `import` (or `default`) and `types` targets. */
  module?: string;
  types?: string;
}

/** The package's `exports` as published: `publishConfig.exports` when set (pointing at dist/), else `exports`. */
export function publishedExports(pkg: LibraryPackage): PublishedExport[] {
  const manifest = JSON.parse(readFileSync(join(pkg.dir, 'package.json'), 'utf8'));
  const exportsField = manifest.publishConfig?.exports ?? manifest.exports ?? {};
  const entries = typeof exportsField === 'string' ? { '.': exportsField } : exportsField;
  return Object.entries<string | Record<string, string>>(entries).map(([subpath, target]) => {
    const conditions = typeof target === 'string' ? { default: target } : target;
    const module = conditions.import ?? conditions.default;
    return {
      subpath,
      module: module && join(pkg.dir, module),
      types: conditions.types && join(pkg.dir, conditions.types),
    };
  });
}

/**
 * What is wrong with the built packages' exports, one line each, starting with the package's name: a missing
 * `types` or `import` target, or an `import` target that a plain Node process (no bundler, no source aliases)
 * cannot import. The @tender packages they import resolve to their published dist/ too (dist-import-hooks.mjs).
 * One Node process imports every export, so the shared dependencies (React, Mantine) load once.
 */
export async function distExportProblems(packages: LibraryPackage[]): Promise<string[]> {
  const problems: string[] = [];
  const imports: { label: string; url: string }[] = [];
  for (const pkg of packages) {
    const entries = publishedExports(pkg);
    if (entries.length === 0) problems.push(`${pkg.name}: package.json publishes no exports`);
    for (const entry of entries) {
      const label = `${pkg.name} export "${entry.subpath}"`;
      if (!entry.types) problems.push(`${label}: no "types" condition`);
      else if (!existsSync(entry.types))
        problems.push(`${label}: types file ${relative(pkg.dir, entry.types)} is missing`);
      if (!entry.module) problems.push(`${label}: no "import" or "default" condition`);
      else if (!existsSync(entry.module))
        problems.push(`${label}: module ${relative(pkg.dir, entry.module)} is missing`);
      else
        imports.push({
          label: `${label}: importing ${relative(pkg.dir, entry.module)} in Node fails`,
          url: pathToFileURL(entry.module).href,
        });
    }
  }
  const publishedTargets = Object.fromEntries(
    packages.map((pkg) => [
      pkg.name,
      Object.fromEntries(publishedExports(pkg).map((entry) => [entry.subpath, entry.module])),
    ]),
  );
  const script = `
    import { register } from 'node:module';
    register(${JSON.stringify(hooks)}, { data: ${JSON.stringify({ publishedTargets })} });
    const failures = [];
    for (const { label, url } of ${JSON.stringify(imports)}) {
      try { await import(url); } catch (error) { failures.push(\`\${label}: \${error?.message ?? error}\`); }
    }
    process.stdout.write(JSON.stringify(failures));`;
  try {
    const { stdout } = await execFileAsync(process.execPath, ['--input-type=module', '-e', script], {
      timeout: 60_000,
    });
    problems.push(...(JSON.parse(stdout) as string[]));
  } catch (error) {
    problems.push(`importing the dist/ exports in Node did not finish: ${String(error)}`);
  }
  return problems;
}

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `dist/.vite/manifest.json`. */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

type ViteManifest = Record<string, ManifestChunk>;

/** The login screen's module, as the app package names it. */
export const LOGIN_SCREEN_MODULE = 'packages/app/src/features/login/login-screen.tsx';

export function readViteManifest(distDir: string): ViteManifest {
  return JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
}

/** The chunk key and every chunk it statically imports, transitively. */
function withStaticImports(manifest: ViteManifest, key: string, into: Set<string>): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) withStaticImports(manifest, imported, into);
  return into;
}

/**
 * The JavaScript files a browser fetches to show /login: the entry with its static imports, then the lazily
 * loaded login screen with its own. Other dynamic imports (the main layout, other screens) are not fetched.
 */
export function loginRouteFiles(manifest: ViteManifest): string[] {
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  const login = Object.keys(manifest).find((key) => key.endsWith(LOGIN_SCREEN_MODULE));
  if (!entry || !login) throw new Error('The build has no entry or no login screen chunk');
  const keys = withStaticImports(manifest, login, withStaticImports(manifest, entry, new Set()));
  return [...keys].map((key) => manifest[key]?.file ?? key).filter((file) => file.endsWith('.js'));
}

export function gzipBytes(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).byteLength;
}

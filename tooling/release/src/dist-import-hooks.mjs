// Module hooks for importing a package's dist/ in plain Node as a registry install would serve it: the
// publishable @tender packages resolve to their published `exports` (publishConfig, under dist/), never to
// the workspace's source exports; everything else resolves as Node resolves it. Plain JavaScript: Node loads
// it before any TypeScript loader exists.
import { pathToFileURL } from 'node:url';

/** Package name → export subpath → absolute path of its `import` target. */
let publishedTargets = {};

export function initialize(data) {
  publishedTargets = data.publishedTargets;
}

export async function resolve(specifier, context, nextResolve) {
  for (const [name, targets] of Object.entries(publishedTargets)) {
    if (specifier !== name && !specifier.startsWith(`${name}/`)) continue;
    const subpath = `.${specifier.slice(name.length)}`;
    const target = targets[subpath];
    if (!target) throw new Error(`${name} publishes no export "${subpath}" (imported as ${specifier})`);
    return { url: pathToFileURL(target).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  // A stylesheet is the consuming bundler's to load; resolving it above already proved it exists.
  if (url.endsWith('.css')) return { format: 'module', source: '', shortCircuit: true };
  return nextLoad(url, context);
}

import type { BrandManifest } from '@tender/brand';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';

/** Writes the manifest beside index.html: the server creates the brand's tenant from `dist/brand.json`. */
function brandManifestFile(brand: BrandManifest): Plugin {
  return {
    name: 'tender-brand-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'brand.json', source: `${JSON.stringify(brand, null, 2)}\n` });
    },
  };
}

/**
 * The whole Vite configuration of a brand app, so that every `apps/<id>/vite.config.ts` is one call.
 * The server serves each brand under `/<brand-id>/` (docs/architecture.md §7).
 */
export function brandAppViteConfig(brand: BrandManifest): UserConfig {
  return {
    base: `/${brand.id}/`,
    plugins: [react(), brandManifestFile(brand)],
    resolve: {
      // One copy of React and Mantine even though the workspace packages declare them as peers.
      dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/dates', 'dayjs'],
    },
    // Each build is a new app version: a failed chunk load reloads the page once per version (spec §8).
    define: { __TENDER_APP_VERSION__: JSON.stringify(new Date().toISOString()) },
    // dist/.vite/manifest.json: the chunk graph the bundle budget (tooling/e2e) reads.
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      manifest: true,
      // Without the polyfill a browser lacking native modulepreload (Safari before 17) only skips the early
      // fetch of a lazy screen's chunks; every other browser preloads natively, and /login is lighter by it.
      modulePreload: { polyfill: false },
      rolldownOptions: {
        output: {
          // Every screen imports the wire contracts, the client and the rules, so automatic splitting cut what
          // /login needs anyway into a dozen small shared chunks, each compressed on its own; one chunk is smaller.
          // The 即将到期 contracts stay with the one screen that imports them (@tender/contracts/renewal).
          codeSplitting: {
            groups: [
              {
                name: 'client-core',
                test: /packages[\\/](contracts|api-client|domain)[\\/]src[\\/](?!renewal-entry|endpoints[\\/]renewal\.)/,
              },
            ],
          },
        },
      },
    },
  };
}

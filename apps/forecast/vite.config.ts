import { basename } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import brand from './brand';

// The folder name is the brand id, and the server serves each brand under /<brand-id>/ (architecture §7),
// so this file stays identical in every brand app.
const brandId = basename(import.meta.dirname);

/** Writes the manifest beside index.html: the server seeds the brand's tenant from `dist/brand.json`. */
function brandManifestFile(): Plugin {
  return {
    name: 'tender-brand-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'brand.json', source: `${JSON.stringify(brand, null, 2)}\n` });
    },
  };
}

export default defineConfig({
  base: `/${brandId}/`,
  plugins: [react(), brandManifestFile()],
  resolve: {
    // One copy of React and Mantine even though the workspace packages declare them as peers.
    dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks'],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});

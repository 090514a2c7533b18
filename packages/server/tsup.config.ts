import { defineConfig } from 'tsup';

// One runnable file, the `tender-server` command: our workspace packages are TypeScript sources, so they are
// bundled in; third-party packages stay in node_modules.
export default defineConfig({
  entry: ['src/cli.ts'],
  banner: { js: '#!/usr/bin/env node' },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  noExternal: [/^@tender\//],
  clean: true,
});

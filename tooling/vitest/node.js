// Plain JavaScript on purpose: Vitest loads config files with Node, which cannot import TypeScript
// from node_modules on Node 20.
import { defineConfig } from 'vitest/config';

/** Preset for packages whose tests run in Node: pure rules, contracts, the server. */
export const nodePreset = defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Property tests run many cases, and a test server (PGlite, every migration) took over 60 s to start when
    // CI shared both cores with other work: a slow machine must not turn them into flakes.
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: process.env.CI ? ['dot'] : ['default'],
  },
});

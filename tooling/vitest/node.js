// Plain JavaScript on purpose: Vitest loads config files with Node, which cannot import TypeScript
// from node_modules on Node 20.
import { defineConfig } from 'vitest/config';

/** Preset for packages whose tests run in Node: pure rules, contracts, the server. */
export const nodePreset = defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Property tests run many cases; a slow CI core must not turn them into flakes.
    testTimeout: 20_000,
    reporters: process.env.CI ? ['dot'] : ['default'],
  },
});

// Plain JavaScript on purpose: Vitest loads config files with Node, which cannot import TypeScript
// from node_modules on Node 20.
import { defineConfig } from 'vitest/config';

/** Preset for packages whose tests run in Node: pure rules, contracts, the server. */
export const nodePreset = defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Property tests run many cases and an embedded database takes seconds to create when both cores are
    // busy: a slow CI machine must not turn them into flakes.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    reporters: process.env.CI ? ['dot'] : ['default'],
  },
});

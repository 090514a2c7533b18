// Plain JavaScript on purpose: Vitest loads config files with Node, which cannot import TypeScript
// from node_modules on Node 20.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * Preset for React component tests: jsdom, Testing Library's cleanup and jest-dom matchers, and the browser APIs
 * jsdom lacks that Mantine reads (matchMedia, ResizeObserver, scrollIntoView). Test files are `*.test.ts(x)`.
 */
export const domPreset = defineConfig({
  test: {
    environment: 'jsdom',
    // Lets Testing Library register its cleanup after each test; tests still import describe/it/expect.
    globals: true,
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts', 'test/**/*.test.tsx'],
    setupFiles: [fileURLToPath(new URL('./dom-setup.js', import.meta.url))],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    reporters: process.env.CI ? ['dot'] : ['default'],
  },
});

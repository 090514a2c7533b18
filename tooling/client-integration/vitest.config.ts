import { domPreset } from '@tender/vitest-config/dom';
import { defineConfig, mergeConfig } from 'vitest/config';

/** Component tests in jsdom against the real server, started once for the run by `src/global-setup.ts`. */
export default mergeConfig(
  domPreset,
  defineConfig({
    test: {
      globalSetup: ['./src/global-setup.ts'],
      // The server runs in this process's global setup; test files share it.
      fileParallelism: false,
    },
  }),
);

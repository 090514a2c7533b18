import type { StorybookConfig } from '@storybook/react-vite';
import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';

/**
 * The one Storybook of the workspace (docs/architecture.md §2): stories live beside their components in every
 * package (`packages/<name>/src/**\/*.stories.tsx`) and are all shown here.
 */
const config: StorybookConfig = {
  stories: ['../../../packages/*/src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // axe on every story in the 无障碍 panel; `src/stories.browser.test.ts` holds every story to zero violations.
  addons: ['@storybook/addon-a11y'],
  core: {
    // No calls home: the machines that build this reach only the package registries.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  typescript: { reactDocgen: 'react-docgen' },
  async viteFinal(viteConfig) {
    return mergeConfig(viteConfig, {
      plugins: [react()],
      // The preview bundles React, Mantine and every story into one iframe chunk; that is expected here.
      build: { chunkSizeWarningLimit: 2000 },
      resolve: {
        // One copy of React, Mantine and dayjs even though the packages declare them as peers.
        dedupe: ['react', 'react-dom', '@mantine/core', '@mantine/hooks', '@mantine/dates', 'dayjs'],
      },
    });
  },
};

export default config;

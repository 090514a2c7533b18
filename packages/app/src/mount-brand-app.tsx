import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import type { BrandManifest } from '@tender/brand';
import { createBrandTheme } from '@tender/brand/theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrandStartPage } from './brand-start-page';

const rootSelector = '#root';

/**
 * Starts a brand app: the one call in each `apps/<brand>/src/main.tsx`. Sets the page title from the
 * manifest and renders the client, themed with the brand's colours, into `#root`.
 */
export function mountBrandApp(manifest: BrandManifest): void {
  const container = document.querySelector(rootSelector);
  if (!container) throw new Error(`mountBrandApp: no ${rootSelector} element in index.html`);
  document.title = manifest.title;
  createRoot(container).render(
    <StrictMode>
      <MantineProvider theme={createBrandTheme(manifest)}>
        <BrandStartPage manifest={manifest} />
      </MantineProvider>
    </StrictMode>,
  );
}

import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import { RouterProvider } from '@tanstack/react-router';
import type { BrandManifest } from '@tender/brand';
import { useLoggedInElsewhereDialog } from '@tender/permission-dialogs';
import { UiKitProvider } from '@tender/ui-kit';
import { StrictMode, useEffect, useMemo } from 'react';
import { createRoot } from 'react-dom/client';
import { DemoRibbon, useDemoNotice } from './layout/demo-ribbon';
import { applyRootFontSize } from './layout/use-layout-effects';
import { type AppRouter, createAppRouter } from './router/app-router';
import { listenForPreloadErrors } from './router/chunk-reload';
import { AppServicesContext } from './shell/app-context';
import { type AppServices, createAppServices } from './shell/app-services';
import { useSettingsStore } from './stores/settings-store';

const rootSelector = '#root';

function TenderApp({ services, router }: { services: AppServices; router: AppRouter }) {
  const theme = useSettingsStore((state) => state.theme);
  // The settings panel's theme colour replaces the brand's primary colour (spec §2).
  const brand = useMemo<BrandManifest>(
    () => ({
      ...services.brand,
      colors: { ...services.brand.colors, primary: theme || services.brand.colors.primary },
    }),
    [services.brand, theme],
  );
  const loggedInElsewhere = useLoggedInElsewhereDialog();
  services.bridge.confirmLoggedInElsewhere = loggedInElsewhere.confirmLoggedInElsewhere;
  useEffect(() => applyRootFontSize(), []);
  return (
    <UiKitProvider brand={brand}>
      <AppServicesContext.Provider value={services}>
        <EnvironmentRibbon />
        <RouterProvider router={router} />
        {loggedInElsewhere.element}
      </AppServicesContext.Provider>
    </UiKitProvider>
  );
}

/** Above every page, the login page too: the demo ribbon when the server is not in production. */
function EnvironmentRibbon() {
  return <DemoRibbon notice={useDemoNotice()} />;
}

/**
 * Starts a brand app: the one call in each `apps/<brand>/src/main.tsx`. Sets the page title, creates the
 * api-client with the brand's global parameters and the router, and renders the client into `#root`.
 */
export function createTenderApp(brand: BrandManifest): void {
  const container = document.querySelector(rootSelector);
  if (!container) throw new Error(`createTenderApp: no ${rootSelector} element in index.html`);
  document.title = brand.title;
  listenForPreloadErrors();
  useSettingsStore.getState().initialize(brand);
  const services = createAppServices(brand);
  const router = createAppRouter(services);
  createRoot(container).render(
    <StrictMode>
      <TenderApp services={services} router={router} />
    </StrictMode>,
  );
}

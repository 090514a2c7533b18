import type { ApiClient, EndpointFunctions } from '@tender/api-client';
import { testBrand } from '@tender/test-utils';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { type LayoutDialogs, LayoutDialogsContext } from '../../layout/use-layout-dialogs';
import { AppServicesContext } from '../../shell/app-context';
import type { AppServices } from '../../shell/app-services';
import { renderWithRouter } from '../../test/render';

/**
 * Renders a company or analysis screen inside the app's services and the layout's dialogs, on a real router.
 * `api` stands in for the server: only the endpoints the screen calls, answering as the contracts say.
 */
export async function renderScreen(
  ui: ReactNode,
  {
    api,
    path = '/',
    paths = [],
    brandFlags = {},
  }: {
    api: Partial<EndpointFunctions>;
    path?: string;
    paths?: string[];
    /** Flags of the test brand to change (analysis, export …). */
    brandFlags?: Partial<typeof testBrand.flags>;
  },
) {
  const dialogs: LayoutDialogs = {
    openRefusal: vi.fn(() => true),
    openMembership: vi.fn(),
    openServicePeriod: vi.fn(),
    openCoupons: vi.fn(),
  };
  const client = {} as ApiClient;
  const services = {
    brand: { ...testBrand, flags: { ...testBrand.flags, ...brandFlags } },
    client,
    api: api as EndpointFunctions,
    bridge: { navigate: vi.fn(), confirmLoggedInElsewhere: vi.fn(), pcLoginRefused: vi.fn() },
    logout: vi.fn(),
  } satisfies AppServices;
  const pathOnly = path.split('?')[0] ?? '/';
  const rendered = await renderWithRouter(
    <AppServicesContext.Provider value={services}>
      <LayoutDialogsContext.Provider value={dialogs}>{ui}</LayoutDialogsContext.Provider>
    </AppServicesContext.Provider>,
    { path, paths: [...new Set([pathOnly, ...paths])] },
  );
  return { ...rendered, dialogs, client };
}

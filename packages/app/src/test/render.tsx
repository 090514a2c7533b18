import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { defineBrand } from '@tender/brand';
import { UiKitProvider } from '@tender/ui-kit';
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';

export const testBrand = defineBrand({
  id: 'sample',
  name: '示例招标网',
  title: '示例招标网 - 招投标信息服务平台',
  colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1', '#0e7480'] },
  flags: { analysis: true, export: true, payment: true, newDemandMode: false },
  interfaceVersion: 20,
  registerType: 50,
  legal: {
    termsUrl: 'https://www.sample.example/agreement/terms',
    privacyUrl: 'https://www.sample.example/agreement/privacy',
    clauseName: '示例招标网用户服务协议',
  },
  footer: { text: 'Copyright © 2025 示例信息科技有限公司 版权所有', caseNumber: '京ICP备2023012345号-1' },
  supportPhone: '400-012-3456',
});

/**
 * Renders `ui` on every path of a real TanStack router over memory history (the app's links and navigation work),
 * inside the kit's provider in test mode. `paths` are the routes that exist besides /redirect/$.
 */
export async function renderWithRouter(ui: ReactNode, { path, paths }: { path: string; paths: string[] }) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        {ui}
        <Outlet />
      </>
    ),
  });
  const routes = [...paths, '/redirect/$'].map((routePath) =>
    createRoute({ getParentRoute: () => rootRoute, path: routePath, component: () => null }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren(routes),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  const user = userEvent.setup();
  const result = render(
    <UiKitProvider brand={testBrand} env="test">
      <RouterProvider router={router} />
    </UiKitProvider>,
  );
  await act(() => router.load());
  return { ...result, user, router };
}

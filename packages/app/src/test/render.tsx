import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { createRenderWithBrand } from '@tender/test-utils';
import { UiKitProvider } from '@tender/ui-kit';
import { act, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect } from 'vitest';

const renderWithKit = createRenderWithBrand(UiKitProvider);

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
  const result = renderWithKit(<RouterProvider router={router} />);
  await act(() => router.load());
  return { ...result, router };
}

/** The shared message (ui-kit `showMessage`, drawn by the kit's provider) shows `text` in this tone. */
export async function expectMessage(text: string, tone: 'success' | 'error' | 'warning') {
  const shown = await screen.findByText(text);
  expect(shown.closest('[data-tone]')).toHaveAttribute('data-tone', tone);
}

import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { createRenderWithBrand } from '@tender/test-utils';
import { UiKitProvider } from '@tender/ui-kit';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorPage } from './route-error-page';

const renderWithKit = createRenderWithBrand(UiKitProvider);

afterEach(() => vi.restoreAllMocks());

async function renderBrokenList(isBroken: () => boolean) {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  function Screen() {
    if (isBroken()) throw new Error('Cannot read properties of undefined');
    return <p>公告列表</p>;
  }
  const rootRoute = createRootRoute();
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <p>首页</p> }),
      createRoute({ getParentRoute: () => rootRoute, path: '/list', component: Screen }),
    ]),
    history: createMemoryHistory({ initialEntries: ['/list'] }),
    defaultErrorComponent: RouteErrorPage,
  });
  const rendered = renderWithKit(<RouterProvider router={router} />);
  await act(() => router.load());
  return { ...rendered, router };
}

describe('RouteErrorPage (the router’s defaultErrorComponent)', () => {
  it('shows a Chinese page, not the error’s own text; 重试 renders the screen again', async () => {
    let broken = true;
    const { user } = await renderBrokenList(() => broken);
    const page = await screen.findByRole('alert');
    expect(page).toHaveTextContent('页面出错了');
    expect(page).not.toHaveTextContent('Cannot read');
    broken = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    await screen.findByText('公告列表');
  });

  it('返回首页 goes to the landing page', async () => {
    const { user, router } = await renderBrokenList(() => true);
    await user.click(await screen.findByRole('link', { name: '返回首页' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await screen.findByText('首页');
  });
});

import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { createApiClient, createEndpointFunctions } from '@tender/api-client';
import type { BrandManifest } from '@tender/brand';
import type { MenuItem, User } from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import { showMessage } from '@tender/ui-kit';
import { type ReactNode, useState } from 'react';
import type {} from '../router/app-router';
import { AppServicesContext } from '../shell/app-context';
import type { AppServices } from '../shell/app-services';
import { useAppStore } from '../stores/app-store';
import { useRouteStore } from '../stores/route-store';
import { useSettingsStore } from '../stores/settings-store';
import { useTagsViewStore } from '../stores/tags-view-store';
import { useUserStore } from '../stores/user-store';
import { demoMenus } from './story-fixtures';

/**
 * The brand chosen in the catalog's 品牌 menu: tooling/ui-catalog's preview loads its manifest for every story
 * (`loaded.brand`), since the app's parts take the manifest itself, not only its theme.
 */
export function storyBrand({ loaded }: { loaded: Record<string, unknown> }): BrandManifest {
  const brand = loaded.brand as BrandManifest | undefined;
  if (!brand) throw new Error('storyBrand: render in tooling/ui-catalog, whose preview loads the brand');
  return brand;
}

/** The data a fake server answers, by endpoint path; other paths answer 404 (and the story shows it). */
export type StoryAnswers = Readonly<Record<string, unknown>>;

/**
 * An in-memory stand-in of the server behind the real api-client: each known path answers the usual envelope
 * after `delayMs` (stories must settle within a second; the real server drives the app in tooling/e2e).
 */
export function fakeServerFetch(answers: StoryAnswers, delayMs = 30): typeof fetch {
  return async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (!(url.pathname in answers)) {
      console.warn(`story server: no answer for ${url.pathname}`);
      return new Response('', { status: 404 });
    }
    return Response.json({ code: RESPONSE_CODES.SUCCESS, message: '', data: answers[url.pathname] });
  };
}

function storyServices(brand: BrandManifest, answers: StoryAnswers): AppServices {
  const client = createApiClient({
    brand,
    baseUrl: 'http://stories.invalid',
    fetch: fakeServerFetch(answers),
    getToken: () => useUserStore.getState().token,
    // A story has no session to end and no page to reload; notices show as in the app (shell/app-services.ts).
    handlers: {
      logout: () => undefined,
      confirmLoggedInElsewhere: () => undefined,
      goToPerfect: () => undefined,
      showNotice: ({ kind, text, durationMs }) =>
        showMessage(text, kind === 'notification' ? 'warning' : 'error', durationMs),
    },
    pcLoginAuthCheck: false,
  });
  return {
    brand,
    client,
    api: createEndpointFunctions(client),
    bridge: {
      navigate: () => undefined,
      confirmLoggedInElsewhere: () => undefined,
      pcLoginRefused: () => undefined,
    },
    logout: async () => undefined,
  };
}

/** The stores as the shell leaves them after sign-in (spec §2 route guard), for `user`; signed out without one. */
function seedStores(brand: BrandManifest, user: User | undefined, menus: MenuItem[]) {
  localStorage.clear();
  sessionStorage.clear();
  useUserStore.setState({
    token: user ? 'story-token' : undefined,
    user: undefined,
    roles: [],
    loadMenus: false,
  });
  if (user) useUserStore.getState().setUser(user);
  useRouteStore.getState().reset();
  useRouteStore.getState().setRoutes(user ? menus : []);
  useSettingsStore.getState().initialize(brand);
  useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
  // The sidebar as a first visit at this width finds it (spec §4 breakpoints), whatever a story before chose.
  useAppStore.getState().resize(window.innerWidth);
}

export interface StoryAppProps {
  brand: BrandManifest;
  /** The signed-in user; none: signed out. */
  user?: User;
  menus?: MenuItem[];
  answers?: StoryAnswers;
  /** The page shown first; `pages` are the routes below the root besides it (title for the top bar and tags). */
  path: string;
  pages?: readonly { path: string; title: string }[];
  /** Runs after the stores are seeded, before the first render (a guided tour step, more tabs). */
  prepare?(): void;
  /** The root route's component: the layout with an Outlet, or a screen alone. */
  children: ReactNode;
  /** What the pages below the root show (in the layout's main area). */
  pageContent?: ReactNode;
}

/**
 * A part of the app as the shell renders it: the real stores seeded with demo state, the real api-client over a
 * fake server, and a TanStack router over memory history (links and navigation work).
 */
export function StoryApp(props: StoryAppProps & { args?: unknown }) {
  // New args or another brand start the app afresh (seeded stores, a new router), as reopening the page would.
  return <SeededApp key={`${props.brand.id} ${JSON.stringify(props.args ?? null)}`} {...props} />;
}

function SeededApp({
  brand,
  user,
  menus = demoMenus,
  answers = {},
  path,
  pages = [],
  prepare,
  children,
  pageContent,
}: StoryAppProps) {
  const [{ services, router }] = useState(() => {
    seedStores(brand, user, menus);
    prepare?.();
    const rootRoute = createRootRoute({ component: () => children });
    const shown = { path, title: pages.find((page) => page.path === path)?.title ?? '' };
    const routes = [shown, ...pages.filter((page) => page.path !== path)].map((page) =>
      createRoute({
        getParentRoute: () => rootRoute,
        path: page.path,
        staticData: { title: page.title, name: page.path, tagged: true },
        component: () => pageContent ?? <Outlet />,
      }),
    );
    const redirect = createRoute({ getParentRoute: () => rootRoute, path: '/redirect/$', component: Outlet });
    return {
      services: storyServices(brand, answers),
      router: createRouter({
        routeTree: rootRoute.addChildren([...routes, redirect]),
        history: createMemoryHistory({ initialEntries: [path] }),
      }),
    };
  });
  return (
    <AppServicesContext.Provider value={services}>
      <RouterProvider router={router} />
    </AppServicesContext.Provider>
  );
}

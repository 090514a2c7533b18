import {
  createHashHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouteComponent,
  redirect,
} from '@tanstack/react-router';
import { isApiError } from '@tender/api-client';
import type { MenuItem } from '@tender/contracts';
import { userCenterEndpoint } from '@tender/contracts';
import { KEEP_ALIVE_INTERVAL_MS } from '@tender/domain';
import { CUSTOM_LOGIN_STORAGE_KEY } from '@tender/permission-dialogs';
import type { AppServices } from '../shell/app-services';
import { clearSession } from '../shell/app-services';
import { rolesMayOpen } from '../shell/roles';
import { useRouteStore } from '../stores/route-store';
import { useUserStore } from '../stores/user-store';
import { importWithReload } from './chunk-reload';
import { LAYOUT_ROUTES, ROUTE_ALIASES } from './layout-routes';
import { menuRoutes } from './menu-routes';
import { permissionJump } from './project-query';
import { RouteErrorPage } from './route-error-page';
import { LOGIN_PATH, type RouteGuardContext, runRouteGuard } from './route-guard';
import { screenForComponent } from './screens';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** spec §2 route guard step 1: the page title. */
    title?: string;
    /** The route name (the tags bar's cache key). */
    name?: string;
    /** spec §3 Tag views: not cached. */
    noCache?: boolean;
    /** Shown in the tags bar. */
    tagged?: boolean;
    /** The query names the item shown (a detail): each query is a tab of its own. */
    queryKeyed?: boolean;
  }
}

/** sessionStorage key of the page to go back to after signing in again (spec §2 step 2). */
export const LOGOUT_PAGE_STORAGE_KEY = 'logoutPage';

/** spec §2: root redirects here. */
export const HOME_PATH = '/subscribe/bidding';

function lazy<T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T & string) {
  return lazyRouteComponent(importWithReload(load), name);
}

const loginScreen = lazy(() => import('../features/login/login-screen'), 'LoginScreen');
const perfectScreen = lazy(() => import('../features/perfect/perfect-screen'), 'PerfectScreen');
const errorPages = () => import('../features/error-pages/error-pages');
const notFoundScreen = lazy(errorPages, 'NotFoundScreen');
const unauthorizedScreen = lazy(errorPages, 'UnauthorizedScreen');
const redirectScreens = () => import('../features/redirect/redirect-screens');
const redirectScreen = lazy(redirectScreens, 'RedirectScreen');
const refreshScreen = lazy(redirectScreens, 'RefreshScreen');
const mainLayout = lazy(() => import('../layout/main-layout'), 'MainLayout');

let keepAliveStarted = false;

/** spec §4: after user info loads, a keep-alive call every 72,000,000 ms (once per page). */
function startKeepAlive(call: () => Promise<unknown>): void {
  if (keepAliveStarted) return;
  keepAliveStarted = true;
  setInterval(() => void call().catch(() => undefined), KEEP_ALIVE_INTERVAL_MS);
}

/**
 * The router of one brand app: hash history, the public routes of spec §2, the main layout whose children come
 * from the server menus (lazy screens), the route guard before every navigation, the page title and a scroll to
 * the top after every navigation.
 */
export function createAppRouter(services: AppServices) {
  const { api, client, brand } = services;

  const guardContext: RouteGuardContext = {
    token: () => useUserStore.getState().token,
    isCustomLogin: () => sessionStorage.getItem(CUSTOM_LOGIN_STORAGE_KEY) !== null,
    rememberLogoutPage: (hash) => sessionStorage.setItem(LOGOUT_PAGE_STORAGE_KEY, hash),
    clearLocalStorage: () => localStorage.clear(),
    permissionJump: () => permissionJump(client),
    hasUser: () => useUserStore.getState().user !== undefined,
    async loadUser() {
      try {
        const user = await client.call(userCenterEndpoint, {}, { handleCodes: [430] });
        useUserStore.getState().setUser(user);
        startKeepAlive(() => api.userCenter());
        return 'loaded';
      } catch (error) {
        if (isApiError(error) && error.code === 430) return 'perfect';
        if (isApiError(error) && error.code === 4011) return 'stopped';
        throw error;
      }
    },
    logoutAndReload: () => {
      clearSession();
      location.hash = `#${LOGIN_PATH}`;
      location.reload();
    },
    menusInstalled: () => useUserStore.getState().loadMenus,
    async installMenus() {
      const menus = await api.listMenu();
      useRouteStore.getState().setRoutes(menus);
      router.update({ ...router.options, routeTree: buildRouteTree(menus) });
      useUserStore.getState().setMenusLoaded(true);
    },
    mayOpen: (path) => rolesMayOpen(useUserStore.getState().roles, path),
  };

  /** A new tree per menu list: the router rebuilds its route index only when it gets a new root route. */
  function buildRouteTree(menus: readonly MenuItem[]) {
    const rootRoute = createRootRoute({
      component: Outlet,
      beforeLoad: async ({ location }) => {
        const outcome = await runRouteGuard(
          { pathname: location.pathname, hash: location.href },
          guardContext,
        );
        if (outcome.kind === 'redirect') throw redirect({ to: outcome.to, replace: true });
        if (outcome.kind === 'rematch') throw redirect({ href: location.href, replace: true });
        // A dialog or a reload takes over; the navigation never finishes.
        if (outcome.kind === 'stop') await new Promise<never>(() => undefined);
      },
    });

    const publicRoute = (path: string, component: RouteComponent, title: string) =>
      createRoute({ getParentRoute: () => rootRoute, path, component, staticData: { title } });
    const layoutRoute = createRoute({ getParentRoute: () => rootRoute, id: 'main', component: mainLayout });
    const screens = menuRoutes(menus).map(({ item, path, redirect: target }) =>
      createRoute({
        getParentRoute: () => layoutRoute,
        path,
        ...(target
          ? {
              beforeLoad: () => {
                throw redirect({ to: target, replace: true });
              },
            }
          : { component: screenForComponent(item.component) }),
        staticData: {
          title: item.meta.title,
          name: item.name,
          noCache: item.meta.noCache,
          tagged: !target,
          // A hidden screen is opened by a link that names its item (医疗详情 ?id=): one tab per item.
          queryKeyed: item.hidden,
        },
      }),
    );
    const details = LAYOUT_ROUTES.map((route) =>
      createRoute({
        getParentRoute: () => layoutRoute,
        path: route.path,
        component: screenForComponent(route.component),
        staticData: {
          title: route.title,
          name: route.name,
          noCache: route.noCache,
          tagged: true,
          queryKeyed: true,
        },
      }),
    );
    const aliases = Object.entries(ROUTE_ALIASES).map(([path, target]) =>
      createRoute({
        getParentRoute: () => layoutRoute,
        path,
        beforeLoad: ({ search }) => {
          throw redirect({ to: target, search, replace: true });
        },
      }),
    );
    const home = createRoute({
      getParentRoute: () => layoutRoute,
      path: '/',
      beforeLoad: () => {
        throw redirect({ to: HOME_PATH, replace: true });
      },
    });
    // spec §2 step 5: a catch-all redirect to /404 after the menu routes.
    const unknown = createRoute({
      getParentRoute: () => layoutRoute,
      path: '$',
      beforeLoad: () => {
        throw redirect({ to: '/404', replace: true });
      },
    });
    return rootRoute.addChildren([
      publicRoute('/login', loginScreen, '登录'),
      publicRoute('/perfect', perfectScreen, '完善资料'),
      publicRoute('/404', notFoundScreen, '404'),
      publicRoute('/401', unauthorizedScreen, '401'),
      publicRoute('/refresh', refreshScreen, ''),
      publicRoute('/redirect/$', redirectScreen, ''),
      layoutRoute.addChildren([home, ...screens, ...details, ...aliases, unknown]),
    ]);
  }

  const router = createRouter({
    routeTree: buildRouteTree([]),
    history: createHashHistory(),
    defaultPreload: false,
    defaultErrorComponent: RouteErrorPage,
  });

  router.subscribe('onResolved', () => {
    // spec §2: every navigation scrolls to the top; step 1: the title from the route's metadata.
    window.scrollTo(0, 0);
    const title = router.state.matches.at(-1)?.staticData.title;
    document.title = title ? `${title} - ${brand.name}` : brand.title;
  });

  services.bridge.navigate = (path) => void router.navigate({ to: path });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

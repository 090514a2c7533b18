/** Routes reachable without user info: they need no menus and must not load the user (430 would loop). */
export const PUBLIC_PATHS = ['/login', '/perfect', '/404', '/401'] as const;

export const LOGIN_PATH = '/login';

/** What the guard needs from the app; the router, the stores and the api-client provide it. */
export interface RouteGuardContext {
  token(): string | undefined;
  /** sessionStorage custom-login flag (set by the pcUse dialog's logout, spec §4). */
  isCustomLogin(): boolean;
  /** Remembers the page to return to after signing in again. */
  rememberLogoutPage(hash: string): void;
  clearLocalStorage(): void;
  /** The permission jump's project query; its result decides Bidding or Upfront (spec §2 step 3). */
  permissionJump(): Promise<string>;
  hasUser(): boolean;
  /** Loads user info; 'perfect' for code 430, 'stopped' for 4011 (its dialog is already showing). */
  loadUser(): Promise<'loaded' | 'perfect' | 'stopped'>;
  logoutAndReload(): void;
  menusInstalled(): boolean;
  /** Fetches the server menus and adds them as routes (with the catch-all to /404). */
  installMenus(): Promise<void>;
  /** Role-based guard: whether the signed-in roles may open this path. */
  mayOpen(path: string): boolean;
}

export type RouteGuardOutcome =
  | { kind: 'proceed' }
  | { kind: 'redirect'; to: string }
  /** The routes changed: match the same location again against the new route tree. */
  | { kind: 'rematch' }
  /** Leave the navigation where it is (a dialog or a reload takes over). */
  | { kind: 'stop' };

/**
 * spec §2 Route guard, steps 2–6 (step 1, the page title, is set once the route resolves). Runs before every
 * navigation.
 */
export async function runRouteGuard(
  location: { pathname: string; hash: string },
  context: RouteGuardContext,
): Promise<RouteGuardOutcome> {
  const { pathname } = location;
  // Step 2: no token — everything but /login goes to /login.
  if (!context.token()) {
    if (pathname === LOGIN_PATH) return { kind: 'proceed' };
    if (!context.isCustomLogin()) context.rememberLogoutPage(location.hash);
    context.clearLocalStorage();
    return { kind: 'redirect', to: LOGIN_PATH };
  }
  // Step 3: signed in and asking for /login — the permission jump.
  if (pathname === LOGIN_PATH) return { kind: 'redirect', to: await context.permissionJump() };
  if ((PUBLIC_PATHS as readonly string[]).includes(pathname)) return { kind: 'proceed' };
  // Step 4: user info.
  if (!context.hasUser()) {
    let outcome: 'loaded' | 'perfect' | 'stopped';
    try {
      outcome = await context.loadUser();
    } catch {
      context.logoutAndReload();
      return { kind: 'stop' };
    }
    if (outcome === 'perfect') return { kind: 'redirect', to: '/perfect' };
    if (outcome === 'stopped') return { kind: 'stop' };
  }
  // Step 5: server menus become routes, then the location is matched again.
  if (!context.menusInstalled()) {
    try {
      await context.installMenus();
    } catch {
      context.logoutAndReload();
      return { kind: 'stop' };
    }
    return { kind: 'rematch' };
  }
  // Step 6: role-based guard.
  if (!context.mayOpen(pathname)) return { kind: 'redirect', to: '/401' };
  return { kind: 'proceed' };
}

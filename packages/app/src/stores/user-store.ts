import type { User } from '@tender/contracts';
import { TOKEN_COOKIE_DAYS, TOKEN_COOKIE_NAME } from '@tender/domain';
import { create } from 'zustand';
import { readCookie, removeCookie, writeCookie } from '../session/cookies';
import { rolesOf } from '../shell/roles';

/** spec §3 User: the signed-in user as the shell keeps it. */
export interface UserState {
  /** The login token, read from the TOKEN cookie at start. */
  token: string | undefined;
  user: User | undefined;
  /** Role names for the role-based guard and the permission directive (shell/roles.ts). */
  roles: string[];
  /** Whether the server menus have been turned into routes (route guard step 5). */
  loadMenus: boolean;
  /**
   * Stores a new token. spec §4: remember-me keeps the TOKEN cookie 30 days; otherwise it is a session cookie.
   */
  setToken(token: string, remember: boolean): void;
  setUser(user: User): void;
  setMenusLoaded(loaded: boolean): void;
  /** Logout: forgets the token and the user (the server call is the caller's; this runs even if it fails). */
  clearSession(): void;
}

export const useUserStore = create<UserState>()((set) => ({
  token: typeof document === 'undefined' ? undefined : readCookie(TOKEN_COOKIE_NAME),
  user: undefined,
  roles: [],
  loadMenus: false,
  setToken(token, remember) {
    writeCookie(TOKEN_COOKIE_NAME, token, remember ? TOKEN_COOKIE_DAYS : undefined);
    set({ token });
  },
  setUser(user) {
    set({ user, roles: rolesOf(user) });
  },
  setMenusLoaded(loaded) {
    set({ loadMenus: loaded });
  },
  clearSession() {
    removeCookie(TOKEN_COOKIE_NAME);
    set({ token: undefined, user: undefined, roles: [], loadMenus: false });
  },
}));

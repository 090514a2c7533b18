import { useNavigate } from '@tanstack/react-router';
import type { LoginResult } from '@tender/contracts';
import { LOGOUT_PAGE_STORAGE_KEY } from '../../router/app-router';
import { useAppServices } from '../../shell/app-context';
import { useUserStore } from '../../stores/user-store';

/** Where to go after signing in: the page remembered at logout (spec §2 step 2), else the root. */
export function pathAfterSignIn(remembered: string | null): string {
  const path = remembered?.replace(/^#/, '') ?? '';
  return path.startsWith('/') && !path.startsWith('/login') && !path.startsWith('/perfect') ? path : '/';
}

/** spec §4: login stores the token; the guard then loads the user and the menus. */
export function useSignIn() {
  const { client } = useAppServices();
  const navigate = useNavigate();
  return (result: LoginResult, remember: boolean) => {
    const store = useUserStore.getState();
    store.setToken(result.token, remember);
    store.setMenusLoaded(false);
    client.resetSession();
    const target = pathAfterSignIn(sessionStorage.getItem(LOGOUT_PAGE_STORAGE_KEY));
    sessionStorage.removeItem(LOGOUT_PAGE_STORAGE_KEY);
    // The route guard loads the user (and answers 430 → /perfect on a first sign-in) and the menus.
    void navigate({ to: target, replace: true });
  };
}

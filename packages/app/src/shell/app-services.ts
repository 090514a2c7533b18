import {
  type ApiClient,
  createApiClient,
  createEndpointFunctions,
  type EndpointFunctions,
} from '@tender/api-client';
import type { BrandManifest } from '@tender/brand';
import type { GateRefusal } from '@tender/contracts';
import { showMessage } from '@tender/ui-kit';
import { useRouteStore } from '../stores/route-store';
import { useTagsViewStore } from '../stores/tags-view-store';
import { useUserStore } from '../stores/user-store';

/**
 * What lives outside React and is filled in by the shell once it renders: the router's navigation and the
 * dialogs the api-client's handlers open. The client exists before the first render (the route guard calls it).
 */
export interface ShellBridge {
  navigate(path: string): void;
  confirmLoggedInElsewhere(message: string): Promise<void> | void;
  pcLoginRefused(refusal: GateRefusal, message: string): void;
}

export interface AppServices {
  brand: BrandManifest;
  client: ApiClient;
  api: EndpointFunctions;
  bridge: ShellBridge;
  /** Logout everywhere: the server call (its failure ignored, spec §4), the session, then a fresh page. */
  logout(): Promise<void>;
}

/** Forgets the session in every store and in local storage (spec §8 401: "log out"). */
export function clearSession(): void {
  useUserStore.getState().clearSession();
  useRouteStore.getState().reset();
  useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
  localStorage.clear();
}

/** Reloads at the login page: the dynamically added routes go with the old page. */
function reloadAtLogin(): void {
  location.hash = '#/login';
  location.reload();
}

export function createAppServices(brand: BrandManifest): AppServices {
  const bridge: ShellBridge = {
    navigate: (path) => {
      location.hash = `#${path}`;
    },
    confirmLoggedInElsewhere: () => undefined,
    pcLoginRefused: () => undefined,
  };
  const client = createApiClient({
    brand,
    getToken: () => useUserStore.getState().token,
    handlers: {
      logout: () => {
        clearSession();
        reloadAtLogin();
      },
      confirmLoggedInElsewhere: (message) => bridge.confirmLoggedInElsewhere(message),
      goToPerfect: () => bridge.navigate('/perfect'),
      // spec §8: the time-out is a notification (orange, 5 s); every other failure an error message (red, 3 s).
      showNotice: ({ kind, text, durationMs }) =>
        showMessage(text, kind === 'notification' ? 'warning' : 'error', durationMs),
      pcLoginRefused: (refusal, message) => bridge.pcLoginRefused(refusal, message),
    },
  });
  const api = createEndpointFunctions(client);
  return {
    brand,
    client,
    api,
    bridge,
    async logout() {
      await api.logout({}, { silent: true }).catch(() => undefined);
      clearSession();
      reloadAtLogin();
    },
  };
}

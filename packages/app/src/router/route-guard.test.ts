import { describe, expect, it } from 'vitest';
import { type RouteGuardContext, runRouteGuard } from './route-guard';

/** A guard context over plain state, recording what the guard did. */
function guardContext(state: {
  token?: string;
  customLogin?: boolean;
  user?: boolean;
  menus?: boolean;
  jump?: string;
  loadUser?: 'loaded' | 'perfect' | 'stopped' | 'fails';
  installFails?: boolean;
  mayOpen?: boolean;
}) {
  const calls: string[] = [];
  const context: RouteGuardContext = {
    token: () => state.token,
    isCustomLogin: () => state.customLogin ?? false,
    rememberLogoutPage: (hash) => calls.push(`remember ${hash}`),
    clearLocalStorage: () => calls.push('clear local storage'),
    permissionJump: async () => {
      calls.push('permission jump');
      return state.jump ?? '/subscribe/bidding';
    },
    hasUser: () => state.user ?? false,
    loadUser: async () => {
      calls.push('load user');
      if (state.loadUser === 'fails') throw new Error('network');
      const outcome = state.loadUser ?? 'loaded';
      if (outcome === 'loaded') state.user = true;
      return outcome;
    },
    logoutAndReload: () => calls.push('logout and reload'),
    menusInstalled: () => state.menus ?? false,
    installMenus: async () => {
      calls.push('install menus');
      if (state.installFails) throw new Error('menus');
      state.menus = true;
    },
    mayOpen: () => state.mayOpen ?? true,
  };
  return { context, calls };
}

describe('runRouteGuard (spec §2 Route guard)', () => {
  it('step 2: without a token any path but /login goes to /login, remembering the page and clearing local storage', async () => {
    const { context, calls } = guardContext({});
    await expect(runRouteGuard({ pathname: '/dashboard', hash: '/dashboard' }, context)).resolves.toEqual({
      kind: 'redirect',
      to: '/login',
    });
    expect(calls).toEqual(['remember /dashboard', 'clear local storage']);
  });

  it('step 2: the custom-login flag keeps the page from being remembered', async () => {
    const { context, calls } = guardContext({ customLogin: true });
    await runRouteGuard({ pathname: '/dashboard', hash: '/dashboard' }, context);
    expect(calls).toEqual(['clear local storage']);
  });

  it('step 2: /login itself is open without a token', async () => {
    const { context, calls } = guardContext({});
    await expect(runRouteGuard({ pathname: '/login', hash: '/login' }, context)).resolves.toEqual({
      kind: 'proceed',
    });
    expect(calls).toEqual([]);
  });

  it('step 3: with a token, /login runs the permission jump and goes where it says', async () => {
    const { context, calls } = guardContext({ token: 't', jump: '/subscribe/upfront' });
    await expect(runRouteGuard({ pathname: '/login', hash: '/login' }, context)).resolves.toEqual({
      kind: 'redirect',
      to: '/subscribe/upfront',
    });
    expect(calls).toEqual(['permission jump']);
  });

  it('step 4: loads the user when missing; 430 goes to /perfect and stops there', async () => {
    const { context, calls } = guardContext({ token: 't', loadUser: 'perfect' });
    await expect(runRouteGuard({ pathname: '/dashboard', hash: '/dashboard' }, context)).resolves.toEqual({
      kind: 'redirect',
      to: '/perfect',
    });
    expect(calls).toEqual(['load user']);
  });

  it('step 4: 4011 stops the guard (its dialog logs out)', async () => {
    const { context, calls } = guardContext({ token: 't', loadUser: 'stopped' });
    await expect(runRouteGuard({ pathname: '/dashboard', hash: '/dashboard' }, context)).resolves.toEqual({
      kind: 'stop',
    });
    expect(calls).toEqual(['load user']);
  });

  it('step 4: any other failure logs out and reloads', async () => {
    const { context, calls } = guardContext({ token: 't', loadUser: 'fails' });
    await expect(runRouteGuard({ pathname: '/dashboard', hash: '/dashboard' }, context)).resolves.toEqual({
      kind: 'stop',
    });
    expect(calls).toEqual(['load user', 'logout and reload']);
  });

  it('step 5: installs the server menus once and matches the location again', async () => {
    const { context, calls } = guardContext({ token: 't' });
    const location = { pathname: '/dashboard', hash: '/dashboard' };
    await expect(runRouteGuard(location, context)).resolves.toEqual({ kind: 'rematch' });
    await expect(runRouteGuard(location, context)).resolves.toEqual({ kind: 'proceed' });
    expect(calls).toEqual(['load user', 'install menus']);
  });

  it('step 5: a failed menu load logs out and reloads', async () => {
    const { context, calls } = guardContext({ token: 't', user: true, installFails: true });
    await expect(runRouteGuard({ pathname: '/dashboard', hash: '/dashboard' }, context)).resolves.toEqual({
      kind: 'stop',
    });
    expect(calls).toEqual(['install menus', 'logout and reload']);
  });

  it('step 6: the role-based guard sends a forbidden path to /401', async () => {
    const { context } = guardContext({ token: 't', user: true, menus: true, mayOpen: false });
    await expect(
      runRouteGuard({ pathname: '/dataStatistics', hash: '/dataStatistics' }, context),
    ).resolves.toEqual({
      kind: 'redirect',
      to: '/401',
    });
  });

  it('lets a signed-in user open /perfect and the error pages without loading the user', async () => {
    const { context, calls } = guardContext({ token: 't' });
    for (const pathname of ['/perfect', '/404', '/401']) {
      await expect(runRouteGuard({ pathname, hash: pathname }, context)).resolves.toEqual({
        kind: 'proceed',
      });
    }
    expect(calls).toEqual([]);
  });
});

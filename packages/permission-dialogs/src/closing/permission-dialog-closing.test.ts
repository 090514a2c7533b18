import { describe, expect, it, vi } from 'vitest';
import {
  type PermissionDialogCloseContext,
  type PermissionDialogClosingHandlers,
  permissionDialogClosePlan,
  runPermissionDialogClose,
} from './permission-dialog-closing';

const detail = { path: '/informationQuery/detail/42', name: 'Detail' };
const base: Omit<PermissionDialogCloseContext, 'type' | 'closePage'> = {
  fromPath: '/informationQuery/bid',
  currentView: detail,
  visitedViews: [{ path: '/dashboard' }, { path: '/informationQuery/bid' }, detail],
  finished: true,
};

describe('permissionDialogClosePlan', () => {
  it('only hides without closePage', () => {
    for (const type of ['member', 'singleProvice', 'unPay', 'exportPermission', 'noData', 'pcUse'] as const) {
      expect(permissionDialogClosePlan({ ...base, type, closePage: false })).toEqual({
        hideOverlay: false,
        removeView: null,
        navigation: { kind: 'stay' },
      });
    }
  });

  it('closes the page and returns where it came from for usedUp, member, singleProvice and unPay', () => {
    for (const type of ['usedUp', 'member', 'singleProvice', 'unPay'] as const) {
      const plan = permissionDialogClosePlan({ ...base, type, closePage: true });
      expect(plan.removeView).toBe(detail.path);
      expect(plan.navigation).toEqual({ kind: 'path', path: '/informationQuery/bid' });
    }
  });

  it('never closes the page for the other types, even with closePage', () => {
    for (const type of ['exportPermission', 'noData', 'pcUse'] as const) {
      const plan = permissionDialogClosePlan({ ...base, type, closePage: true });
      expect(plan).toEqual({ hideOverlay: false, removeView: null, navigation: { kind: 'stay' } });
    }
  });

  it('asks the project query instead of returning to /login, /perfect or an unknown page', () => {
    for (const fromPath of ['/login', '/login?redirect=x', '/perfect', '', null]) {
      const plan = permissionDialogClosePlan({ ...base, fromPath, type: 'member', closePage: true });
      expect(plan.navigation).toEqual({ kind: 'project-query' });
      expect(plan.removeView).toBe(detail.path);
    }
  });

  it('hides the overlay when a usedUp dialog closes, and stays on a page that finished', () => {
    expect(permissionDialogClosePlan({ ...base, type: 'usedUp', closePage: false })).toEqual({
      hideOverlay: true,
      removeView: null,
      navigation: { kind: 'stay' },
    });
  });

  it('removes an unfinished page under usedUp and goes to the last other visited view', () => {
    const plan = permissionDialogClosePlan({ ...base, finished: false, type: 'usedUp', closePage: false });
    expect(plan).toEqual({
      hideOverlay: true,
      removeView: detail.path,
      navigation: { kind: 'path', path: '/informationQuery/bid' },
    });
  });

  it('goes to the Bid route redirect, or to the root, when no other view is left', () => {
    const alone = {
      ...base,
      finished: false,
      visitedViews: [detail],
      type: 'usedUp',
      closePage: false,
    } as const;
    expect(permissionDialogClosePlan(alone).navigation).toEqual({ kind: 'path', path: '/' });
    const bid = { path: '/bid/7', name: 'Bid' };
    const onBid = {
      ...alone,
      currentView: bid,
      visitedViews: [bid],
      bidRedirectPath: '/informationQuery/bid',
    };
    expect(permissionDialogClosePlan(onBid).navigation).toEqual({
      kind: 'path',
      path: '/informationQuery/bid',
    });
    expect(permissionDialogClosePlan({ ...onBid, bidRedirectPath: undefined }).navigation).toEqual({
      kind: 'path',
      path: '/',
    });
  });
});

function handlers(
  answer: Promise<{ code: number | string; data?: unknown }>,
  fromPath = '/login',
  finished = true,
) {
  return {
    context: () => ({ ...base, fromPath, finished }),
    hideOverlay: vi.fn(),
    removeView: vi.fn(),
    navigate: vi.fn(),
    navigateToRoute: vi.fn(),
    queryProject: vi.fn(() => answer),
  } satisfies PermissionDialogClosingHandlers;
}

describe('runPermissionDialogClose', () => {
  it('goes to Bidding when the project query answers 200 and -1', async () => {
    const run = handlers(Promise.resolve({ code: 200, data: -1 }));
    await runPermissionDialogClose({ type: 'unPay', closePage: true }, run);
    expect(run.removeView).toHaveBeenCalledWith(detail.path);
    expect(run.navigateToRoute).toHaveBeenCalledWith('Bidding');
    expect(run.navigate).not.toHaveBeenCalled();
  });

  it('goes to Upfront for any other answer, and when the query fails', async () => {
    for (const answer of [
      Promise.resolve({ code: 200, data: 1 }),
      Promise.resolve({ code: 500, data: -1 }),
      Promise.reject(new Error('offline')),
    ]) {
      const run = handlers(answer);
      await runPermissionDialogClose({ type: 'singleProvice', closePage: true }, run);
      expect(run.navigateToRoute).toHaveBeenCalledWith('Upfront');
    }
  });

  it('hides the overlay, removes the view and navigates for an unfinished usedUp page', async () => {
    const run = handlers(Promise.resolve({ code: 200 }), '/informationQuery/bid', false);
    await runPermissionDialogClose({ type: 'usedUp', closePage: false }, run);
    expect(run.hideOverlay).toHaveBeenCalledTimes(1);
    expect(run.removeView).toHaveBeenCalledWith(detail.path);
    expect(run.navigate).toHaveBeenCalledWith('/informationQuery/bid');
    expect(run.queryProject).not.toHaveBeenCalled();
  });
});

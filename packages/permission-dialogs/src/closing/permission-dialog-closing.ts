import {
  type PermissionDialogType,
  permissionDialogCloseAction,
  routeAfterProjectQuery,
  type SubscribeRouteName,
} from '@tender/domain';

/** A view of the tags bar (spec §3 Tag views: visitedViews). */
export interface ClosingView {
  path: string;
  /** The route name ('Bid' for the bid detail route). */
  name?: string;
}

/** Where the user is when a permission dialog closes. */
export interface PermissionDialogCloseContext {
  type: PermissionDialogType;
  /** The dialog was opened with closePage: some types close the page under it (spec §4). */
  closePage: boolean;
  /** The page the current one was opened from (the router's previous location), if known. */
  fromPath?: string | null;
  /** The page under the dialog. */
  currentView: ClosingView;
  /** The tags bar's visited views, oldest first; the current one may be among them. */
  visitedViews: readonly ClosingView[];
  /** usedUp: whether the page under the dialog finished loading (a refused detail did not). */
  finished: boolean;
  /** usedUp: the Bid route's redirect path, used when no other view is left. */
  bidRedirectPath?: string;
}

/** Where to go after closing. */
export type PermissionDialogNavigation =
  | { kind: 'stay' }
  | { kind: 'path'; path: string }
  /** Ask the project query; `routeAfterProjectQuery` picks Bidding or Upfront. */
  | { kind: 'project-query' };

/** Everything closing a permission dialog does, in order: hide the overlay, remove a view, navigate. */
export interface PermissionDialogClosePlan {
  hideOverlay: boolean;
  /** The path of the view to remove from the tags bar, or null. */
  removeView: string | null;
  navigation: PermissionDialogNavigation;
}

/**
 * spec §4 Permission dialog closing as one decision:
 * - with closePage, usedUp, member, singleProvice and unPay close the current page and return to the page it came
 *   from — unless that began with /login or /perfect (or is unknown): then the project query decides;
 * - without closePage the dialog simply hides;
 * - closing usedUp also hides the overlay and, if the page did not finish, removes its view and goes to the last
 *   visited view, else to the Bid route's redirect path (when on Bid), else to the root.
 */
export function permissionDialogClosePlan(context: PermissionDialogCloseContext): PermissionDialogClosePlan {
  const hideOverlay = context.type === 'usedUp';
  const action = permissionDialogCloseAction(context);
  if (action.kind === 'close-page-and-return') {
    return {
      hideOverlay,
      removeView: context.currentView.path,
      navigation: { kind: 'path', path: action.path },
    };
  }
  if (action.kind === 'close-page-and-query-project') {
    return { hideOverlay, removeView: context.currentView.path, navigation: { kind: 'project-query' } };
  }
  if (context.type !== 'usedUp' || context.finished) {
    return { hideOverlay, removeView: null, navigation: { kind: 'stay' } };
  }
  const others = context.visitedViews.filter((view) => view.path !== context.currentView.path);
  const lastVisited = others.at(-1);
  const path =
    lastVisited?.path ??
    (context.currentView.name === 'Bid' && context.bidRedirectPath ? context.bidRedirectPath : '/');
  return { hideOverlay, removeView: context.currentView.path, navigation: { kind: 'path', path } };
}

/** The project query's answer (spec §7: "answer code and data"). */
export interface ProjectQueryAnswer {
  code: number | string;
  data?: unknown;
}

/** What the app does for a close plan: the package never touches the router or the tags store itself. */
export interface PermissionDialogClosingHandlers {
  /** The app's state now (router location, tags bar, whether the page finished loading). */
  context(): Omit<PermissionDialogCloseContext, 'type' | 'closePage'>;
  hideOverlay(): void;
  removeView(path: string): void;
  navigate(path: string): void;
  /** Go to the named subscription route (Bidding: /subscribe/bidding, Upfront: /subscribe/upfront). */
  navigateToRoute(route: SubscribeRouteName): void;
  /** The project query of spec §7; a failure counts as "not -1" (Upfront). */
  queryProject(): Promise<ProjectQueryAnswer>;
}

/**
 * Runs a close plan with the app's handlers. Resolves once the navigation was asked for (after the project query
 * when there is one).
 */
export async function runPermissionDialogClose(
  dialog: { type: PermissionDialogType; closePage: boolean },
  handlers: PermissionDialogClosingHandlers,
): Promise<PermissionDialogClosePlan> {
  const plan = permissionDialogClosePlan({ ...handlers.context(), ...dialog });
  if (plan.hideOverlay) handlers.hideOverlay();
  if (plan.removeView !== null) handlers.removeView(plan.removeView);
  const { navigation } = plan;
  if (navigation.kind === 'path') handlers.navigate(navigation.path);
  if (navigation.kind === 'project-query') {
    const answer = await handlers.queryProject().catch((): ProjectQueryAnswer => ({ code: 'failed' }));
    handlers.navigateToRoute(routeAfterProjectQuery(answer));
  }
  return plan;
}

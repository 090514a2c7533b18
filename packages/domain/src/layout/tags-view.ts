/** A visited view in the tags bar (spec §3 Tag views). */
export interface VisitedView {
  /** The tab's key: the route's path, or its full path where the query names the item (a detail). */
  path: string;
  /** Where the tab leads: the path with its query (`/tender/index?id=7&type=zb`); absent means `path`. */
  fullPath?: string;
  title: string;
  /** Pinned: kept by delete-others and delete-all, never closable. */
  affix?: boolean;
  /** Route name; the key of the keep-alive cache. */
  name?: string;
  /** Routes flagged noCache are not added to the cache. */
  noCache?: boolean;
}

export interface TagsViewState<V extends VisitedView = VisitedView> {
  visitedViews: readonly V[];
  /** Route names of cached views. */
  cachedViews: readonly string[];
}

/** Keeps in the cache only names that still belong to a visited view. */
function cacheFor<V extends VisitedView>(
  cachedViews: readonly string[],
  visitedViews: readonly V[],
): string[] {
  const names = new Set(visitedViews.map((view) => view.name));
  return cachedViews.filter((name) => names.has(name));
}

/**
 * spec §3/§4 Tag views: adds a view — no duplicates by path; its route name joins the cache unless the
 * route is flagged noCache, has no name, or is cached already. The state is not mutated.
 */
export function addTagsView<V extends VisitedView>(state: TagsViewState<V>, view: V): TagsViewState<V> {
  const visitedViews = state.visitedViews.some((visited) => visited.path === view.path)
    ? state.visitedViews
    : [...state.visitedViews, view];
  const cacheable = view.name !== undefined && view.name !== '' && view.noCache !== true;
  const cachedViews =
    cacheable && !state.cachedViews.includes(view.name as string)
      ? [...state.cachedViews, view.name as string]
      : state.cachedViews;
  return { visitedViews, cachedViews };
}

/** spec §4 Tag views: removes the view with this path and its cache entry. */
export function deleteTagsView<V extends VisitedView>(
  state: TagsViewState<V>,
  view: Pick<VisitedView, 'path' | 'name'>,
): TagsViewState<V> {
  const visitedViews = state.visitedViews.filter((visited) => visited.path !== view.path);
  const cachedViews = state.cachedViews.filter((name) => name !== view.name);
  return { visitedViews, cachedViews };
}

/**
 * spec §2 关闭其他, §4 Tag views: keeps only the affixed views and the given one; the cache keeps only the
 * names of the views that remain.
 */
export function deleteOtherTagsViews<V extends VisitedView>(
  state: TagsViewState<V>,
  view: Pick<VisitedView, 'path'>,
): TagsViewState<V> {
  const visitedViews = state.visitedViews.filter(
    (visited) => visited.affix === true || visited.path === view.path,
  );
  return { visitedViews, cachedViews: cacheFor(state.cachedViews, visitedViews) };
}

/** spec §4 Tag views: delete-all keeps the affixed views (and their cache entries) only. */
export function deleteAllTagsViews<V extends VisitedView>(state: TagsViewState<V>): TagsViewState<V> {
  const visitedViews = state.visitedViews.filter((visited) => visited.affix === true);
  return { visitedViews, cachedViews: cacheFor(state.cachedViews, visitedViews) };
}

/** spec §4 Tag views: merges the given fields into the visited view with the same path. */
export function updateTagsView<V extends VisitedView>(
  state: TagsViewState<V>,
  view: Partial<V> & Pick<VisitedView, 'path'>,
): TagsViewState<V> {
  const visitedViews = state.visitedViews.map((visited) =>
    visited.path === view.path ? { ...visited, ...view } : visited,
  );
  return { visitedViews, cachedViews: state.cachedViews };
}

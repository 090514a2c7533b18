import { useRouterState } from '@tanstack/react-router';
import { rootFontSize, SCROLL_RESTORE_DELAY_MS } from '@tender/domain';
import { useEffect } from 'react';
import { HOME_PATH } from '../router/app-router';
import { useAppStore } from '../stores/app-store';
import { readSavedTagsView, saveTagsView, useTagsViewStore } from '../stores/tags-view-store';

/** spec §9: root font size = 20 px × min(width / 1920, 2), at least 12 px; everything sized in rem follows. */
export function applyRootFontSize(): () => void {
  const apply = () => {
    document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  return () => window.removeEventListener('resize', apply);
}

/** spec §4 Sidebar: the 992/1400 breakpoints on every resize; on mobile a route change closes the sidebar. */
export function useResponsiveSidebar(pathname: string): void {
  useEffect(() => {
    const resize = () => useAppStore.getState().resize(window.innerWidth);
    // The remembered cookie choice stands at start on a desktop; a narrow window still closes it.
    const { device } = useAppStore.getState();
    if (window.innerWidth < 1400 || device === 'mobile') resize();
    window.addEventListener('resize', resize);
    return () => window.removeEventListener('resize', resize);
  }, []);
  useEffect(() => {
    const { device, sidebar, closeSidebar } = useAppStore.getState();
    if (pathname && device === 'mobile' && sidebar.opened) closeSidebar();
  }, [pathname]);
}

/** The page being shown: its path, its full path (with the query) and its key in the tags bar. */
export interface ShownPage {
  pathname: string;
  fullPath: string;
  /** The full path for a detail (its query names the item: two details are two tabs), else the path. */
  tabKey: string;
}

/**
 * Adds every tagged route the user opens to the tags bar (spec §2). A tab keeps the full path with its query, so
 * reopening it shows the same item; a tab of a list screen follows the screen's latest query.
 */
export function useTagsFromRoute(): ShownPage {
  // The leaf match's own pathname and metadata: the location may already be moving on (a redirect).
  const pathname = useRouterState({ select: (state) => state.matches.at(-1)?.pathname ?? '' });
  const leaf = useRouterState({ select: (state) => state.matches.at(-1)?.staticData });
  // The query of the location the leaf belongs to; unknown while the location is still another page's.
  const searchStr = useRouterState({
    select: (state) => (state.location.pathname === pathname ? state.location.searchStr : undefined),
  });
  const fullPath = `${pathname}${searchStr ?? ''}`;
  const tabKey = leaf?.queryKeyed ? fullPath : pathname;
  useEffect(() => {
    if (!leaf?.tagged || !leaf.title) return;
    // The location has moved on (a tab just closed, a redirect): the leaf is leaving, it must not come back.
    if (searchStr === undefined) return;
    const store = useTagsViewStore.getState();
    store.addView({
      path: tabKey,
      fullPath,
      title: leaf.title,
      ...(leaf.name ? { name: leaf.name } : {}),
      ...(leaf.noCache ? { noCache: true } : {}),
      // The landing page is pinned: never closed by 关闭当前 or 关闭其他.
      ...(pathname === HOME_PATH ? { affix: true } : {}),
    });
    store.updateVisitedView({ path: tabKey, fullPath });
  }, [pathname, fullPath, tabKey, leaf, searchStr]);
  return { pathname, fullPath, tabKey };
}

/**
 * spec §2, §4: visited tabs are saved to session storage on page unload and restored after a reload, the scroll
 * position put back 1 s later.
 */
export function useTagsViewPersistence(): void {
  useEffect(() => {
    const saved = readSavedTagsView(sessionStorage);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (saved) {
      useTagsViewStore.getState().restore(saved.visitedViews);
      timer = setTimeout(() => window.scrollTo(0, saved.scrollY), SCROLL_RESTORE_DELAY_MS);
    }
    const save = () =>
      saveTagsView(sessionStorage, {
        visitedViews: [...useTagsViewStore.getState().visitedViews],
        scrollY: window.scrollY,
      });
    window.addEventListener('beforeunload', save);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeunload', save);
    };
  }, []);
}

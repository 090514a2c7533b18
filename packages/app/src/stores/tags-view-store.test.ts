import { beforeEach, describe, expect, it } from 'vitest';
import {
  readSavedTagsView,
  saveTagsView,
  useTagsViewStore,
  VISITED_VIEWS_STORAGE_KEY,
} from './tags-view-store';

beforeEach(() => {
  useTagsViewStore.setState({ visitedViews: [], cachedViews: [] });
  sessionStorage.clear();
});

describe('useTagsViewStore (spec §3 Tag views, §4)', () => {
  it('adds views once by path and caches route names unless noCache', () => {
    const store = useTagsViewStore.getState();
    store.addView({ path: '/dashboard', title: '数据看板', name: 'Dashboard' });
    store.addView({ path: '/dashboard', title: '数据看板', name: 'Dashboard' });
    store.addView({ path: '/infoEdit', title: '账号设置', name: 'InfoEdit', noCache: true });
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.path)).toEqual([
      '/dashboard',
      '/infoEdit',
    ]);
    expect(useTagsViewStore.getState().cachedViews).toEqual(['Dashboard']);
  });

  it('deletes all but the pinned views, and updates a view by path', () => {
    const store = useTagsViewStore.getState();
    store.addView({ path: '/subscribe/bidding', title: '招标订阅', name: 'Bidding', affix: true });
    store.addView({ path: '/dashboard', title: '数据看板', name: 'Dashboard' });
    store.updateVisitedView({ path: '/dashboard', title: '看板' });
    expect(useTagsViewStore.getState().visitedViews[1]?.title).toBe('看板');
    store.delAllViews();
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.path)).toEqual(['/subscribe/bidding']);
    expect(useTagsViewStore.getState().cachedViews).toEqual(['Bidding']);
  });

  it('saves the tabs to session storage and restores them first, in order, after a reload', () => {
    saveTagsView(sessionStorage, {
      visitedViews: [
        { path: '/subscribe/bidding', title: '招标订阅', affix: true },
        { path: '/BrowsingHistory', title: '浏览记录' },
      ],
      scrollY: 320,
    });
    useTagsViewStore.getState().addView({ path: '/dashboard', title: '数据看板' });
    const saved = readSavedTagsView(sessionStorage);
    expect(saved?.scrollY).toBe(320);
    useTagsViewStore.getState().restore(saved?.visitedViews ?? []);
    expect(useTagsViewStore.getState().visitedViews.map((view) => view.title)).toEqual([
      '招标订阅',
      '浏览记录',
      '数据看板',
    ]);
  });

  it('ignores saved tabs it cannot read', () => {
    sessionStorage.setItem(VISITED_VIEWS_STORAGE_KEY, '{not json');
    expect(readSavedTagsView(sessionStorage)).toBeUndefined();
    sessionStorage.setItem(
      VISITED_VIEWS_STORAGE_KEY,
      JSON.stringify({ visitedViews: [{ path: 3 }], scrollY: 'x' }),
    );
    expect(readSavedTagsView(sessionStorage)).toEqual({ visitedViews: [], scrollY: 0 });
  });
});

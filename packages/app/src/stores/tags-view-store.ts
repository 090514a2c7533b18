import {
  addTagsView,
  deleteAllTagsViews,
  deleteOtherTagsViews,
  deleteTagsView,
  type TagsViewState,
  updateTagsView,
  type VisitedView,
} from '@tender/domain';
import { create } from 'zustand';

/** spec §3/§4 Tag views: the visited views of the tags bar and the names of cached views. */
export interface TagsViewStore extends TagsViewState {
  addView(view: VisitedView): void;
  delView(view: Pick<VisitedView, 'path' | 'name'>): void;
  delOthersViews(view: Pick<VisitedView, 'path'>): void;
  delAllViews(): void;
  updateVisitedView(view: Partial<VisitedView> & Pick<VisitedView, 'path'>): void;
  /** Puts back the views saved before a reload. */
  restore(visitedViews: readonly VisitedView[]): void;
}

export const useTagsViewStore = create<TagsViewStore>()((set) => ({
  visitedViews: [],
  cachedViews: [],
  addView: (view) => set((state) => addTagsView(state, view)),
  delView: (view) => set((state) => deleteTagsView(state, view)),
  delOthersViews: (view) => set((state) => deleteOtherTagsViews(state, view)),
  delAllViews: () => set((state) => deleteAllTagsViews(state)),
  updateVisitedView: (view) => set((state) => updateTagsView(state, view)),
  // The saved views come first, in their order; views opened meanwhile follow.
  restore: (visitedViews) =>
    set((state) =>
      [...visitedViews, ...state.visitedViews].reduce<TagsViewState>(
        (next, view) => addTagsView(next, view),
        {
          visitedViews: [],
          cachedViews: [],
        },
      ),
    ),
}));

/** sessionStorage key of the tabs saved on unload (spec §2 tags bar). */
export const VISITED_VIEWS_STORAGE_KEY = 'visitedViews';

export interface SavedTagsView {
  visitedViews: VisitedView[];
  /** The page's scroll position, put back 1 s after the restore (spec §4, §9). */
  scrollY: number;
}

/** Reads the tabs saved before the reload, ignoring anything unreadable. */
export function readSavedTagsView(storage: Storage): SavedTagsView | undefined {
  try {
    const saved = JSON.parse(storage.getItem(VISITED_VIEWS_STORAGE_KEY) ?? 'null') as SavedTagsView | null;
    if (!saved || !Array.isArray(saved.visitedViews)) return undefined;
    const visitedViews = saved.visitedViews.filter(
      (view) => typeof view?.path === 'string' && typeof view.title === 'string',
    );
    return { visitedViews, scrollY: Number(saved.scrollY) || 0 };
  } catch {
    return undefined;
  }
}

export function saveTagsView(storage: Storage, saved: SavedTagsView): void {
  storage.setItem(VISITED_VIEWS_STORAGE_KEY, JSON.stringify(saved));
}

import { useNavigate, useParams, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTagsViewStore } from '../../stores/tags-view-store';

/**
 * spec §2 /redirect/{path*}: passing through here unmounts the current screen, so coming back to the same path
 * (`/redirect{fullPath}`) shows it fresh — the tags bar's 刷新.
 */
export function RedirectScreen() {
  const { _splat: path = '' } = useParams({ strict: false }) as { _splat?: string };
  // The query of /redirect{fullPath} is the page's own: it goes back with it.
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ href: `/${path}${searchStr}`, replace: true });
  }, [navigate, path, searchStr]);
  return null;
}

/** spec §2 /refresh: back to the last visited view, shown fresh. */
export function RefreshScreen() {
  const navigate = useNavigate();
  useEffect(() => {
    const last = useTagsViewStore.getState().visitedViews.at(-1);
    void navigate({ href: last?.fullPath ?? last?.path ?? '/', replace: true });
  }, [navigate]);
  return null;
}

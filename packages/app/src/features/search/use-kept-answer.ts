import { useEffect, useState } from 'react';
import type { GatedData } from '../../shell/use-gated-data';

/**
 * The answer to show: the current one, or while the next one loads the previous one, so a list does not flash
 * empty between pages and its pager (with the toast it may be showing) stays mounted. Null before the first
 * answer and after a failure.
 */
export function useKeptAnswer<T>(state: GatedData<T>): T | null {
  const [kept, setKept] = useState<T | null>(null);
  useEffect(() => {
    if (state.status === 'ready') setKept(state.data);
    else if (state.status !== 'loading') setKept(null);
  }, [state]);
  if (state.status === 'ready') return state.data;
  return state.status === 'loading' ? kept : null;
}

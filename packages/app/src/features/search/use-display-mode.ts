import { type DisplayMode, displayModeOrDefault } from '@tender/domain';
import { useCallback, useEffect, useState } from 'react';
import { useAppServices } from '../../shell/app-context';
import { useUserStore } from '../../stores/user-store';

export interface DisplayModeState {
  /** 10 list, 20 table; undefined until known. */
  mode: DisplayMode | undefined;
  saving: boolean;
  change(mode: DisplayMode): Promise<void>;
}

/**
 * spec §4 Display mode: the user's list/table choice, saved to the server and then re-read; when the user holds
 * none yet it is read with `getOrInitPreference`. The user store keeps the answer, so every screen agrees and a
 * reload (which loads the user again) shows the saved mode.
 */
export function useDisplayMode(): DisplayModeState {
  const { api } = useAppServices();
  const stored = useUserStore((state) => state.user?.displayMode);
  const [mode, setMode] = useState<DisplayMode | undefined>(
    stored === undefined ? undefined : displayModeOrDefault(stored),
  );
  const [saving, setSaving] = useState(false);

  const keep = useCallback((next: DisplayMode) => {
    setMode(next);
    const { user, setUser } = useUserStore.getState();
    if (user && user.displayMode !== next) setUser({ ...user, displayMode: next });
  }, []);

  useEffect(() => {
    if (stored !== undefined) {
      setMode(displayModeOrDefault(stored));
      return;
    }
    const controller = new AbortController();
    api
      .getOrInitPreference({}, { signal: controller.signal, silent: true })
      .then((answer) => keep(displayModeOrDefault(answer.displayMode)))
      .catch(() => {
        if (!controller.signal.aborted) setMode(displayModeOrDefault(undefined));
      });
    return () => controller.abort();
  }, [api, stored, keep]);

  const change = useCallback(
    async (next: DisplayMode) => {
      const previous = mode;
      setMode(next);
      setSaving(true);
      try {
        await api.updatePreference({ displayMode: next });
        const saved = await api.getOrInitPreference({});
        keep(displayModeOrDefault(saved.displayMode));
      } catch {
        // The api-client has shown why; the screen keeps the mode the server still holds.
        setMode(previous);
      } finally {
        setSaving(false);
      }
    },
    [api, mode, keep],
  );

  return { mode, saving, change };
}

import type { CallOptions } from '@tender/api-client';
import { isApiError, isCancelledError } from '@tender/api-client';
import { type GateRefusal, gateRefusalSchema } from '@tender/contracts';
import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { useLayoutDialogs } from '../layout/use-layout-dialogs';

/** What a screen area shows for one server call. */
export type GatedData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  /** The gate said no (code 403): the layout's permission dialog is open unless the refusal names none. */
  | { status: 'refused'; refusal: GateRefusal; message: string }
  | { status: 'error'; message: string };

/** The options every gated call passes: the screen handles 403 itself, and unmounting cancels the call. */
export function gatedCallOptions(signal: AbortSignal): CallOptions {
  return { signal, handleCodes: [403] };
}

/** A code-403 ApiError carrying the gate's refusal, or null. */
export function gateRefusalOf(error: unknown): GateRefusal | null {
  if (!isApiError(error) || error.code !== 403) return null;
  const parsed = gateRefusalSchema.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

/**
 * Loads `load` when `deps` change and turns the outcome into a screen state: a gate refusal (code 403) opens the
 * layout's permission dialog once (spec §4) and is kept for the screen's own notice; other failures keep the
 * message the api-client showed. `reload` runs the call again (the 重试 button).
 */
export function useGatedData<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: DependencyList,
): GatedData<T> & { reload(): void } {
  const { openRefusal } = useLayoutDialogs();
  const [state, setState] = useState<GatedData<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);

  // The caller's deps decide when `load` runs again (it is a new function on every render).
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ status: 'ready', data });
      },
      (error: unknown) => {
        if (controller.signal.aborted || isCancelledError(error)) return;
        const refusal = gateRefusalOf(error);
        const message = error instanceof Error ? error.message : String(error);
        if (refusal) {
          openRefusal(refusal);
          setState({ status: 'refused', refusal, message });
        } else {
          setState({ status: 'error', message });
        }
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);

  return { ...state, reload };
}

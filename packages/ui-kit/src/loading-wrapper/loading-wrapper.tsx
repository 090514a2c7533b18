import { FocusTrap, Loader, Overlay, Portal, Stack, Text } from '@mantine/core';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../messages';

export interface FullScreenLoadingProps {
  visible: boolean;
  /** Shown under the spinner, e.g. 正在导出，请稍候…; none by default. */
  text?: ReactNode;
}

/**
 * spec §2 Shared screen parts: the full-screen locked spinner. While visible it covers the whole window, takes the
 * focus (so keys cannot reach the page behind) and stops the page from scrolling.
 */
export function FullScreenLoading({ visible, text }: FullScreenLoadingProps) {
  useEffect(() => {
    if (!visible) return;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
    };
  }, [visible]);

  if (!visible) return null;
  return (
    <Portal>
      <Overlay fixed zIndex={2000} backgroundOpacity={0.35} center>
        <FocusTrap active>
          <Stack
            role="alert"
            aria-busy="true"
            aria-label={typeof text === 'string' ? text : messages.loading.label}
            tabIndex={-1}
            data-autofocus
            align="center"
            gap="sm"
            style={{ outline: 'none' }}
          >
            <Loader color="white" size="lg" />
            {text && (
              <Text c="white" size="sm">
                {text}
              </Text>
            )}
          </Stack>
        </FocusTrap>
      </Overlay>
    </Portal>
  );
}

export interface LoadingWrapperState {
  /**
   * Runs a call under the full-screen spinner and resolves its result, or undefined if it failed: errors are
   * swallowed (spec §2) — the api-client has already told the user. Overlapping calls keep the spinner until the
   * last one ends.
   */
  wrap<T>(task: Promise<T> | (() => Promise<T>), text?: ReactNode): Promise<T | undefined>;
  pending: boolean;
  /** Render this once where the hook is used. */
  overlay: ReactNode;
}

/** The loading wrapper of spec §2: `const { wrap, overlay } = useLoadingWrapper(); await wrap(api.export(), '导出中')`. */
export function useLoadingWrapper(options?: { onError?(error: unknown): void }): LoadingWrapperState {
  const [running, setRunning] = useState<{ count: number; text?: ReactNode }>({ count: 0 });
  const onErrorRef = useRef(options?.onError);
  onErrorRef.current = options?.onError;

  const wrap = useCallback(async <T,>(task: Promise<T> | (() => Promise<T>), text?: ReactNode) => {
    setRunning((previous) => ({ count: previous.count + 1, text }));
    try {
      return await (typeof task === 'function' ? task() : task);
    } catch (error) {
      onErrorRef.current?.(error);
      return undefined;
    } finally {
      setRunning((previous) => ({ ...previous, count: previous.count - 1 }));
    }
  }, []);

  const pending = running.count > 0;
  return { wrap, pending, overlay: <FullScreenLoading visible={pending} text={running.text} /> };
}

export interface LoadingWrapperProps {
  /** The call in progress; the spinner shows until it settles. A rejection is swallowed. */
  task: Promise<unknown> | undefined;
  text?: ReactNode;
  children?: ReactNode;
}

/** The wrapper as a component: shows the locked spinner while `task` is pending. */
export function LoadingWrapper({ task, text, children }: LoadingWrapperProps) {
  const [pendingTask, setPendingTask] = useState<Promise<unknown> | undefined>(undefined);
  useEffect(() => {
    if (!task) return;
    let current = true;
    setPendingTask(task);
    task
      .catch(() => undefined)
      .finally(() => {
        if (current) setPendingTask((shown) => (shown === task ? undefined : shown));
      });
    return () => {
      current = false;
    };
  }, [task]);
  return (
    <>
      {children}
      <FullScreenLoading visible={pendingTask !== undefined} text={text} />
    </>
  );
}

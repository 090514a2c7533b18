import { Paper, Portal, Text, Transition } from '@mantine/core';
import { TOAST_DEFAULT_DURATION_MS } from '@tender/domain';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '../messages';

export interface ToastProps {
  opened: boolean;
  /** Default 默认弹窗 (spec §2). */
  message?: ReactNode;
  /** How long it stays, in ms; default 1500 (spec §2, §9). */
  duration?: number;
  /** Called when the duration has passed. */
  onClose(): void;
}

/**
 * spec §2 Shared screen parts: a toast — a short dark notice in the middle of the screen that goes away by itself
 * after 1500 ms. It does not take focus or block the page; screen readers hear it (role status).
 */
export function Toast({ opened, message = messages.toast.defaultMessage, duration, onClose }: ToastProps) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const ms = duration ?? TOAST_DEFAULT_DURATION_MS;
  useEffect(() => {
    if (!opened) return;
    const timer = setTimeout(() => closeRef.current(), ms);
    return () => clearTimeout(timer);
  }, [opened, ms]);

  return (
    <Portal>
      <Transition mounted={opened} transition="fade" duration={150}>
        {(style) => (
          <Paper
            role="status"
            aria-live="polite"
            radius="md"
            px="lg"
            py="sm"
            style={{
              ...style,
              position: 'fixed',
              top: '50%',
              left: '50%',
              transform: 'translate(-50%, -50%)',
              zIndex: 1000,
              maxWidth: 'min(480px, 90vw)',
              background: 'rgba(0, 0, 0, 0.75)',
              pointerEvents: 'none',
            }}
          >
            <Text c="white" size="sm" ta="center">
              {message}
            </Text>
          </Paper>
        )}
      </Transition>
    </Portal>
  );
}

export interface ToastState {
  /** Shows a toast; a new one replaces the one showing (and restarts the duration). */
  showToast(message?: ReactNode, duration?: number): void;
  /** Render this once where the hook is used. */
  toast: ReactNode;
}

/** A toast owned by one component: `const { showToast, toast } = useToast()`, then render `{toast}`. */
export function useToast(): ToastState {
  const [state, setState] = useState<{
    opened: boolean;
    message?: ReactNode;
    duration?: number;
    key: number;
  }>({
    opened: false,
    key: 0,
  });
  const showToast = useCallback((message?: ReactNode, duration?: number) => {
    setState((previous) => ({ opened: true, message, duration, key: previous.key + 1 }));
  }, []);
  const close = useCallback(() => setState((previous) => ({ ...previous, opened: false })), []);
  const toast = (
    <Toast
      key={state.key}
      opened={state.opened}
      message={state.message ?? messages.toast.defaultMessage}
      duration={state.duration}
      onClose={close}
    />
  );
  return { showToast, toast };
}

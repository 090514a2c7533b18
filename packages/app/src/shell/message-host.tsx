import { Notification, Portal } from '@mantine/core';
import type { ApiNotice } from '@tender/api-client';
import { useSyncExternalStore } from 'react';

interface ShownMessage {
  id: number;
  text: string;
  kind: ApiNotice['kind'];
}

let shown: ShownMessage | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * Shows one message at the top of the window for `durationMs`. The api-client's message gate decides what may
 * show (one at a time, spec §8); this only draws it and gives back the close function the gate calls.
 */
export function showAppMessage(notice: ApiNotice): () => void {
  const id = nextId++;
  shown = { id, text: notice.text, kind: notice.kind };
  emit();
  const close = () => {
    if (shown?.id !== id) return;
    shown = undefined;
    emit();
  };
  setTimeout(close, notice.durationMs);
  return close;
}

export function MessageHost() {
  const message = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shown,
    () => undefined,
  );
  if (!message) return null;
  return (
    <Portal>
      <Notification
        role="alert"
        withCloseButton={false}
        color={message.kind === 'notification' ? 'orange' : 'red'}
        style={{ position: 'fixed', top: 20, left: '50%', transform: 'translateX(-50%)', zIndex: 4000 }}
      >
        {message.text}
      </Notification>
    </Portal>
  );
}

import { Notification, Portal } from '@mantine/core';
import { MESSAGE_DURATION_MS } from '@tender/domain';
import { useSyncExternalStore } from 'react';

/** success: green (个人资料已保存, 已关注); error: red; warning: orange (the time-out notification, a missing consent). */
export type MessageTone = 'success' | 'error' | 'warning';

/** The one message helper every screen and the api-client use: `showMessage(text, 'success')`. */
export type ShowMessage = (text: string, tone?: MessageTone, durationMs?: number) => void;

interface ShownMessage {
  id: number;
  text: string;
  tone: MessageTone;
  until: number;
}

const TONE_COLORS: Readonly<Record<MessageTone, string>> = {
  success: 'green',
  error: 'red',
  warning: 'orange',
};

let shown: ShownMessage | undefined;
let nextId = 1;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * spec §8 "Messages show for 3 seconds, and only one message shows at a time": while a message is on screen the
 * same text again is dropped (ten parallel calls failing alike show one message), and a different text takes its
 * place, so the latest is the one the member reads. Returns the function that closes this message early.
 */
export function showMessage(
  text: string,
  tone: MessageTone = 'error',
  durationMs: number = MESSAGE_DURATION_MS,
): () => void {
  const now = Date.now();
  const current = shown;
  if (current && now < current.until && current.text === text && current.tone === tone)
    return () => closeMessage(current.id);
  const id = nextId++;
  shown = { id, text, tone, until: now + durationMs };
  emit();
  setTimeout(() => closeMessage(id), durationMs);
  return () => closeMessage(id);
}

function closeMessage(id: number) {
  if (shown?.id !== id) return;
  shown = undefined;
  emit();
}

/** Draws the message showing, at the top of the window; UiKitProvider renders it once for the whole app. */
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
        // An error interrupts (alert); a success or a warning is read when the reader is free (status).
        role={message.tone === 'error' ? 'alert' : 'status'}
        data-tone={message.tone}
        withCloseButton={false}
        color={TONE_COLORS[message.tone]}
        style={{ position: 'fixed', top: 20, left: '50%', transform: 'translateX(-50%)', zIndex: 4000 }}
      >
        {message.text}
      </Notification>
    </Portal>
  );
}

/** What the client asks the app to show (spec §8): a message for 3 s, the time-out notification for 5 s. */
export interface ApiNotice {
  /** 'notification' for the time-out (spec §8 "notification"), 'message' for everything else. */
  kind: 'message' | 'notification';
  text: string;
  durationMs: number;
}

/**
 * Shows a notice; may return a function that closes it early (so the next one can take its place). Any other
 * return value is ignored, so a handler that returns nothing, or a notification id, is fine.
 */
export type ShowNotice = (notice: ApiNotice) => unknown;

export interface MessageGate {
  show(notice: ApiNotice): void;
}

/**
 * spec §8 "only one message shows at a time": while a notice is on screen, the same text again is dropped (ten
 * parallel calls failing alike show one message), and a different text closes the one showing and takes its
 * place, so the latest problem is the one the user reads.
 */
export function createMessageGate(showNotice: ShowNotice, now: () => number = Date.now): MessageGate {
  let current: { text: string; until: number; close?: () => void } | undefined;
  return {
    show(notice) {
      const time = now();
      if (current && time < current.until) {
        if (current.text === notice.text) return;
        current.close?.();
      }
      const shown = showNotice(notice);
      const close = typeof shown === 'function' ? () => void shown() : undefined;
      current = { text: notice.text, until: time + notice.durationMs, close };
    },
  };
}

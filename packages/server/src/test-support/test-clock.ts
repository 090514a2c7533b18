import type { Clock } from '../clock';

/** Real time plus an offset that tests push forward: code expiry, send limits and sessions without waiting. */
export interface TestClock {
  now: Clock;
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
  };
}

import type { Clock } from '../clock';

/** One fixed window's count after a hit, and when the window ends. */
export interface WindowHit {
  count: number;
  resetInMs: number;
}

/** Counts hits per key in fixed windows: in this process, or in Redis when API nodes must share the counts. */
export interface RateCounter {
  hit(key: string, windowMs: number): Promise<WindowHit>;
  close(): Promise<void>;
}

/** Past this many live keys, expired windows are swept before a new key is added (a flood of IPs stays bounded). */
const SWEEP_ABOVE = 10_000;

/** The counter of a single API process: a map of windows, swept of expired ones as it grows. */
export function memoryRateCounter(clock: Clock): RateCounter {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowMs) {
      const now = clock().getTime();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        if (!window && windows.size >= SWEEP_ABOVE) {
          for (const [other, { endsAt }] of windows) if (endsAt <= now) windows.delete(other);
        }
        window = { count: 0, endsAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.endsAt - now };
    },
    async close() {
      windows.clear();
    },
  };
}

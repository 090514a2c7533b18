/**
 * Whether the server is ready for traffic: migrations are applied before it listens, but the demo corpus loads
 * after (docs/operations.md), and `/healthz` answers `starting` until it is in.
 */
export interface Readiness {
  readonly ready: boolean;
}

export function readinessGate(ready: boolean) {
  let state = ready;
  return {
    get ready() {
      return state;
    },
    markReady() {
      state = true;
    },
  };
}

/** A server without a start-up load (tests, benchmarks): ready at once. */
export const alwaysReady: Readiness = { ready: true };

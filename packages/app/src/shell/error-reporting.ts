/** Mainland mobile numbers, also inside longer text; not digits of a longer number. */
const MOBILE = /(?<!\d)(?:\+?86[- ]?)?1[3-9]\d{9}(?!\d)/g;
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi;
const SECRET_PAIR =
  /\b(token|access_token|refresh_token|ticket|code|secret|password|sign|signature|key)=([^&\s"']+)/gi;
/** Session tokens and the like: long runs of hex or base64url. */
const LONG_SECRET = /\b[A-Za-z0-9_-]{32,}\b/g;

/** `text` with phone numbers, tokens and secrets replaced (the server's scrubbing, src/observability there). */
export function scrubText(text: string): string {
  return text
    .replace(BEARER, 'Bearer [REDACTED]')
    .replace(SECRET_PAIR, '$1=[REDACTED]')
    .replace(MOBILE, '[手机号]')
    .replace(LONG_SECRET, '[REDACTED]');
}

/** Every string of a Sentry event or breadcrumb scrubbed; credential headers dropped; Sentry's own ids kept. */
export function scrubEvent<Event>(event: Event, depth = 0): Event {
  if (typeof event === 'string') return scrubText(event) as Event;
  if (depth > 12 || event === null || typeof event !== 'object') return event;
  if (Array.isArray(event)) return event.map((entry) => scrubEvent(entry, depth + 1)) as Event;
  const scrubbed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(event)) {
    if (/^(authorization|cookie|set-cookie)$/i.test(key)) continue;
    scrubbed[key] = key.endsWith('_id') && typeof value === 'string' ? value : scrubEvent(value, depth + 1);
  }
  return scrubbed as Event;
}

let started = false;

/**
 * Reports the app's errors to `dsn` (the server's `SENTRY_BROWSER_DSN`, from `GET /webchat/common/environment`).
 * The SDK is a chunk of its own, fetched only here: without a DSN no byte of it loads, and with one it is not
 * on the login route's critical path (its JS budget, tooling/e2e).
 */
export async function startErrorReporting(dsn: string): Promise<void> {
  if (started) return;
  started = true;
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    // Errors only: no tracing, no replays.
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
  });
}

import * as Sentry from '@sentry/node';
import type { FastifyRequest } from 'fastify';
import { redactUrl } from '../security/log-redaction';

/** Where a server error goes besides the log: Sentry when `SENTRY_DSN` is set. */
export interface ErrorReporter {
  report(error: unknown, request: FastifyRequest): void;
  /** Sends what is queued (the process is about to end). */
  flush(timeoutMs: number): Promise<void>;
}

/** Mainland mobile numbers (11 digits from 13–19), also inside longer text; not digits of a longer number. */
const MOBILE = /(?<!\d)(?:\+?86[- ]?)?1[3-9]\d{9}(?!\d)/g;
/** Bearer tokens, and `token=…`-style pairs in text (URLs are redacted by name first, below). */
const BEARER = /Bearer\s+[A-Za-z0-9._~+/=-]+/gi;
const SECRET_PAIR =
  /\b(token|access_token|refresh_token|ticket|code|secret|password|sign|signature|key)=([^&\s"']+)/gi;
/** Our session tokens and the like: long runs of hex or base64url that are no word. */
const LONG_SECRET = /\b[A-Za-z0-9_-]{32,}\b/g;

/** `text` with phone numbers, tokens and secrets replaced. */
export function scrubText(text: string): string {
  return redactUrl(text)
    .replace(BEARER, 'Bearer [REDACTED]')
    .replace(SECRET_PAIR, '$1=[REDACTED]')
    .replace(MOBILE, '[手机号]')
    .replace(LONG_SECRET, '[REDACTED]');
}

/** Every string in `value`, deeply, scrubbed; headers that carry credentials dropped. */
function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((entry) => scrubValue(entry, depth + 1));
  const scrubbed: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (/^(authorization|cookie|set-cookie|x-api-key)$/i.test(key)) continue;
    // Sentry's own ids (event_id, trace_id, span_id) are 32 hex digits: not secrets, and needed by the ingest.
    scrubbed[key] = key.endsWith('_id') && typeof entry === 'string' ? entry : scrubValue(entry, depth + 1);
  }
  return scrubbed;
}

/** Sentry's `beforeSend`: nothing that names a member or opens a session leaves the server. */
export function scrubEvent<Event extends object>(event: Event): Event {
  return scrubValue(event) as Event;
}

/**
 * `SENTRY_DSN` (self-hosted Sentry or any service that takes Sentry envelopes): server errors — the 500s, not the
 * business refusals — with the request's route, method and id; scrubbed in `beforeSend`. Errors only, no tracing.
 */
export function sentryReporter(dsn: string, environment: string): ErrorReporter {
  // Not the default integrations: their Fastify instrumentation reports every thrown error, the business refusals
  // (请先登录, quota dialogs) too, and without the request's id. The server reports its 500s itself (app.ts).
  Sentry.initWithoutDefaultIntegrations({
    dsn,
    environment,
    integrations: [
      Sentry.linkedErrorsIntegration(),
      Sentry.nodeContextIntegration(),
      Sentry.onUncaughtExceptionIntegration(),
      Sentry.onUnhandledRejectionIntegration(),
    ],
    // Errors only: no tracesSampleRate, so no spans leave.
    beforeSend: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubEvent(breadcrumb),
  });
  return {
    report(error, request) {
      // Given with the capture, not through a scope: it holds whatever async context the request ran in.
      Sentry.captureException(error, {
        tags: { request_id: String(request.id), route: request.routeOptions.url ?? 'unmatched' },
        contexts: { request: { method: request.method, url: redactUrl(request.url) } },
      });
    },
    async flush(timeoutMs) {
      await Sentry.flush(timeoutMs);
    },
  };
}

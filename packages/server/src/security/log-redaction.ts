import type { FastifyRequest } from 'fastify';

const REDACTED = '[REDACTED]';

/**
 * Query parameters whose value opens something: QR tickets, the sandbox payment page's `t`, session and OAuth
 * tokens, SMS and OAuth codes, keys and signatures. Matched by the lower-cased name, exactly or by its ending.
 */
const SECRET_NAMES = new Set([
  'ticket',
  't',
  'token',
  'code',
  'key',
  'sign',
  'signature',
  'password',
  'secret',
]);
const SECRET_ENDINGS = ['token', 'ticket', 'secret', 'password', 'sign', 'signature', '_key', 'apikey'];

function isSecretName(name: string): boolean {
  const lower = name.toLowerCase();
  return SECRET_NAMES.has(lower) || SECRET_ENDINGS.some((ending) => lower.endsWith(ending));
}

/** `url` with the value of every token-bearing query parameter replaced and the fragment left out. */
export function redactUrl(url: string): string {
  const withoutFragment = url.split('#')[0] ?? '';
  const queryStart = withoutFragment.indexOf('?');
  if (queryStart < 0) return withoutFragment;
  const query = withoutFragment
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // A malformed escape: judge the name as written.
      }
      return equals >= 0 && isSecretName(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${withoutFragment.slice(0, queryStart)}?${query}`;
}

/**
 * Fastify's request serializer with the URL redacted (the request log line, src/app.ts). Headers stay out of
 * it, as in Fastify's own; `LOG_REDACT_PATHS` covers them should anything log them.
 */
export function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino `redact` paths: credentials in headers, wherever a request's or response's headers get logged. */
export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
];

import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every answer. The brand apps are Vite builds of same-origin module scripts
 * (no inline script), Mantine writes inline `style` attributes and `<style>` tags, images are our uploads,
 * data/blob URLs (QR codes, charts) or a brand's https assets; the API and the websocket are same-origin.
 * The server's own pages (QR sign-in, sandbox payment) carry no script and post their forms to themselves.
 */
export function contentSecurityPolicy(browserSentryDsn?: string): string {
  // The browser's error reports (SENTRY_BROWSER_DSN) go to the DSN's own origin: without it here they are blocked.
  const connect = browserSentryDsn ? `'self' ${new URL(browserSentryDsn).origin}` : "'self'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of a server that sends no browser error reports. */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** Six months: long enough to matter, short enough to undo a wrong TLS setup. */
const HSTS = 'max-age=15552000';

/**
 * Sets the security headers on every answer (API, brand apps, files, the 404 envelope) that the route did not
 * set itself: CSP, no framing
 * (clickjacking on the payment and sign-in pages), no MIME sniffing (the announcement download is text/plain
 * and must never be read as HTML), no full URLs in Referer to the source sites, and HSTS when the request came
 * over HTTPS (directly or through a trusted proxy, `TRUST_PROXY`).
 */
export function securityHeaders(app: FastifyInstance, browserSentryDsn?: string): void {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(browserSentryDsn),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
  app.addHook('onSend', async (request, reply, payload) => {
    // A route with a stricter header of its own (the QR sign-in and sandbox payment pages) keeps it.
    for (const [name, value] of Object.entries(headers))
      if (!reply.hasHeader(name)) reply.header(name, value);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}

import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** `PUBLIC_BASE_URL` (src/app.ts decorates the server with it); null: the request's own host. */
    publicBaseUrl: string | null;
  }
}

/**
 * The server's base address for links a member opens ('https://www.example.com'): what relative avatar paths are
 * prefixed with and what QR codes point at. `PUBLIC_BASE_URL` when set; otherwise the host the caller reached —
 * behind a proxy, set `TRUST_PROXY` so the forwarded host and protocol are used (docs/operations.md).
 */
export function requestBaseUrl(request: FastifyRequest): string {
  return request.server.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

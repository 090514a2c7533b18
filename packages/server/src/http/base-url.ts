import type { FastifyRequest } from 'fastify';

/**
 * The server's base address as the caller reached it ('https://api.example.com'): what relative avatar paths
 * are prefixed with and what QR codes point at. Behind a proxy, set `TRUST_PROXY` so the forwarded host and
 * protocol are used (docs/operations.md).
 */
export function requestBaseUrl(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

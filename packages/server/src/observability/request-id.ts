import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** The header a load balancer or client may pass, and the answer carries back. */
export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * Letters, digits and `-_.:`, at most 128: what proxies (nginx `$request_id`, AWS ALB trace ids) and UUIDs use.
 * Anything else — a log line's worth of text, a newline, another header smuggled in — is replaced, not trusted.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the incoming id when it is sane, otherwise a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Every answer (errors and 404 too) names its request, so a member's report finds the log lines. */
export function answerWithRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}

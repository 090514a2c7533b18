import { type EndpointResponse, type Envelope, healthEndpoint } from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import { messages } from '../messages';
import { alwaysReady, type Readiness } from './readiness';

type Health = EndpointResponse<typeof healthEndpoint>;

/**
 * 200 `ready` once migrations and the demo corpus are in; before that HTTP 503 `starting`, so a load balancer
 * or orchestrator keeps traffic away while the first start loads (the envelope still says what is going on).
 */
export function healthRoutes(app: FastifyInstance, brands: string[], readiness: Readiness = alwaysReady) {
  app.get(healthEndpoint.path, (_request, reply): Envelope<Health> => {
    if (!readiness.ready) {
      reply.code(503);
      return { code: 503, data: { status: 'starting', brands }, message: messages.healthStarting };
    }
    return { code: 200, data: { status: 'ready', brands }, message: '服务正常' };
  });
}

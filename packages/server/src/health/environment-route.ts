import { type ServiceEnvironment, serviceEnvironmentEndpoint } from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';

/** Tells the client whether this is a demo, and the ribbon's text (src/production-checks.ts decides). */
export function environmentRoute(
  app: FastifyInstance,
  dependencies: EndpointRouteDependencies,
  environment: ServiceEnvironment,
) {
  endpointRoute(app, dependencies, serviceEnvironmentEndpoint, async () => environment);
}

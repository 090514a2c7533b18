import { type EndpointResponse, type Envelope, healthEndpoint } from '@tender/contracts';
import type { FastifyInstance } from 'fastify';

type Health = EndpointResponse<typeof healthEndpoint>;

export function healthRoutes(app: FastifyInstance, brands: string[]) {
  app.get(
    healthEndpoint.path,
    (): Envelope<Health> => ({
      code: 200,
      data: { status: 'ready', brands },
      message: '服务正常',
    }),
  );
}

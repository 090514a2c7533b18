import { dictDetailEndpoint } from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { dictionaryQueries } from './queries';

export function catalogRoutes(app: FastifyInstance, db: Database, dependencies: EndpointRouteDependencies) {
  const dictionaries = dictionaryQueries(db);

  endpointRoute(app, dependencies, dictDetailEndpoint, ({ input, tenant }) =>
    dictionaries.page(tenant.id, input.dictName, input.page, input.size),
  );
}

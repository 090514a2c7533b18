import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { BrandSite } from './brand-sites/discover';
import { brandSiteRoutes } from './brand-sites/routes';
import { catalogRoutes } from './catalog/routes';
import type { Database } from './db/database';
import { healthRoutes } from './health/routes';
import { BusinessError } from './http/business-error';
import { messages } from './messages';
import { tenantService } from './tenants/service';

export interface ServerDependencies {
  db: Database;
  sites: BrandSite[];
  defaultBrand: string;
  logger?: boolean;
}

/** The whole HTTP application, ready for `listen()` or for tests through `inject()`. */
export async function buildServer(dependencies: ServerDependencies): Promise<FastifyInstance> {
  const app = Fastify({ logger: dependencies.logger ?? false, bodyLimit: 1024 * 1024 });
  const tenants = tenantService(dependencies.db);

  healthRoutes(
    app,
    dependencies.sites.map((site) => site.id),
  );
  await brandSiteRoutes(app, dependencies.sites, dependencies.defaultBrand);
  catalogRoutes(app, dependencies.db, { tenants });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ code: 404, data: null, message: messages.notFound });
  });
  app.setErrorHandler((error: FastifyError | BusinessError, request, reply) => {
    if (error instanceof BusinessError) {
      return reply.code(200).send({ code: error.code, data: error.data, message: error.message });
    }
    // Fastify's own refusals (unparseable JSON, wrong content type, body too large) are the client's mistake.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(200).send({ code: 400, data: null, message: messages.badRequestBody(error.code) });
    }
    request.log.error(error);
    return reply.code(500).send({ code: 500, data: null, message: messages.serverError });
  });
  return app;
}

import {
  apiKeyCreateEndpoint,
  apiKeyDeliveriesEndpoint,
  apiKeyListEndpoint,
  apiKeyRevokeEndpoint,
  apiKeyWebhookEndpoint,
} from '@tender/contracts';
import { OPEN_API_OPERATIONS, OPEN_API_PREFIX, openApiDocument } from '@tender/contracts/open-api';
import { RESPONSE_CODES } from '@tender/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { gateService } from '../gates/service';
import { requestBaseUrl } from '../http/base-url';
import { BusinessError } from '../http/business-error';
import {
  bearerToken,
  type EndpointHandlers,
  type EndpointRouteDependencies,
  endpointRoute,
} from '../http/endpoint-route';
import { messages } from '../messages';
import type { RateCounter } from '../security/rate-counter';
import type { TenantService } from '../tenants/service';
import { apiKeyService } from './api-keys';
import { mcpRoutes } from './mcp';
import { type KeyRateLimit, operationRunner } from './operations';

export interface OpenApiRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
  tenants: TenantService;
  handlers: EndpointHandlers;
  rateCounter: RateCounter;
  keyRateLimit: KeyRateLimit;
}

/** Codes the open API answers with the same HTTP status (the web API answers 200 for every business outcome). */
const HTTP_STATUSES = new Set([400, 401, 403, 404, 429]);

function errorReply(reply: FastifyReply, error: BusinessError) {
  const status = HTTP_STATUSES.has(error.code) ? error.code : 400;
  return reply.code(status).send({
    code: error.code,
    message: error.message,
    data: error.data ?? null,
    nextCursor: null,
    quota: null,
  });
}

/**
 * The API keys of 个人中心, the open data API under /openapi/v1 with its OpenAPI document, and the MCP server.
 * Register after every web route: the operations run the web endpoints' handlers (src/http/endpoint-route.ts).
 */
export function openApiRoutes(app: FastifyInstance, dependencies: OpenApiRouteDependencies): void {
  const { db, clock } = dependencies;
  const keys = apiKeyService(db, clock);
  const gates = gateService(db);
  const owner = (tenantId: string, userId: number) => ({ brandId: tenantId, userId });

  endpointRoute(app, dependencies, apiKeyCreateEndpoint, ({ input, tenant, signedIn }) =>
    keys.create(owner(tenant.id, signedIn.userId), input.name),
  );
  endpointRoute(app, dependencies, apiKeyListEndpoint, async ({ tenant, signedIn }) => {
    const [records, usage] = await Promise.all([
      keys.list(owner(tenant.id, signedIn.userId)),
      gates.decide(
        { tenant, userId: signedIn.userId, now: clock() },
        { privilege: 'apiAccess', mode: 'peek' },
      ),
    ]);
    return { records, quota: usage.allowed ? usage.pass : null };
  });
  endpointRoute(app, dependencies, apiKeyRevokeEndpoint, ({ input, tenant, signedIn }) =>
    keys.revoke(owner(tenant.id, signedIn.userId), input.id),
  );

  endpointRoute(app, dependencies, apiKeyWebhookEndpoint, ({ input, tenant, signedIn }) =>
    keys.setWebhook(owner(tenant.id, signedIn.userId), input.id, input.url),
  );
  endpointRoute(app, dependencies, apiKeyDeliveriesEndpoint, async ({ input, tenant, signedIn }) => ({
    records: await keys.deliveries(owner(tenant.id, signedIn.userId), input.id),
  }));

  const runner = operationRunner({ ...dependencies, keys });

  for (const operation of OPEN_API_OPERATIONS) {
    app.route({
      method: operation.method,
      url: operation.path,
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const raw = {
          ...(request.query as Record<string, unknown> | undefined),
          ...(typeof request.body === 'object' && request.body !== null ? (request.body as object) : {}),
        };
        try {
          const caller = await runner.authenticate(bearerToken(request));
          const answer = await runner.run(operation, caller, raw, { request, reply });
          return { code: 200, message: '成功', ...answer };
        } catch (error) {
          if (error instanceof BusinessError) return errorReply(reply, error);
          throw error;
        }
      },
    });
  }

  app.get(`${OPEN_API_PREFIX}/openapi.json`, async (request) => openApiDocument(requestBaseUrl(request)));

  // Anything else under the prefix: the open API's own 404, not the web envelope.
  app.all(`${OPEN_API_PREFIX}/*`, async (_request, reply) =>
    errorReply(reply, new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.openApi.notFound)),
  );

  mcpRoutes(app, runner);
}

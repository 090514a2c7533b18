import {
  type EndpointAccess,
  type EndpointDefinition,
  type EndpointResponse,
  globalParamsSchema,
} from '@tender/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { DataVersions } from '../db/data-versions';
import type { Tenant } from '../tenants/queries';
import type { TenantService } from '../tenants/service';
import type { UserRecord } from '../users/queries';
import { BusinessError } from './business-error';
import { validate } from './validation';

export interface SignedIn {
  userId: number;
  sessionId: string;
  /** The account's row as the call's first statement read it, with the session: no second read of it. */
  account: UserRecord;
}

/** Who calls: the brand, the signed-in user, and the data versions the call runs at (src/db/data-versions.ts). */
export interface Caller {
  tenant: Tenant;
  signedIn: SignedIn;
  versions: DataVersions;
}

export interface Authenticator {
  /** Throws `BusinessError` 400 for an unknown brand, then 401, 4011 or 430 (spec §8) when the caller may not go on. */
  authenticate(
    brandId: string,
    token: string | undefined,
    access: Exclude<EndpointAccess, 'public'>,
  ): Promise<Caller>;
}

export interface EndpointCall<TEndpoint extends EndpointDefinition> {
  input: z.output<TEndpoint['request']>;
  tenant: Tenant;
  /** Present for every endpoint whose access is not `public`. */
  signedIn: TEndpoint['access'] extends 'public' ? undefined : SignedIn;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type EndpointHandler<TEndpoint extends EndpointDefinition> = (
  call: EndpointCall<TEndpoint>,
) => Promise<EndpointResponse<TEndpoint>>;

/**
 * The handlers of the endpoints served, by endpoint: the open data API and the MCP server run a web endpoint's own
 * handler — its gates and quotas — for the caller of an API key (src/open-api), instead of a copy of it.
 */
export class EndpointHandlers {
  readonly #handlers = new Map<EndpointDefinition, EndpointHandler<EndpointDefinition>>();

  register<TEndpoint extends EndpointDefinition>(
    endpoint: TEndpoint,
    handler: EndpointHandler<TEndpoint>,
  ): void {
    this.#handlers.set(endpoint, handler as unknown as EndpointHandler<EndpointDefinition>);
  }

  /** The endpoint's handler; throws when the endpoint is not served (a wiring mistake, found at the first call). */
  handler<TEndpoint extends EndpointDefinition>(endpoint: TEndpoint): EndpointHandler<TEndpoint> {
    const handler = this.#handlers.get(endpoint);
    if (!handler) throw new Error(`${endpoint.path} is not served`);
    return handler as unknown as EndpointHandler<TEndpoint>;
  }
}

export interface EndpointRouteDependencies {
  tenants: TenantService;
  authenticator?: Authenticator;
  /** Where the handlers are kept for the open API (src/open-api); absent: nowhere. */
  handlers?: EndpointHandlers;
}

const SUCCESS_MESSAGE = '成功';

const settledAnswers = new WeakSet<object>();

/**
 * Marks an answer that never changes — deeply frozen and handed to many calls, as the search result cache's pages
 * are — so that each endpoint checks it against its contract and serializes it once, not on every call.
 */
export function settledAnswer<T extends object>(answer: T): T {
  if (!Object.isFrozen(answer)) throw new TypeError('a settled answer must be frozen');
  settledAnswers.add(answer);
  return answer;
}

/** The token of `Authorization: Bearer <token>` (docs/architecture.md §7), if any. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() || undefined : undefined;
}

/**
 * Serves one contract endpoint: merges query and body (the api-client puts the global parameters in either,
 * spec §7), validates them, resolves the tenant, checks access, runs the handler and answers the envelope.
 * The handler's answer is checked against the contract too, so a server bug never ships a wrong shape.
 */
export function endpointRoute<TEndpoint extends EndpointDefinition>(
  app: FastifyInstance,
  dependencies: EndpointRouteDependencies,
  endpoint: TEndpoint,
  handler: EndpointHandler<TEndpoint>,
): void {
  dependencies.handlers?.register(endpoint, handler);
  /** This endpoint's settled answers, checked and serialized (the same object may be another contract's answer). */
  const settledJson = new WeakMap<object, string>();
  const checked = (request: FastifyRequest, data: unknown) => {
    const result = endpoint.response.safeParse(data);
    if (!result.success) {
      request.log.error({ issues: result.error.issues, path: endpoint.path }, 'response breaks its contract');
      throw new Error('response breaks its contract');
    }
    return result.data;
  };
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (request, reply) => {
      const merged = {
        ...(request.query as Record<string, unknown> | undefined),
        ...(typeof request.body === 'object' && request.body !== null ? (request.body as object) : {}),
      };
      const globals = validate(globalParamsSchema, merged);
      if (!globals.ok) throw new BusinessError(400, globals.message);
      const input = validate(endpoint.request, merged);
      if (!input.ok) throw new BusinessError(400, input.message);

      let caller: Omit<Caller, 'signedIn'> & { signedIn?: SignedIn };
      if (endpoint.access === 'public') {
        const versions = await dependencies.tenants.readVersions();
        const brand = globals.value.brand;
        const tenant = await dependencies.tenants.run(versions, () => dependencies.tenants.resolve(brand));
        caller = { tenant, versions };
      } else {
        if (!dependencies.authenticator) throw new Error(`${endpoint.path} needs an authenticator`);
        caller = await dependencies.authenticator.authenticate(
          globals.value.brand,
          bearerToken(request),
          endpoint.access,
        );
      }
      const data = await dependencies.tenants.run(caller.versions, () =>
        handler({
          input: input.value as z.output<TEndpoint['request']>,
          tenant: caller.tenant,
          signedIn: caller.signedIn as EndpointCall<TEndpoint>['signedIn'],
          request,
          reply,
        }),
      );
      if (typeof data === 'object' && data !== null && settledAnswers.has(data)) {
        let json = settledJson.get(data);
        if (json === undefined) {
          json = JSON.stringify(checked(request, data));
          settledJson.set(data, json);
        }
        reply.type('application/json; charset=utf-8');
        return `{"code":200,"data":${json},"message":${JSON.stringify(SUCCESS_MESSAGE)}}`;
      }
      return { code: 200, data: checked(request, data), message: SUCCESS_MESSAGE };
    },
  });
}

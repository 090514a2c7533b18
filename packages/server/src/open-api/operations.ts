import {
  type EndpointDefinition,
  type GatePass,
  type MarketAnalysis,
  marketAnalysisEndpoint,
} from '@tender/contracts';
import { cursorPage, type OpenApiOperation, pageCursor } from '@tender/contracts/open-api';
import { RESPONSE_CODES } from '@tender/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock';
import type { DataVersions } from '../db/data-versions';
import type { Database } from '../db/database';
import { gateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import type { EndpointHandlers, SignedIn } from '../http/endpoint-route';
import { validate } from '../http/validation';
import { messages } from '../messages';
import type { RateCounter } from '../security/rate-counter';
import { subscriptionService } from '../subscriptions/service';
import type { Tenant } from '../tenants/queries';
import type { TenantService } from '../tenants/service';
import type { ApiKeyService } from './api-keys';

/** Calls one key may make per window, whatever its owner's daily quota (docs/open-api.md). */
export interface KeyRateLimit {
  max: number;
  windowSeconds: number;
}

export const DEFAULT_KEY_RATE_LIMIT: KeyRateLimit = { max: 60, windowSeconds: 60 };

/** The caller of an API key: the key's owner in the key's brand, as a web call's caller is. */
export interface KeyCaller {
  keyId: number;
  tenant: Tenant;
  signedIn: SignedIn;
  versions: DataVersions;
}

export interface OperationAnswer {
  data: unknown;
  nextCursor: string | null;
  /** The owner's apiAccess calls today, this one included. */
  quota: GatePass;
}

export interface OperationRunnerDependencies {
  db: Database;
  clock: Clock;
  tenants: TenantService;
  handlers: EndpointHandlers;
  keys: ApiKeyService;
  rateCounter: RateCounter;
  keyRateLimit: KeyRateLimit;
}

const MONTHS_A_YEAR = 12;

/** 'YYYY-MM' moved by whole months. */
function shiftMonth(month: string, months: number): string {
  const [year, monthOfYear] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (monthOfYear - 1) + months;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** (this − last) / last to 4 decimals; null when last year had nothing to compare with. */
function yearOnYear(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 10_000) / 10_000;
}

const MARKET_GROUPS = {
  month: 'byMonth',
  province: 'byProvince',
  industry: 'byIndustry',
  method: 'byMethod',
} as const satisfies Record<string, keyof MarketAnalysis>;

/**
 * Runs the open API's operations (src/open-api/README.md): the key's owner found, the key's rate limit, one
 * apiAccess use spent through the gates, then the operation — a web endpoint's own handler with the key's caller,
 * so every quota it spends is the one the browser spends.
 */
export function operationRunner(dependencies: OperationRunnerDependencies) {
  const { db, clock, tenants, handlers, keys, rateCounter, keyRateLimit } = dependencies;
  const gates = gateService(db);
  const subscriptions = subscriptionService(db, clock);

  async function authenticate(secret: string | undefined): Promise<KeyCaller> {
    const holder = await keys.holder(secret);
    const hit = await rateCounter.hit(`openapi-key:${holder.keyId}`, keyRateLimit.windowSeconds * 1000);
    if (hit.count > keyRateLimit.max) {
      throw new BusinessError(
        RESPONSE_CODES.TOO_MANY_REQUESTS,
        messages.openApi.rateLimited(Math.max(1, Math.ceil(hit.resetInMs / 1000))),
      );
    }
    const versions = await tenants.readVersions();
    const tenant = await tenants.run(versions, () => tenants.resolve(holder.brandId));
    return {
      keyId: holder.keyId,
      tenant,
      versions,
      signedIn: { userId: holder.account.id, sessionId: `api-key:${holder.keyId}`, account: holder.account },
    };
  }

  async function invoke<TEndpoint extends EndpointDefinition>(
    caller: KeyCaller,
    endpoint: TEndpoint,
    input: unknown,
    http: { request: FastifyRequest; reply: FastifyReply },
  ): Promise<unknown> {
    const checked = validate(endpoint.request, input);
    if (!checked.ok) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, checked.message);
    const data = await handlers.handler(endpoint)({
      input: checked.value as never,
      tenant: caller.tenant,
      signedIn: caller.signedIn as never,
      ...http,
    });
    return endpoint.response.parse(data);
  }

  async function market(
    caller: KeyCaller,
    input: Record<string, unknown>,
    http: { request: FastifyRequest; reply: FastifyReply },
  ): Promise<MarketAnalysis> {
    const { groupBy: _groupBy, role: _role, ...filter } = input;
    return (await invoke(caller, marketAnalysisEndpoint, filter, http)) as MarketAnalysis;
  }

  async function execute(
    operation: OpenApiOperation,
    caller: KeyCaller,
    input: Record<string, unknown>,
    raw: Record<string, unknown>,
    http: { request: FastifyRequest; reply: FastifyReply },
  ): Promise<{ data: unknown; nextCursor: string | null }> {
    if (operation.name === 'market_aggregation') {
      const current = await market(caller, input, http);
      const previous = await market(
        caller,
        {
          ...input,
          startMonth: shiftMonth(current.startMonth, -MONTHS_A_YEAR),
          endMonth: shiftMonth(current.endMonth, -MONTHS_A_YEAR),
        },
        http,
      );
      const groupBy = input.groupBy as keyof typeof MARKET_GROUPS;
      const key = MARKET_GROUPS[groupBy];
      const sameGroupLastYear = (code: string) =>
        groupBy === 'month' ? shiftMonth(code, -MONTHS_A_YEAR) : code;
      const before = new Map(previous[key].map((bucket) => [bucket.code, bucket]));
      return {
        data: {
          groupBy,
          startMonth: current.startMonth,
          endMonth: current.endMonth,
          previousStartMonth: previous.startMonth,
          previousEndMonth: previous.endMonth,
          groups: current[key].map((bucket) => {
            const last = before.get(sameGroupLastYear(bucket.code));
            const previousItems = last?.items ?? 0;
            const previousBudgetFen = last?.budgetFen ?? 0;
            const previousAwardFen = last?.awardFen ?? 0;
            return {
              ...bucket,
              previousItems,
              previousBudgetFen,
              previousAwardFen,
              itemsYoY: yearOnYear(bucket.items, previousItems),
              budgetYoY: yearOnYear(bucket.budgetFen, previousBudgetFen),
              awardYoY: yearOnYear(bucket.awardFen, previousAwardFen),
            };
          }),
          basis: current.basis,
          sampled: current.sampled || previous.sampled,
        },
        nextCursor: null,
      };
    }
    if (operation.name === 'top_companies') {
      const analysis = await market(caller, input, http);
      return {
        data: {
          role: input.role,
          startMonth: analysis.startMonth,
          endMonth: analysis.endMonth,
          records: input.role === 'purchaser' ? analysis.topPurchasers : analysis.topWinners,
        },
        nextCursor: null,
      };
    }
    if (operation.paging === 'feed') {
      const after = input.cursor === undefined ? 0 : Number(input.cursor);
      const records = await subscriptions.feedAfter(
        { tenant: caller.tenant, userId: caller.signedIn.userId },
        { feed: input.feed as 'bidding' | 'upfront', afterFeedId: after, limit: input.limit as number },
      );
      return {
        data: { records },
        nextCursor: String(records.at(-1)?.feedId ?? after),
      };
    }
    if (!operation.web) throw new Error(`${operation.name} has no web endpoint`);
    if (operation.paging === 'pages') {
      const { cursor: _cursor, ...fields } = raw;
      const pageNumber = cursorPage(input.cursor as string | undefined);
      const page = (await invoke(caller, operation.web, { ...fields, pageNumber }, http)) as {
        total: number;
        pageSize: number;
        lastPage?: number;
      };
      const hasNext =
        page.lastPage === undefined ? pageNumber * page.pageSize < page.total : pageNumber < page.lastPage;
      return { data: page, nextCursor: hasNext ? pageCursor(pageNumber + 1) : null };
    }
    return { data: await invoke(caller, operation.web, raw, http), nextCursor: null };
  }

  return {
    authenticate,

    /** One call: validated, one apiAccess use spent, then run at the caller's data versions. */
    async run(
      operation: OpenApiOperation,
      caller: KeyCaller,
      raw: Record<string, unknown>,
      http: { request: FastifyRequest; reply: FastifyReply },
    ): Promise<OperationAnswer> {
      const checked = validate(operation.request, raw);
      if (!checked.ok) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, checked.message);
      const quota = await gates.enforce(
        { tenant: caller.tenant, userId: caller.signedIn.userId, now: clock() },
        { privilege: 'apiAccess', mode: 'spend' },
      );
      const answer = await tenants.run(caller.versions, () =>
        execute(operation, caller, checked.value as Record<string, unknown>, raw, http),
      );
      return { ...answer, quota };
    },
  };
}

export type OperationRunner = ReturnType<typeof operationRunner>;

import {
  expiringContractsEndpoint,
  type RenewalSubscription,
  renewalSubscriptionDeleteEndpoint,
  renewalSubscriptionGetEndpoint,
  renewalSubscriptionMatchesEndpoint,
  renewalSubscriptionSaveEndpoint,
} from '@tender/contracts/server';
import { RESPONSE_CODES, SEARCH_PATTERNS, SEARCH_TYPES } from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { BusinessError } from '../http/business-error';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { messages } from '../messages';
import { searchFilters } from '../search/conditions';
import { chinaDay, expiringContracts } from './expiring';

export interface RenewalRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

/** Area and industry codes as search checks them (an unknown code: 400 naming the field). */
function checkedCodes(input: { area?: string[] | undefined; industry?: string[] | undefined }) {
  const filters = searchFilters({
    searchType: SEARCH_TYPES.FULL_TEXT,
    searchPattern: SEARCH_PATTERNS.PRECISE,
    area: input.area,
    industry: input.industry,
  });
  return { regionCodes: filters.regionCodes ?? [], industryCodes: filters.industryCodes ?? [] };
}

interface SubscriptionRow {
  within_days: number;
  area_codes: string[];
  industry_codes: string[];
  updated_at: Date | string;
}

async function readSubscription(
  db: Queryable,
  brandId: string,
  userId: number,
): Promise<RenewalSubscription | null> {
  const [row] = await db.query<SubscriptionRow>(
    `SELECT within_days, area_codes, industry_codes, updated_at FROM renewal_subscription
      WHERE user_id = $1 AND brand_id = $2`,
    [userId, brandId],
  );
  return row
    ? {
        withinDays: row.within_days,
        area: row.area_codes,
        industry: row.industry_codes,
        updatedAt: new Date(row.updated_at).toISOString(),
      }
    : null;
}

/** 即将到期 (ADR 0042): the window list, and the member's subscription to it. */
export function renewalRoutes(app: FastifyInstance, dependencies: RenewalRouteDependencies): void {
  const { db, clock } = dependencies;

  endpointRoute(app, dependencies, expiringContractsEndpoint, ({ input }) =>
    expiringContracts(db, {
      today: chinaDay(clock()),
      withinDays: input.withinDays,
      ...checkedCodes(input),
      pageNumber: input.pageNumber,
      pageSize: input.pageSize,
    }),
  );

  endpointRoute(app, dependencies, renewalSubscriptionGetEndpoint, ({ tenant, signedIn }) =>
    readSubscription(db, tenant.id, signedIn.userId),
  );

  endpointRoute(app, dependencies, renewalSubscriptionSaveEndpoint, async ({ input, tenant, signedIn }) => {
    const { regionCodes, industryCodes } = checkedCodes(input);
    await db.query(
      `INSERT INTO renewal_subscription (brand_id, user_id, within_days, area_codes, industry_codes, updated_at)
       VALUES ($1, $2, $3, $4::text[], $5::text[], $6)
       ON CONFLICT (user_id, brand_id) DO UPDATE SET within_days = EXCLUDED.within_days,
         area_codes = EXCLUDED.area_codes, industry_codes = EXCLUDED.industry_codes,
         updated_at = EXCLUDED.updated_at`,
      [tenant.id, signedIn.userId, input.withinDays, regionCodes, industryCodes, clock()],
    );
    return (await readSubscription(db, tenant.id, signedIn.userId)) as RenewalSubscription;
  });

  endpointRoute(app, dependencies, renewalSubscriptionDeleteEndpoint, async ({ tenant, signedIn }) => {
    const deleted = await db.query(
      'DELETE FROM renewal_subscription WHERE user_id = $1 AND brand_id = $2 RETURNING user_id',
      [signedIn.userId, tenant.id],
    );
    return { deleted: deleted.length > 0 };
  });

  endpointRoute(
    app,
    dependencies,
    renewalSubscriptionMatchesEndpoint,
    async ({ input, tenant, signedIn }) => {
      const subscription = await readSubscription(db, tenant.id, signedIn.userId);
      if (!subscription) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.renewal.notSubscribed);
      return expiringContracts(db, {
        today: chinaDay(clock()),
        withinDays: subscription.withinDays,
        regionCodes: subscription.area,
        industryCodes: subscription.industry,
        pageNumber: input.pageNumber,
        pageSize: input.pageSize,
      });
    },
  );
}

import {
  feedCountEndpoint,
  feedListEndpoint,
  feedReadEndpoint,
  monitorKeywordVerifyEndpoint,
  monitorRecommendKeywordEndpoint,
  monitorThinkWordListEndpoint,
  pushSettingGetEndpoint,
  pushSettingSaveEndpoint,
  subscriptionGroupDeleteEndpoint,
  subscriptionGroupListEndpoint,
  subscriptionGroupSaveEndpoint,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { pushSettings } from '../push/settings';
import { subscriptionService } from './service';

export interface SubscriptionRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

/** Keyword groups, the /subscribe feeds, push settings and the keyword helpers (spec §7 Monitoring and keywords). */
export function subscriptionRoutes(app: FastifyInstance, dependencies: SubscriptionRouteDependencies) {
  const { db, clock } = dependencies;
  const subscriptions = subscriptionService(db, clock);
  const settings = pushSettings(db);

  endpointRoute(app, dependencies, subscriptionGroupListEndpoint, ({ input, tenant, signedIn }) =>
    subscriptions.listGroups({ tenant, userId: signedIn.userId }, input.kind),
  );
  endpointRoute(app, dependencies, subscriptionGroupSaveEndpoint, ({ input, tenant, signedIn }) =>
    subscriptions.saveGroup({ tenant, userId: signedIn.userId }, input),
  );
  endpointRoute(app, dependencies, subscriptionGroupDeleteEndpoint, ({ input, tenant, signedIn }) =>
    subscriptions.deleteGroup({ tenant, userId: signedIn.userId }, input.id),
  );
  endpointRoute(app, dependencies, feedListEndpoint, ({ input, tenant, signedIn }) =>
    subscriptions.feedList({ tenant, userId: signedIn.userId }, input),
  );
  endpointRoute(app, dependencies, feedCountEndpoint, ({ tenant, signedIn }) =>
    subscriptions.feedCount({ tenant, userId: signedIn.userId }),
  );
  endpointRoute(app, dependencies, feedReadEndpoint, ({ input, tenant, signedIn }) =>
    subscriptions.markRead({ tenant, userId: signedIn.userId }, input),
  );
  endpointRoute(app, dependencies, pushSettingGetEndpoint, ({ signedIn }) => settings.get(signedIn.userId));
  endpointRoute(app, dependencies, pushSettingSaveEndpoint, ({ input, tenant, signedIn }) =>
    settings.save({ userId: signedIn.userId, brandId: tenant.id }, input, clock()),
  );
  endpointRoute(app, dependencies, monitorKeywordVerifyEndpoint, ({ input }) =>
    subscriptions.verifyKeyword(input.keyword),
  );
  endpointRoute(app, dependencies, monitorThinkWordListEndpoint, ({ input }) =>
    subscriptions.thinkWords(input.keyword),
  );
  endpointRoute(app, dependencies, monitorRecommendKeywordEndpoint, ({ input }) =>
    subscriptions.recommendKeywords(input.size),
  );
}

import { dashboardEndpoint, dataStatisticsEndpoint, marketAnalysisEndpoint } from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { gateService } from '../gates/service';
import { type EndpointRouteDependencies, endpointRoute, type SignedIn } from '../http/endpoint-route';
import { searchIndex } from '../search/search-index';
import type { Tenant } from '../tenants/queries';
import { analysisService } from './service';

export interface AnalysisRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  /** Where the reads that may be a moment old go (a read replica, src/db/read-replicas.ts); default: `db`. */
  readDb?: Database;
  clock: Clock;
}

/** Market analysis, the data board and enterprise data statistics (src/analysis/README.md). */
export function analysisRoutes(app: FastifyInstance, dependencies: AnalysisRouteDependencies) {
  const { db, clock } = dependencies;
  const readDb = dependencies.readDb ?? db;
  const analysis = analysisService(db, gateService(db), searchIndex, readDb);
  const caller = (tenant: Tenant, signedIn: SignedIn) => ({ tenant, userId: signedIn.userId, now: clock() });

  endpointRoute(app, dependencies, marketAnalysisEndpoint, ({ input, tenant, signedIn }) =>
    analysis.market(caller(tenant, signedIn), input),
  );
  endpointRoute(app, dependencies, dashboardEndpoint, ({ tenant, signedIn }) =>
    analysis.dashboard(caller(tenant, signedIn)),
  );
  endpointRoute(app, dependencies, dataStatisticsEndpoint, ({ input, tenant, signedIn }) =>
    analysis.dataStatistics(caller(tenant, signedIn), input),
  );
}

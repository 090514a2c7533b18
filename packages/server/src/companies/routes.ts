import {
  clickEnterpriseNameEndpoint,
  companyAtlasEndpoint,
  companyDetailEndpoint,
  companyHistoryEndpoint,
  companyPartnersEndpoint,
  companyPhoneBookEndpoint,
  companySearchEndpoint,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { gateService } from '../gates/service';
import type { EndpointRouteDependencies, SignedIn } from '../http/endpoint-route';
import { endpointRoute } from '../http/endpoint-route';
import type { Tenant } from '../tenants/queries';
import { companyService } from './service';

export interface CompanyRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  /** Where the reads that may be a moment old go (a read replica, src/db/read-replicas.ts); default: `db`. */
  readDb?: Database;
  clock: Clock;
}

/** Company search, profile, history, partners, atlas and phone book (src/companies/README.md). */
export function companyRoutes(app: FastifyInstance, dependencies: CompanyRouteDependencies) {
  const { db, clock } = dependencies;
  const readDb = dependencies.readDb ?? db;
  const companies = companyService(db, gateService(db), readDb);
  const caller = (tenant: Tenant, signedIn: SignedIn) => ({ tenant, userId: signedIn.userId, now: clock() });

  endpointRoute(app, dependencies, companySearchEndpoint, ({ input }) => companies.search(input));
  endpointRoute(app, dependencies, companyDetailEndpoint, ({ input, tenant, signedIn }) =>
    companies.profile(caller(tenant, signedIn), input.companyId),
  );
  endpointRoute(app, dependencies, companyHistoryEndpoint, ({ input, tenant, signedIn }) =>
    companies.history(caller(tenant, signedIn), input),
  );
  endpointRoute(app, dependencies, companyPartnersEndpoint, ({ input, tenant, signedIn }) =>
    companies.partners(caller(tenant, signedIn), input.companyId),
  );
  endpointRoute(app, dependencies, companyAtlasEndpoint, ({ input, tenant, signedIn }) =>
    companies.atlas(caller(tenant, signedIn), input.companyId, input.limit),
  );
  endpointRoute(app, dependencies, companyPhoneBookEndpoint, ({ input, tenant, signedIn }) =>
    companies.phoneBook(caller(tenant, signedIn), input.companyId),
  );
  endpointRoute(app, dependencies, clickEnterpriseNameEndpoint, ({ input, tenant, signedIn }) =>
    companies.recordNameClick(caller(tenant, signedIn), input),
  );
}

import {
  enterpriseAccountListEndpoint,
  enterpriseAccountRemoveEndpoint,
  enterpriseAccountUpdateEndpoint,
  enterpriseAllowJoinEndpoint,
  enterpriseInviteQrcodeEndpoint,
  enterpriseJoinEndpoint,
  getSubAccountEndpoint,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { requestBaseUrl } from '../http/base-url';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { ENTERPRISE_JOIN_PATH } from '../menus/menu-definition';
import { enterpriseService } from './service';

export interface EnterpriseRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

/** spec §7 User and account: the enterprise relation, and the main account's management of its sub-accounts. */
export function enterpriseRoutes(app: FastifyInstance, dependencies: EnterpriseRouteDependencies) {
  const enterprises = enterpriseService(dependencies.db, dependencies.clock);

  endpointRoute(app, dependencies, getSubAccountEndpoint, ({ tenant, signedIn }) =>
    enterprises.relation(tenant.id, signedIn.userId),
  );

  endpointRoute(app, dependencies, enterpriseAccountListEndpoint, ({ input, tenant, signedIn }) =>
    enterprises.list(tenant.id, signedIn.userId, input.pageNumber, input.pageSize),
  );

  endpointRoute(app, dependencies, enterpriseAccountRemoveEndpoint, ({ input, tenant, signedIn }) =>
    enterprises.remove(tenant.id, signedIn.userId, input.userId),
  );

  endpointRoute(app, dependencies, enterpriseAllowJoinEndpoint, ({ input, tenant, signedIn }) =>
    enterprises.setAllowJoin(tenant.id, signedIn.userId, input.allowJoin),
  );

  endpointRoute(app, dependencies, enterpriseAccountUpdateEndpoint, ({ input, tenant, signedIn }) =>
    enterprises.update(tenant.id, signedIn.userId, input),
  );

  // The QR code opens the brand's web app (served under /<brand>/, hash routing) on the join screen, which the
  // server menu routes (src/menus/menu-definition.ts); signed in there, the user accepts with `join`.
  endpointRoute(app, dependencies, enterpriseInviteQrcodeEndpoint, ({ input, tenant, signedIn, request }) =>
    enterprises.invite(
      tenant.id,
      signedIn.userId,
      input.primaryUserId,
      (invite) =>
        `${requestBaseUrl(request)}/${tenant.id}/#${ENTERPRISE_JOIN_PATH}?invite=${encodeURIComponent(invite)}`,
    ),
  );

  endpointRoute(app, dependencies, enterpriseJoinEndpoint, ({ input, tenant, signedIn }) =>
    enterprises.join(tenant.id, signedIn.userId, input.invite),
  );
}

import { listMenuEndpoint } from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { membershipSummary } from '../users/membership-summary';
import { MENU } from './menu-definition';
import { visibleMenu } from './visible-menu';

export interface MenuRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

/** spec §7 `userMenu/listMenu`: the menu tree, decided on the server from the brand and the user's membership. */
export function menuRoutes(app: FastifyInstance, dependencies: MenuRouteDependencies) {
  endpointRoute(app, dependencies, listMenuEndpoint, async ({ tenant, signedIn }) => {
    const membership = await membershipSummary(
      dependencies.db,
      { id: signedIn.userId, brandId: tenant.id },
      dependencies.clock(),
    );
    return visibleMenu(MENU, {
      showAnalysis: tenant.showAnalysis,
      showExport: tenant.showExport,
      allowPay: tenant.allowPay,
      newDemandMode: tenant.newDemandMode,
      primaryUser: membership.primaryUser,
      memberCode: membership.memberCode,
    });
  });
}

import {
  jumpPermissionEndpoint,
  listMemberUpgradeEndpoint,
  memberListEndpoint,
  memberPrivilegeListEndpoint,
  memberTypeListEndpoint,
} from '@tender/contracts';
import {
  formatDateTime,
  isPrivilegeGranted,
  MEMBERSHIP_ROW_ACTIVE_FLAG,
  memberLevelRank,
} from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { comparisonTable } from './comparison-table';
import { levelCatalog, loadMembership, periodAreaText } from './service';

export interface MembershipRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

/** spec §7 Membership and orders: the brand's levels, the comparison table, the landing jump, 服务期明细. */
export function membershipRoutes(app: FastifyInstance, dependencies: MembershipRouteDependencies) {
  const { db, clock } = dependencies;

  endpointRoute(
    app,
    dependencies,
    memberListEndpoint,
    async ({ tenant }) => (await levelCatalog(db, tenant.id)).levels,
  );

  endpointRoute(app, dependencies, memberTypeListEndpoint, async ({ tenant }) =>
    (await levelCatalog(db, tenant.id)).levels
      .filter((level) => level.onSale)
      .map(({ memberCode, memberName, memberDesc, status }) => ({
        memberCode,
        memberName,
        memberDesc,
        status,
      })),
  );

  endpointRoute(app, dependencies, memberPrivilegeListEndpoint, async ({ tenant }) =>
    comparisonTable(tenant, (await levelCatalog(db, tenant.id)).levels),
  );

  // spec §2 route guard step 3: -1 lands on /subscribe/bidding, anything else on /subscribe/upfront
  endpointRoute(app, dependencies, jumpPermissionEndpoint, async ({ tenant, signedIn }) => {
    const [membership, levels] = await Promise.all([
      loadMembership(db, tenant.id, signedIn.userId, clock()),
      levelCatalog(db, tenant.id),
    ]);
    return isPrivilegeGranted(levels.privilege(membership.level, 'subscribeDesignedProject')) ? 1 : -1;
  });

  endpointRoute(app, dependencies, listMemberUpgradeEndpoint, async ({ tenant, signedIn }) => {
    const [membership, levels] = await Promise.all([
      loadMembership(db, tenant.id, signedIn.userId, clock()),
      levelCatalog(db, tenant.id),
    ]);
    return membership.periods.map((period) => ({
      levelId: memberLevelRank(period.level),
      memberCode: period.level,
      memberName: levels.get(period.level)?.memberName ?? period.level,
      // spec §2: isActive 0 marks the level in use ('（正在使用中）')
      isActive: period.isActive ? MEMBERSHIP_ROW_ACTIVE_FLAG : (1 as const),
      expireDate: formatDateTime(period.expiresAt),
      payArea: periodAreaText(period),
    }));
  });
}

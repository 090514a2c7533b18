import {
  authGetProjectMonitorPermissionEndpoint,
  designedCountSeeAuthEndpoint,
  downloadAnnouncementAuthEndpoint,
  downloadAttachmentsAuthEndpoint,
  getDetailLinkPermissionEndpoint,
  getPermissionNumEndpoint,
  getProjectMonitorPermissionEndpoint,
  improveInformationAuthEndpoint,
  type PrivilegeKey,
  pcLoginAuthEndpoint,
  preProjectDetailAuthEndpoint,
  shenPiProjectAuthEndpoint,
  toubiaoPredictAuthEndpoint,
} from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { type EndpointRouteDependencies, endpointRoute, type SignedIn } from '../http/endpoint-route';
import { messages } from '../messages';
import type { Tenant } from '../tenants/queries';
import { type GateItem, type ItemLocator, tenderItemLocator } from './item-locator';
import { type GateCheck, gateService } from './service';

export interface GateRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
  /** Finds the items the checks name; default: the tender data (`tender_item`). */
  items?: ItemLocator;
}

/** Which privilege an item-check endpoint spends, by the item's type; a type not listed is not found. */
type PrivilegeByKind = (kind: string) => PrivilegeKey | undefined;

const anyKind =
  (privilege: PrivilegeKey): PrivilegeByKind =>
  () =>
    privilege;

const onlyKinds =
  (byKind: Record<string, PrivilegeKey>): PrivilegeByKind =>
  (kind) =>
    byKind[kind];

/** The item checks of spec §7: each names an item by id, and spends (or checks) one privilege for it. */
const ITEM_CHECKS: readonly {
  /** Every item check takes `{id}` and answers the gate's pass. */
  endpoint: typeof preProjectDetailAuthEndpoint;
  privilege: PrivilegeByKind;
  mode: GateCheck['mode'];
}[] = [
  // 招标预告/商机 and 采购意向 open the same detail screen (spec §2 /forecastDetail)
  {
    endpoint: preProjectDetailAuthEndpoint,
    privilege: onlyKinds({ yg: 'preProjectDetail', yx: 'purchaseDetail' }),
    mode: 'spend',
  },
  {
    endpoint: designedCountSeeAuthEndpoint,
    privilege: onlyKinds({ nj: 'watchDesignedProject' }),
    mode: 'spend',
  },
  {
    endpoint: improveInformationAuthEndpoint,
    privilege: onlyKinds({ nj: 'watchDesignedProjectConnector' }),
    mode: 'spend',
  },
  { endpoint: shenPiProjectAuthEndpoint, privilege: onlyKinds({ sp: 'shenPiProject' }), mode: 'spend' },
  { endpoint: getDetailLinkPermissionEndpoint, privilege: anyKind('detailLink'), mode: 'spend' },
  { endpoint: downloadAnnouncementAuthEndpoint, privilege: anyKind('downloadAnnouncement'), mode: 'spend' },
  { endpoint: downloadAttachmentsAuthEndpoint, privilege: anyKind('downloadExpansion'), mode: 'check' },
];

/** spec §7 Permission checks, all answered by the gate service (src/gates/service.ts). */
export function gateRoutes(app: FastifyInstance, dependencies: GateRouteDependencies) {
  const { db, clock } = dependencies;
  const gates = gateService(db);
  const items = dependencies.items ?? tenderItemLocator(db);
  const caller = (tenant: Tenant, signedIn: SignedIn) => ({ tenant, userId: signedIn.userId, now: clock() });

  async function itemOf(id: number): Promise<GateItem> {
    const item = await items.find(id);
    if (!item) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.gates.itemNotFound);
    return item;
  }

  for (const check of ITEM_CHECKS) {
    endpointRoute(app, dependencies, check.endpoint, async ({ input, tenant, signedIn }) => {
      const item = await itemOf(input.id);
      const privilege = check.privilege(item.kind);
      if (!privilege) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.gates.itemNotFound);
      return gates.enforce(caller(tenant, signedIn), { privilege, item, mode: check.mode });
    });
  }

  endpointRoute(app, dependencies, toubiaoPredictAuthEndpoint, async ({ input, tenant, signedIn }) => {
    const item = input.id === undefined ? undefined : await itemOf(input.id);
    return gates.enforce(caller(tenant, signedIn), {
      privilege: 'toubiaoPredict',
      item,
      mode: item ? 'spend' : 'check',
    });
  });

  endpointRoute(app, dependencies, pcLoginAuthEndpoint, async ({ tenant, signedIn }) =>
    gates.enforce(caller(tenant, signedIn), { privilege: 'havePcLogin', mode: 'peek' }),
  );

  endpointRoute(app, dependencies, getPermissionNumEndpoint, async ({ input, tenant, signedIn }) =>
    gates.enforce(caller(tenant, signedIn), { privilege: input.type, mode: 'peek' }),
  );

  for (const endpoint of [getProjectMonitorPermissionEndpoint, authGetProjectMonitorPermissionEndpoint]) {
    endpointRoute(app, dependencies, endpoint, async ({ tenant, signedIn }) =>
      gates.enforce(caller(tenant, signedIn), { privilege: 'projectMonitor', mode: 'peek' }),
    );
  }
}

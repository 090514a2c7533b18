import {
  allMonitorEndpoint,
  companyMonitorDeleteEndpoint,
  companyMonitorListEndpoint,
  companyMonitorSaveEndpoint,
  getDocumentIsMonitorEndpoint,
  projectMonitorListEndpoint,
  saveOrUpdateProjectMonitorEndpoint,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { monitoringService } from './service';

export interface MonitoringRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

/** Company and project monitors (spec §3 Customized state, §7 project-monitor/*). */
export function monitoringRoutes(app: FastifyInstance, dependencies: MonitoringRouteDependencies) {
  const monitors = monitoringService(dependencies.db, dependencies.clock);
  const callerOf = (tenant: Parameters<typeof monitors.projectList>[0]['tenant'], userId: number) => ({
    tenant,
    userId,
  });

  endpointRoute(app, dependencies, getDocumentIsMonitorEndpoint, ({ input, tenant, signedIn }) =>
    monitors.isMonitored(callerOf(tenant, signedIn.userId), input.id),
  );
  endpointRoute(app, dependencies, saveOrUpdateProjectMonitorEndpoint, ({ input, tenant, signedIn }) =>
    monitors.setProjectMonitor(callerOf(tenant, signedIn.userId), input.id, input.isMonitor === '1'),
  );
  endpointRoute(app, dependencies, projectMonitorListEndpoint, ({ tenant, signedIn }) =>
    monitors.projectList(callerOf(tenant, signedIn.userId)),
  );
  endpointRoute(app, dependencies, companyMonitorListEndpoint, ({ input, tenant, signedIn }) =>
    monitors.companyList(callerOf(tenant, signedIn.userId), input.role),
  );
  endpointRoute(app, dependencies, companyMonitorSaveEndpoint, ({ input, tenant, signedIn }) =>
    monitors.addCompany(callerOf(tenant, signedIn.userId), input),
  );
  endpointRoute(app, dependencies, companyMonitorDeleteEndpoint, ({ input, tenant, signedIn }) =>
    monitors.removeCompany(callerOf(tenant, signedIn.userId), input.id),
  );
  endpointRoute(app, dependencies, allMonitorEndpoint, ({ input, tenant, signedIn }) =>
    monitors.allMonitors(callerOf(tenant, signedIn.userId), input.size),
  );
}

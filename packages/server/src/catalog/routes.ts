import {
  approvalStageEndpoint,
  customerMobileEndpoint,
  dictDetailEndpoint,
  documentTypeEndpoint,
  industryListEndpoint,
  selAreaEndpoint,
  selDictDetailEndpoint,
  selThreeLevelAreaEndpoint,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/database';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { APPROVAL_STAGES } from './approval-stages';
import { areaCatalog } from './area-catalog';
import { DOCUMENT_TYPES } from './document-types';
import { INDUSTRIES } from './industries';
import { catalogService } from './service';

/**
 * spec §7 Common: the lists the login, profile and search pages need. National data (areas, industries,
 * announcement types, approval stages) is fixed for the life of the process; dictionaries and contact ways are
 * the brand's own and read from the database on each call.
 */
export function catalogRoutes(app: FastifyInstance, db: Database, dependencies: EndpointRouteDependencies) {
  const catalog = catalogService(db);

  endpointRoute(app, dependencies, selAreaEndpoint, async () => areaCatalog().selAreaJson);
  endpointRoute(app, dependencies, selThreeLevelAreaEndpoint, async () => areaCatalog().provinces);

  endpointRoute(app, dependencies, selDictDetailEndpoint, ({ input, tenant }) =>
    catalog.dictionariesByName(tenant.id, input.dictNames),
  );
  endpointRoute(app, dependencies, dictDetailEndpoint, ({ input, tenant }) =>
    catalog.dictionaryPage(tenant.id, input.dictName, input.page, input.size),
  );

  endpointRoute(app, dependencies, industryListEndpoint, async () => [...INDUSTRIES]);
  endpointRoute(app, dependencies, documentTypeEndpoint, async ({ input }) =>
    DOCUMENT_TYPES.filter((type) => input.group === undefined || type.group === input.group),
  );
  endpointRoute(app, dependencies, approvalStageEndpoint, async ({ input }) =>
    APPROVAL_STAGES.filter((stage) => input.phase === undefined || stage.phase === input.phase),
  );

  endpointRoute(app, dependencies, customerMobileEndpoint, ({ tenant }) => catalog.customerContacts(tenant));
}

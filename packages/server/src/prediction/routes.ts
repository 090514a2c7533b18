import {
  getEmailForExportAnalysisProjectEndpoint,
  globalParamsSchema,
  judgeProjectAnalysisEndpoint,
  projectAnalysisDockingSubmitOrderEndpoint,
  projectAnalysisExportEndpoint,
  projectAnalysisViewEndpoint,
  showDockingPriceEndpoint,
  toubiaoForecastListEndpoint,
  toubiaoListEndpoint,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { attachmentDisposition } from '../details/routes';
import { EXPORT_FILE_TYPE } from '../export/service';
import { gateService } from '../gates/service';
import { BusinessError } from '../http/business-error';
import {
  bearerToken,
  type EndpointRouteDependencies,
  endpointRoute,
  type SignedIn,
} from '../http/endpoint-route';
import { validate } from '../http/validation';
import { searchIndex } from '../search/search-index';
import type { Tenant } from '../tenants/queries';
import { predictionService } from './service';

export interface PredictionRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
}

/** Potential bidders and project analysis (spec §7 Detail and downloads; src/prediction/README.md). */
export function predictionRoutes(app: FastifyInstance, dependencies: PredictionRouteDependencies) {
  const { db, clock } = dependencies;
  const prediction = predictionService(db, gateService(db), searchIndex);
  const caller = (tenant: Tenant, signedIn: SignedIn) => ({ tenant, userId: signedIn.userId, now: clock() });

  endpointRoute(app, dependencies, toubiaoForecastListEndpoint, ({ input, tenant, signedIn }) =>
    prediction.forecast(caller(tenant, signedIn), input),
  );
  endpointRoute(app, dependencies, toubiaoListEndpoint, ({ input, tenant, signedIn }) =>
    prediction.evidence(caller(tenant, signedIn), input),
  );
  endpointRoute(app, dependencies, judgeProjectAnalysisEndpoint, ({ tenant, signedIn }) =>
    prediction.judge(caller(tenant, signedIn)),
  );
  endpointRoute(app, dependencies, getEmailForExportAnalysisProjectEndpoint, ({ input, tenant, signedIn }) =>
    prediction.analysisEmail(caller(tenant, signedIn), input),
  );
  endpointRoute(app, dependencies, projectAnalysisViewEndpoint, ({ input, tenant, signedIn }) =>
    prediction.analysisView(caller(tenant, signedIn), input.id),
  );
  endpointRoute(app, dependencies, showDockingPriceEndpoint, async () => prediction.dockingPrice());
  endpointRoute(app, dependencies, projectAnalysisDockingSubmitOrderEndpoint, ({ input, tenant, signedIn }) =>
    prediction.submitDocking(caller(tenant, signedIn), input),
  );

  // A file, not the envelope: the same checks as endpointRoute; refusals are thrown as the JSON envelope.
  app.post(projectAnalysisExportEndpoint.path, async (request, reply) => {
    const fields = {
      ...((request.query as Record<string, unknown>) ?? {}),
      ...((request.body as Record<string, unknown>) ?? {}),
    };
    const globals = validate(globalParamsSchema, fields);
    if (!globals.ok) throw new BusinessError(400, globals.message);
    const input = validate(projectAnalysisExportEndpoint.request, fields);
    if (!input.ok) throw new BusinessError(400, input.message);
    if (!dependencies.authenticator)
      throw new Error(`${projectAnalysisExportEndpoint.path} needs an authenticator`);
    const { tenant, signedIn } = await dependencies.authenticator.authenticate(
      globals.value.brand,
      bearerToken(request),
      'user',
    );
    const file = await prediction.analysisWorkbook(caller(tenant, signedIn), input.value.id);
    return reply
      .header('content-type', EXPORT_FILE_TYPE)
      .header(
        'content-disposition',
        attachmentDisposition(file.fileName, `project-analysis-${input.value.id}.xlsx`),
      )
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });
}

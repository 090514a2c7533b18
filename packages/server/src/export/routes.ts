import {
  dataExportOrderEndpoint,
  dataExportOrderInitEndpoint,
  exportFileEndpoint,
  exportRecordListEndpoint,
  getLastExportConditionEndpoint,
  getNowNumStatusEndpoint,
  getWordNumEndpoint,
  globalParamsSchema,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { attachmentDisposition } from '../details/routes';
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
import type { FileStore } from '../storage/file-store';
import type { Tenant } from '../tenants/queries';
import { EXPORT_FILE_TYPE, EXPORT_RESUME_INTERVAL_MS, exportService } from './service';

export interface ExportRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
  /** Where the files are kept (src/storage). */
  exportFiles: FileStore;
}

/** spec §7 Export and 我的导出记录. */
export function exportRoutes(app: FastifyInstance, dependencies: ExportRouteDependencies) {
  const { db, clock } = dependencies;
  const gates = gateService(db);
  const exports = exportService({
    db,
    index: searchIndex,
    files: dependencies.exportFiles,
    log: app.log,
  });
  // A crash may have left exports half written: take them up once the server is ready, and on PostgreSQL keep
  // looking for those of nodes that died.
  let resumeTimer: NodeJS.Timeout | undefined;
  const resume = () =>
    exports.resumeInterrupted().catch((error: unknown) => app.log.error(error, 'resuming exports failed'));
  app.addHook('onReady', async () => {
    await resume();
    if (db.kind === 'postgres') resumeTimer = setInterval(resume, EXPORT_RESUME_INTERVAL_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(resumeTimer);
    await exports.settle();
  });
  const caller = (tenant: Tenant, signedIn: SignedIn) => ({ tenant, userId: signedIn.userId, now: clock() });

  endpointRoute(app, dependencies, dataExportOrderInitEndpoint, ({ input, tenant, signedIn }) =>
    exports.preview(caller(tenant, signedIn), input),
  );

  endpointRoute(app, dependencies, dataExportOrderEndpoint, ({ input, tenant, signedIn }) =>
    exports.order(caller(tenant, signedIn), input),
  );

  endpointRoute(app, dependencies, getLastExportConditionEndpoint, ({ signedIn }) =>
    exports.lastConditions(signedIn.userId),
  );

  endpointRoute(app, dependencies, getWordNumEndpoint, ({ tenant, signedIn }) =>
    gates.enforce(caller(tenant, signedIn), { privilege: 'downloadProject', mode: 'peek' }),
  );

  endpointRoute(app, dependencies, getNowNumStatusEndpoint, ({ input, signedIn }) =>
    exports.status(signedIn.userId, input.id),
  );

  endpointRoute(app, dependencies, exportRecordListEndpoint, ({ input, signedIn }) =>
    exports.list(signedIn.userId, input.pageNumber, input.pageSize),
  );

  // A file, not the envelope: the same checks as endpointRoute; refusals are thrown as the JSON envelope.
  app.get(exportFileEndpoint.path, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const globals = validate(globalParamsSchema, query);
    if (!globals.ok) throw new BusinessError(400, globals.message);
    const input = validate(exportFileEndpoint.request, query);
    if (!input.ok) throw new BusinessError(400, input.message);
    if (!dependencies.authenticator) throw new Error(`${exportFileEndpoint.path} needs an authenticator`);
    const { signedIn } = await dependencies.authenticator.authenticate(
      globals.value.brand,
      bearerToken(request),
      'user',
    );
    const file = await exports.file(signedIn.userId, input.value.id);
    return reply
      .header('content-type', EXPORT_FILE_TYPE)
      .header('content-disposition', attachmentDisposition(file.fileName, `export-${input.value.id}.xlsx`))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .send(file.stream);
  });
}

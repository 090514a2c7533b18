import {
  downloadDocumentEndpoint,
  getDetailLinkEndpoint,
  getProjectDocumentsEndpoint,
  globalParamsSchema,
  isFirstTimeDownloadAnnouncementEndpoint,
  itemQrcodeEndpoint,
  selDesignedInfoEndpoint,
  selMedicalDetailsEndpoint,
  selZhaobiaoDetailsEndpoint,
  selZhongbiaoDetailsEndpoint,
} from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { gateService } from '../gates/service';
import { historyService } from '../history/service';
import { requestBaseUrl } from '../http/base-url';
import { BusinessError } from '../http/business-error';
import {
  bearerToken,
  type EndpointRouteDependencies,
  endpointRoute,
  type SignedIn,
} from '../http/endpoint-route';
import { validate } from '../http/validation';
import type { Tenant } from '../tenants/queries';
import type { PhoneCodeService } from './phone-code';
import { DETAIL_TYPES, detailService, TEXT_FILE_TYPE } from './service';

export interface DetailRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  clock: Clock;
  phoneCode: PhoneCodeService;
}

/**
 * `Content-Disposition` for a download with a Chinese name: an ASCII `filename` for old clients and the real name
 * as RFC 5987 `filename*=UTF-8''…` (RFC 6266 §4.3: clients that understand it prefer it).
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}

/** spec §7 Detail and downloads: the detail screens, the source link, the project's documents and the download. */
export function detailRoutes(app: FastifyInstance, dependencies: DetailRouteDependencies) {
  const { db, clock } = dependencies;
  const details = detailService(db, gateService(db), historyService(db));
  const caller = (tenant: Tenant, signedIn: SignedIn) => ({ tenant, userId: signedIn.userId, now: clock() });

  endpointRoute(app, dependencies, selZhaobiaoDetailsEndpoint, async ({ input, tenant, signedIn }) =>
    details.view(caller(tenant, signedIn), input.id, DETAIL_TYPES.announcements),
  );

  endpointRoute(app, dependencies, selZhongbiaoDetailsEndpoint, async ({ input, tenant, signedIn }) =>
    details.view(caller(tenant, signedIn), input.id, DETAIL_TYPES.awards),
  );

  endpointRoute(app, dependencies, selMedicalDetailsEndpoint, async ({ input, tenant, signedIn }) =>
    details.medical(caller(tenant, signedIn), input.id),
  );

  endpointRoute(app, dependencies, selDesignedInfoEndpoint, async ({ input, tenant, signedIn }) =>
    details.view(caller(tenant, signedIn), input.id, DETAIL_TYPES.projects, {
      unlockContacts: input.showContact,
    }),
  );

  endpointRoute(app, dependencies, getDetailLinkEndpoint, async ({ input, tenant, signedIn }) =>
    details.detailLink(caller(tenant, signedIn), input.id),
  );

  endpointRoute(
    app,
    dependencies,
    isFirstTimeDownloadAnnouncementEndpoint,
    async ({ input, tenant, signedIn }) => details.isFirstDownloadToday(caller(tenant, signedIn), input.id),
  );

  endpointRoute(app, dependencies, itemQrcodeEndpoint, ({ input, tenant, request }) =>
    dependencies.phoneCode(tenant, input.id, requestBaseUrl(request)),
  );

  endpointRoute(app, dependencies, getProjectDocumentsEndpoint, async ({ input, tenant, signedIn }) =>
    details.projectDocuments(caller(tenant, signedIn), input.id),
  );

  // A file, not the envelope: the same checks as endpointRoute (global parameters, input, tenant, session), and
  // every refusal thrown as a BusinessError, which the error handler answers as the envelope (app.ts).
  app.get(downloadDocumentEndpoint.path, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const globals = validate(globalParamsSchema, query);
    if (!globals.ok) throw new BusinessError(400, globals.message);
    const input = validate(downloadDocumentEndpoint.request, query);
    if (!input.ok) throw new BusinessError(400, input.message);
    if (!dependencies.authenticator)
      throw new Error(`${downloadDocumentEndpoint.path} needs an authenticator`);
    const { tenant, signedIn } = await dependencies.authenticator.authenticate(
      globals.value.brand,
      bearerToken(request),
      'user',
    );
    const file = await details.document(caller(tenant, signedIn), input.value.id);
    return reply
      .header('content-type', TEXT_FILE_TYPE)
      .header('content-disposition', attachmentDisposition(file.fileName, `tender-${input.value.id}.txt`))
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.content);
  });
}

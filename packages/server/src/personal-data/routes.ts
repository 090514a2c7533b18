import { cancelAccountEndpoint, personalDataEndpoint } from '@tender/contracts';
import type { FastifyInstance } from 'fastify';
import type { sessionService } from '../auth/sessions';
import type { SmsCodeService } from '../auth/sms-codes';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { exportFileKey } from '../export/service';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import type { FileStores } from '../storage/file-store';
import { avatarStore } from '../users/avatar';
import { cancelAccount } from './cancellation';
import { personalDataCopy } from './copy';

export interface PersonalDataRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  codes: SmsCodeService;
  /** Told that the account's sessions ended, so its open websockets close at once (push/websocket.ts). */
  sessions: Pick<ReturnType<typeof sessionService>, 'ended'>;
  clock: Clock;
  /** The avatar and the export files go with the account. */
  files: FileStores;
}

/** Personal information (PIPL, docs/operations.md): the copy of one's own data, and cancelling the account. */
export function personalDataRoutes(app: FastifyInstance, dependencies: PersonalDataRouteDependencies) {
  const { db, codes, clock } = dependencies;
  const avatars = avatarStore(dependencies.files.avatars);

  endpointRoute(app, dependencies, personalDataEndpoint, ({ tenant, signedIn }) =>
    personalDataCopy(
      db,
      { brandId: tenant.id, userId: signedIn.userId, mobile: signedIn.account.mobile },
      clock(),
    ),
  );

  endpointRoute(app, dependencies, cancelAccountEndpoint, async ({ input, tenant, signedIn, request }) => {
    await codes.verify(tenant.id, signedIn.account.mobile, 'cancelAccount', input.code);
    const cancelled = await cancelAccount(
      db,
      { brandId: tenant.id, userId: signedIn.userId, ip: request.ip },
      clock(),
    );
    dependencies.sessions.ended(signedIn.userId);
    // The files after the commit: a failed removal leaves an orphan file, never a half-cancelled account.
    const removals = [
      avatars.remove(cancelled.headimgurl),
      ...cancelled.exportIds.map((id) => dependencies.files.exports.remove(exportFileKey(id))),
    ];
    for (const removal of await Promise.allSettled(removals)) {
      if (removal.status === 'rejected')
        request.log.warn({ err: removal.reason }, 'could not remove a file of a cancelled account');
    }
    return null;
  });
}

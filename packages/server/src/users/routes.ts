import fastifyMultipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  checkPerfectInfoEndpoint,
  getOrInitPreferenceEndpoint,
  isFirstConcernEndpoint,
  perfectEndpoint,
  type UploadedFile,
  updatePhoneEndpoint,
  updatePreferenceEndpoint,
  updateUserEndpoint,
  uploadAvatarEndpoint,
  userCenterEndpoint,
  userDetailEndpoint,
} from '@tender/contracts';
import { displayModeOrDefault, RESPONSE_CODES } from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import { recordAudit, userActor } from '../audit/audit-log';
import type { SmsCodeService } from '../auth/sms-codes';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { requestBaseUrl } from '../http/base-url';
import { BusinessError } from '../http/business-error';
import { type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { messages } from '../messages';
import type { FileStore } from '../storage/file-store';
import { AVATAR_URL_PREFIX, avatarStore, sniffImageType } from './avatar';
import { missingProfileFields } from './profile';
import { type UserRecord, userQueries } from './queries';
import { userView } from './user-view';

export interface UserRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  codes: SmsCodeService;
  clock: Clock;
  /** Where avatars are kept (src/storage). */
  avatarFiles: FileStore;
}

const UNIQUE_VIOLATION = '23505';

/** spec §7 User and account: the signed-in user's own account, profile, phone, avatar and preferences. */
export async function userRoutes(app: FastifyInstance, dependencies: UserRouteDependencies) {
  const { db, codes, clock } = dependencies;
  const users = userQueries(db);
  const avatars = avatarStore(dependencies.avatarFiles);

  /** The account an update returned; the session was checked, so no row means the account is gone. */
  function updated(user: UserRecord | undefined): UserRecord {
    if (!user) throw new BusinessError(RESPONSE_CODES.UNAUTHORIZED, messages.auth.sessionInvalid);
    return user;
  }

  /** Which profile fields a call changed (names only: the values are the account's own business). */
  const auditProfile = (brandId: string, userId: number, input: object, ip: string) =>
    recordAudit(db, {
      brandId,
      action: 'account.profile',
      userId,
      actor: userActor(userId),
      ip,
      detail: {
        fields: Object.entries(input).flatMap(([field, value]) => (value === undefined ? [] : [field])),
      },
      at: clock(),
    });

  for (const endpoint of [userCenterEndpoint, userDetailEndpoint]) {
    endpointRoute(app, dependencies, endpoint, async ({ signedIn, request }) =>
      userView(db, signedIn.account, requestBaseUrl(request), clock()),
    );
  }

  endpointRoute(app, dependencies, updateUserEndpoint, async ({ input, tenant, signedIn, request }) => {
    const user = updated(await users.updateProfile(tenant.id, signedIn.userId, input, clock()));
    await auditProfile(tenant.id, signedIn.userId, input, request.ip);
    return userView(db, user, requestBaseUrl(request), clock());
  });

  endpointRoute(app, dependencies, checkPerfectInfoEndpoint, async ({ signedIn }) => {
    const user = signedIn.account;
    const missingFields = missingProfileFields(user);
    return {
      isPerfect: missingFields.length === 0,
      missingFields,
      realUserName: user.realUserName,
      companyName: user.companyName,
      industry: user.industry,
      jobTitle: user.jobTitle,
      email: user.email,
    };
  });

  endpointRoute(app, dependencies, perfectEndpoint, async ({ input, tenant, signedIn, request }) => {
    const user = updated(await users.updateProfile(tenant.id, signedIn.userId, input, clock()));
    await auditProfile(tenant.id, signedIn.userId, input, request.ip);
    return userView(db, user, requestBaseUrl(request), clock());
  });

  endpointRoute(app, dependencies, updatePhoneEndpoint, async ({ input, tenant, signedIn, request }) => {
    const user = signedIn.account;
    if (input.mobile === user.mobile)
      throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.users.samePhone);
    // The code first: only the owner of the new phone learns whether it is taken.
    await codes.verify(tenant.id, input.mobile, 'updatePhone', input.code);
    let moved: UserRecord | undefined;
    try {
      moved = await users.updateMobile(tenant.id, user.id, input.mobile, clock());
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.users.phoneTaken);
      }
      throw error;
    }
    await recordAudit(db, {
      brandId: tenant.id,
      action: 'account.mobile',
      userId: user.id,
      actor: userActor(user.id),
      ip: request.ip,
      detail: { from: user.mobile, to: input.mobile },
      at: clock(),
    });
    return userView(db, updated(moved), requestBaseUrl(request), clock());
  });

  endpointRoute(app, dependencies, getOrInitPreferenceEndpoint, async ({ signedIn }) => ({
    displayMode: displayModeOrDefault(signedIn.account.displayMode),
  }));

  endpointRoute(app, dependencies, updatePreferenceEndpoint, async ({ input, tenant, signedIn }) => {
    const user = updated(
      await users.updateDisplayMode(tenant.id, signedIn.userId, input.displayMode, clock()),
    );
    return { displayMode: displayModeOrDefault(user.displayMode) };
  });

  endpointRoute(app, dependencies, isFirstConcernEndpoint, async ({ input, tenant, signedIn }) => {
    const user = input.markSeen
      ? updated(await users.markGuideSeen(tenant.id, signedIn.userId, clock()))
      : signedIn.account;
    return { isFirstConcern: user.guideSeenAt === null };
  });

  // The avatar upload is the one multipart endpoint: the parser lives in its own scope, so every other endpoint
  // keeps refusing anything but JSON. The file arrives as the `file` field of the body, which the contract
  // validates like any other field.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      attachFieldsToBody: 'keyValues',
      throwFileSizeLimit: false,
      // One byte over the limit tells "too large" from "exactly at the limit".
      limits: { fileSize: AVATAR_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
      async onFile(part) {
        const data = await part.toBuffer();
        part.value = {
          filename: part.filename,
          mimetype: part.mimetype,
          data,
          truncated: part.file.truncated || data.length > AVATAR_MAX_BYTES,
        } satisfies UploadedFile;
      },
    });

    endpointRoute(scope, dependencies, uploadAvatarEndpoint, async ({ input, tenant, signedIn, request }) => {
      const { file } = input;
      if (file.truncated) {
        throw new BusinessError(
          RESPONSE_CODES.BAD_REQUEST,
          messages.users.avatarTooLarge(AVATAR_MAX_BYTES / 2 ** 20),
        );
      }
      if (file.data.length === 0)
        throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.users.avatarEmpty);
      const extension = sniffImageType(file.data);
      if (!extension) throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.users.avatarNotImage);

      const previous = signedIn.account;
      const path = await avatars.save(tenant.id, previous.id, extension, file.data);
      const user = updated(await users.updateHeadimgurl(tenant.id, previous.id, path, clock()));
      await avatars.remove(previous.headimgurl).catch((error: unknown) => {
        request.log.warn({ err: error }, 'could not remove the replaced avatar');
      });
      return { headimgurl: (await userView(db, user, requestBaseUrl(request), clock())).headimgurl };
    });
  });

  app.get<{ Params: { brand: string; file: string } }>(
    `/${AVATAR_URL_PREFIX}/:brand/:file`,
    async (request, reply) => {
      const avatar = await avatars.open(request.params.brand, request.params.file);
      if (!avatar) return reply.code(404).send({ code: 404, data: null, message: messages.notFound });
      return (
        reply
          .header('content-type', avatar.type)
          .header('content-length', avatar.size)
          .header('x-content-type-options', 'nosniff')
          // A new upload gets a new name, so a served file never changes.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(avatar.stream)
      );
    },
  );
}

import {
  awakenEndpoint,
  checkQrcodeEndpoint,
  frozenAccountEndpoint,
  getQrcodeEndpoint,
  globalParamsSchema,
  logoutEndpoint,
  messageLoginEndpoint,
  mobileSchema,
  qrcodeModeEndpoint,
  sendIdentifycodeEndpoint,
  sendMessageCodeEndpoint,
} from '@tender/contracts';
import { maskPhone } from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { requestBaseUrl } from '../http/base-url';
import { BusinessError } from '../http/business-error';
import { bearerToken, type EndpointRouteDependencies, endpointRoute } from '../http/endpoint-route';
import { validate } from '../http/validation';
import { messages } from '../messages';
import { isLoopbackAddress } from '../security/client-network';
import { userQueries } from '../users/queries';
import { requireCurrentConsent } from './consents';
import { qrPageRoutes } from './qr-pages';
import type { AuthServices } from './service';
import type { DevOutbox } from './sms-provider';
import { miniProgramRoutes } from './wechat/mini-program-routes';

export interface AuthRouteDependencies extends EndpointRouteDependencies {
  db: Database;
  auth: AuthServices;
  clock: Clock;
  /** Present only in dev mode (`TENDER_DEV=1`): then `GET /webchat/dev/sms-outbox` is served to loopback callers. */
  outbox: DevOutbox | undefined;
}

const outboxQuerySchema = z.object({ mobile: mobileSchema, brand: globalParamsSchema.shape.brand });

/** spec §7 Login: SMS codes, SMS sign-in, logout, freezing and unfreezing, and the mini-program QR sign-in. */
export async function authRoutes(app: FastifyInstance, dependencies: AuthRouteDependencies) {
  const { auth, outbox } = dependencies;

  // PIPL: no code without consent to the brand's current privacy policy, recorded in the send's transaction
  // once the limits allow it (a refused send records nothing).
  endpointRoute(app, dependencies, sendMessageCodeEndpoint, async ({ input, tenant, request }) => {
    const policyVersion = requireCurrentConsent(tenant, input.consentVersion);
    const account = await userQueries(dependencies.db).findByMobile(tenant.id, input.mobile);
    return auth.codes.send({
      brandId: tenant.id,
      mobile: input.mobile,
      purpose: input.purpose,
      ip: request.ip,
      consent: { policyVersion, channel: 'sms', userId: account?.id ?? null },
    });
  });

  endpointRoute(app, dependencies, sendIdentifycodeEndpoint, async ({ input, tenant, signedIn, request }) => {
    const policyVersion = requireCurrentConsent(tenant, input.consentVersion);
    const { mobile } = signedIn.account;
    const sent = await auth.codes.send({
      brandId: tenant.id,
      mobile,
      purpose: input.purpose,
      ip: request.ip,
      consent: { policyVersion, channel: 'sms', userId: signedIn.userId },
    });
    return { maskedMobile: maskPhone(mobile), ...sent };
  });

  endpointRoute(app, dependencies, messageLoginEndpoint, ({ input, tenant, request }) =>
    auth.signIn.messageLogin(tenant, input, requestBaseUrl(request)),
  );

  endpointRoute(app, dependencies, logoutEndpoint, async ({ tenant, request }) => {
    const token = bearerToken(request);
    if (token) await auth.sessions.revoke(tenant.id, token);
    return null;
  });

  endpointRoute(app, dependencies, frozenAccountEndpoint, async ({ input, tenant, signedIn }) => {
    await auth.signIn.freeze(tenant, signedIn.userId, input.code);
    return null;
  });

  endpointRoute(app, dependencies, awakenEndpoint, ({ input, tenant, request }) =>
    auth.signIn.awaken(tenant, input, requestBaseUrl(request)),
  );

  endpointRoute(app, dependencies, qrcodeModeEndpoint, async () => ({ mode: auth.qrLogin.provider }));

  endpointRoute(app, dependencies, getQrcodeEndpoint, ({ input, tenant, request }) =>
    auth.qrLogin.create(
      tenant,
      {
        remember: input.remember,
        consentVersion: requireCurrentConsent(tenant, input.consentVersion),
        ip: request.ip,
      },
      requestBaseUrl(request),
    ),
  );

  endpointRoute(app, dependencies, checkQrcodeEndpoint, ({ input, tenant, request }) =>
    auth.qrLogin.check(tenant, input.signInId, input.claimSecret, requestBaseUrl(request)),
  );

  // The phone's side: our own confirm page (sandbox) or the mini-program's calls (wechat); neither when off.
  if (auth.qrLogin.provider === 'sandbox') {
    await qrPageRoutes(app, {
      tenants: dependencies.tenants,
      qrLogin: auth.qrLogin,
      codes: auth.codes,
      accounts: auth.signIn,
    });
  }
  if (auth.miniProgram) {
    miniProgramRoutes(app, {
      tenants: dependencies.tenants,
      qrLogin: auth.qrLogin,
      signIn: auth.signIn,
      miniProgram: auth.miniProgram,
    });
  }

  // Not registered outside dev mode, so it answers the ordinary 404 envelope there; in dev mode too for anyone
  // not on this machine. The socket's address, not `request.ip`: with TRUST_PROXY that is X-Forwarded-For, which
  // any caller writes.
  if (outbox) {
    app.get('/webchat/dev/sms-outbox', async (request, reply) => {
      if (!isLoopbackAddress(request.socket.remoteAddress)) return reply.callNotFound();
      const query = validate(outboxQuerySchema, request.query);
      if (!query.ok) throw new BusinessError(400, query.message);
      const tenant = await dependencies.tenants.resolve(query.value.brand);
      const entry = outbox.last(tenant.id, query.value.mobile);
      if (!entry) throw new BusinessError(404, messages.auth.outboxEmpty);
      return { code: 200, data: { mobile: query.value.mobile, ...entry }, message: '成功' };
    });
  }
}

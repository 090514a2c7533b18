import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServiceEnvironment } from '@tender/contracts';
import Fastify, { type FastifyError, type FastifyInstance, LogController } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { analysisRoutes } from './analysis/routes';
import { authRoutes } from './auth/routes';
import { authServices } from './auth/service';
import { consoleSmsProvider, DevOutbox, type SmsProvider } from './auth/sms-provider';
import type { WechatSignInSettings } from './auth/wechat/settings';
import type { BrandSite } from './brand-sites/discover';
import { brandSiteRoutes } from './brand-sites/routes';
import { catalogRoutes } from './catalog/routes';
import { type Clock, systemClock } from './clock';
import { companyRoutes } from './companies/routes';
import { couponRoutes } from './coupons/routes';
import type { Database } from './db/database';
import { phoneCodeService } from './details/phone-code';
import { detailRoutes } from './details/routes';
import { enterpriseRoutes } from './enterprise/routes';
import { serverSecrets } from './enterprise/server-secret';
import { exportRoutes } from './export/routes';
import { gateRoutes } from './gates/routes';
import { environmentRoute } from './health/environment-route';
import type { Readiness } from './health/readiness';
import { healthRoutes } from './health/routes';
import { historyRoutes } from './history/routes';
import { BusinessError } from './http/business-error';
import { EndpointHandlers } from './http/endpoint-route';
import { membershipRoutes } from './membership/routes';
import { menuRoutes } from './menus/routes';
import { messages } from './messages';
import { monitoringRoutes } from './monitoring/routes';
import type { ErrorReporter } from './observability/error-reporting';
import {
  countedSmsProvider,
  countRequests,
  measuredDatabase,
  metricsRoute,
  reportOrderStates,
} from './observability/metrics';
import { answerWithRequestId, requestIdOf } from './observability/request-id';
import { startKeyWebhooks } from './open-api/key-webhooks';
import { DEFAULT_KEY_RATE_LIMIT, type KeyRateLimit } from './open-api/operations';
import { openApiRoutes } from './open-api/routes';
import { startOrderSweep } from './orders/jobs';
import { orderRoutes } from './orders/routes';
import { orderService } from './orders/service';
import { partnerIngestRoutes } from './partner-ingest/routes';
import type { PaymentProvider } from './payments/provider';
import { paymentRoutes } from './payments/routes';
import { sandboxProvider } from './payments/sandbox';
import { personalDataRoutes } from './personal-data/routes';
import { predictionRoutes } from './prediction/routes';
import { serviceEnvironment } from './production-checks';
import type { Mailer } from './push/digest';
import { startDailyDigest } from './push/digest';
import { startFeedPush } from './push/feed-push';
import { internetRobotNetwork, type WebhookNetwork } from './push/webhooks';
import { PushHub } from './push/websocket';
import { renewalRoutes } from './renewal/routes';
import { searchRoutes } from './search/routes';
import { securityHeaders } from './security/headers';
import { LOG_REDACT_PATHS, requestSerializer } from './security/log-redaction';
import { memoryRateCounter, type RateCounter } from './security/rate-counter';
import { counterWithFallback, type RateLimits, rateLimits } from './security/rate-limit';
import { type FileStores, fileStores } from './storage/file-store';
import { subscriptionRoutes } from './subscriptions/routes';
import { tenantService } from './tenants/service';
import { userRoutes } from './users/routes';

export interface ServerDependencies {
  db: Database;
  /**
   * `DATABASE_READ_URL`: where search, market analysis, company pages and the data board read (src/db/read-replicas.ts);
   * default: `db`. Quota spends, writes and reads of one's own writes stay on `db`.
   */
  readDb?: Database;
  sites: BrandSite[];
  defaultBrand: string;
  logger?: boolean;
  /** Where the log lines go when `logger` is on; default: standard output. */
  logStream?: DestinationStream;
  /** The time every rule reads (codes, send limits, sessions); tests pass one they can move. Default: real time. */
  clock?: Clock;
  /** `TENDER_DEV=1`: serves the dev SMS outbox (`GET /webchat/dev/sms-outbox`). Never in production. */
  devMode?: boolean;
  /** The dev mode's outbox; default: a new one (cli/start.ts passes one shared with the other workers). */
  devOutbox?: DevOutbox;
  /** Where uploaded files are kept: `DATA_DIR/uploads` (cli/start.ts). Default: a folder under the OS temp dir. */
  uploadsDir?: string;
  /** Where data exports are written: `DATA_DIR/exports` (cli/start.ts). Default: a new folder under the OS temp dir. */
  exportsDir?: string;
  /** `STORAGE=s3`: avatars and export files in a bucket instead of `uploadsDir` and `exportsDir` (src/storage). */
  files?: FileStores;
  /** Sends SMS codes; default: the `console` provider (log, and the dev outbox in dev mode). */
  sms?: SmsProvider;
  /** `SMS_PROVIDER`: the `provider` label of the SMS metrics; default `console`. */
  smsProviderName?: string;
  /** `SENTRY_DSN`: server errors (the 500s) reported there too, scrubbed (src/observability/error-reporting.ts). */
  errorReporter?: ErrorReporter;
  /** `METRICS_TOKEN`: `GET /metrics` on this port for callers with this bearer token; unset: not served here. */
  metricsToken?: string;
  /** Fastify's `trustProxy` (`TRUST_PROXY`): believe X-Forwarded-* for the client IP, host and protocol. */
  trustProxy?: boolean | string;
  /** `/healthz` answers `starting` until this is ready (cli/start.ts: the demo corpus loads after listening). */
  readiness?: Readiness;
  /** `PAY_PROVIDER`: how orders are paid (src/payments); default: the sandbox, whose QR code opens a page here. */
  payments?: PaymentProvider;
  /** Closes expired orders and reconciles open ones this often (cli/start.ts: every minute); unset: never. */
  orderSweepIntervalMs?: number;
  /** Pushes new subscription matches (websocket, group robots) this often (cli/start.ts: every 500 ms); unset: never. */
  feedPushIntervalMs?: number;
  /** How often the 即将到期 subscriptions are matched for pushing (src/renewal/matches.ts); 60 s unless told. */
  renewalMatchIntervalMs?: number;
  /** How group robot messages reach the robots; default: the internet, public addresses only. Tests pass their fake's. */
  webhookNetwork?: WebhookNetwork;
  /** `SMTP_URL`: sends the daily subscription digest at 08:00 China time; unset: no e-mail. */
  mailer?: Mailer;
  /** `RATE_LIMITS` (src/security/rate-limit.ts); unset: no limits (tests sign hundreds of users in from one IP). */
  rateLimits?: RateLimits;
  /** Where the limits count (`REDIS_URL`: Redis, shared by every node, each process while it fails); default: here. */
  rateCounter?: RateCounter;
  /** `PUBLIC_BASE_URL`: the origin links and QR codes use (src/http/base-url.ts); default: the request's host. */
  publicBaseUrl?: string;
  /** What `GET /webchat/common/environment` tells the client; default: a demo with every sandbox. */
  environment?: ServiceEnvironment;
  /** `WECHAT_PROVIDER` and the mini-program settings (src/auth/wechat); default: the sandbox confirm page. */
  wechatSignIn?: WechatSignInSettings;
  /** Calls per API key and window of the open API and the MCP server (src/open-api); default: 60 a minute. */
  keyRateLimit?: KeyRateLimit;
}

/** The whole HTTP application, ready for `listen()` or for tests through `inject()`. */
export async function buildServer(dependencies: ServerDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // Log lines leave through libuv's thread pool instead of a write on the event loop per line (pino flushes what
    // is left when the process exits).
    logger: dependencies.logger
      ? {
          stream: dependencies.logStream ?? pino.destination({ sync: false }),
          // No secret in a log line: token-bearing URL parameters and credential headers are redacted.
          serializers: { req: requestSerializer },
          redact: { paths: LOG_REDACT_PATHS, censor: '[REDACTED]' },
        }
      : false,
    // One line per request (below) instead of Fastify's two: logging was ~7 % of the server's CPU under load.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: dependencies.trustProxy ?? false,
    // Each log line of a request carries `reqId`: the sane X-Request-Id it came with, or a new UUID.
    requestIdHeader: false,
    genReqId: requestIdOf,
  });
  answerWithRequestId(app);
  // First, before any route: a route takes the handlers in force when it is created, and awaiting a plugin
  // (the multipart and page scopes) creates the routes registered until then.
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ code: 404, data: null, message: messages.notFound });
  });
  app.setErrorHandler((error: FastifyError | BusinessError, request, reply) => {
    if (error instanceof BusinessError) {
      return reply.code(200).send({ code: error.code, data: error.data, message: error.message });
    }
    // Fastify's own refusals (unparseable JSON, wrong content type, body too large) are the client's mistake.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(200).send({ code: 400, data: null, message: messages.badRequestBody(error.code) });
    }
    request.log.error(error);
    dependencies.errorReporter?.report(error, request);
    return reply.code(500).send({ code: 500, data: null, message: messages.serverError });
  });
  if (dependencies.logger) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
      done();
    });
  }
  app.decorate('publicBaseUrl', dependencies.publicBaseUrl ?? null);
  countRequests(app);
  metricsRoute(app, dependencies.metricsToken);
  // Every call of this server is timed and its pool reported (src/observability/metrics.ts).
  const db = measuredDatabase(dependencies.db, 'primary');
  const readDb = dependencies.readDb ?? db;
  const stopOrderStates = reportOrderStates(db);
  app.addHook('onClose', async () => {
    db.stopReporting();
    stopOrderStates();
  });
  const clock = dependencies.clock ?? systemClock;
  const environment = dependencies.environment ?? serviceEnvironment(false, {});
  securityHeaders(app, environment.sentryDsn);
  if (dependencies.rateLimits && Object.keys(dependencies.rateLimits).length > 0) {
    rateLimits(app, dependencies.rateLimits, clock, dependencies.rateCounter);
  }
  const files = dependencies.files ?? localFiles(app, dependencies.uploadsDir, dependencies.exportsDir);
  const tenants = tenantService(db);
  const outbox = dependencies.devMode ? (dependencies.devOutbox ?? new DevOutbox()) : undefined;
  const smsIp = dependencies.rateLimits?.['sms-ip-hour'];
  const auth = authServices(
    db,
    countedSmsProvider(
      dependencies.smsProviderName ?? 'console',
      dependencies.sms ?? consoleSmsProvider(app.log, outbox, clock, dependencies.devMode ?? false),
    ),
    clock,
    app.log,
    tenants,
    // Configured limits decide the SMS sends per IP too (absent there: none); unconfigured, src/auth's own.
    dependencies.rateLimits && (smsIp ? { max: smsIp.max, windowMs: smsIp.windowSeconds * 1000 } : null),
    dependencies.wechatSignIn,
  );
  // Every endpoint that is not public checks its caller through the sessions (src/auth/sessions.ts).
  // The handlers are kept for the open API, which runs them for the callers of API keys (src/open-api).
  const handlers = new EndpointHandlers();
  const routeDependencies = { tenants, authenticator: auth.authenticator, handlers };

  healthRoutes(
    app,
    dependencies.sites.map((site) => site.id),
    dependencies.readiness,
  );
  environmentRoute(app, routeDependencies, environment);
  await brandSiteRoutes(app, dependencies.sites, dependencies.defaultBrand);
  catalogRoutes(app, db, routeDependencies);
  await authRoutes(app, { ...routeDependencies, db: db, auth, clock, outbox });
  await userRoutes(app, {
    ...routeDependencies,
    db: db,
    codes: auth.codes,
    clock,
    avatarFiles: files.avatars,
  });
  enterpriseRoutes(app, { ...routeDependencies, db: db, clock });
  menuRoutes(app, { ...routeDependencies, db: db, clock });
  membershipRoutes(app, { ...routeDependencies, db: db, clock });
  gateRoutes(app, { ...routeDependencies, db: db, clock });
  const payments = dependencies.payments ?? sandboxProvider(serverSecrets(db, clock), clock);
  const orders = orderService({ db: db, clock, provider: payments, log: app.log });
  orderRoutes(app, { ...routeDependencies, db: db, clock, orders });
  couponRoutes(app, { ...routeDependencies, db: db, clock });
  await paymentRoutes(app, { db: db, clock, provider: payments, log: app.log });
  if (dependencies.orderSweepIntervalMs) {
    const stopSweep = startOrderSweep(orders, dependencies.orderSweepIntervalMs, app.log);
    app.addHook('onClose', stopSweep);
  }
  detailRoutes(app, {
    ...routeDependencies,
    db: db,
    clock,
    phoneCode: phoneCodeService(db, auth.wechatSignIn, auth.miniProgram),
  });
  historyRoutes(app, { ...routeDependencies, db: db, clock });
  searchRoutes(app, { ...routeDependencies, db: db, readDb, clock });
  renewalRoutes(app, { ...routeDependencies, db: db, clock });
  subscriptionRoutes(app, { ...routeDependencies, db: db, clock });
  monitoringRoutes(app, { ...routeDependencies, db: db, clock });
  const pushHub = new PushHub(auth.authenticator, { db: db, clock, log: app.log });
  pushHub.attach(app);
  auth.sessions.onEnded((userId) => {
    pushHub.recheckUser(userId);
  });
  if (dependencies.feedPushIntervalMs) {
    const stopPush = startFeedPush({
      db: db,
      hub: pushHub,
      intervalMs: dependencies.feedPushIntervalMs,
      log: app.log,
      now: clock,
      renewalMatchIntervalMs: dependencies.renewalMatchIntervalMs,
      network: dependencies.webhookNetwork ?? internetRobotNetwork,
    });
    app.addHook('onClose', stopPush);
  }
  if (dependencies.feedPushIntervalMs) {
    const stopKeyWebhooks = startKeyWebhooks({
      db: dependencies.db,
      clock,
      network: dependencies.webhookNetwork ?? internetRobotNetwork,
      log: app.log,
      intervalMs: dependencies.feedPushIntervalMs,
    });
    app.addHook('onClose', stopKeyWebhooks);
  }
  if (dependencies.mailer) {
    const stopDigest = startDailyDigest({
      db: db,
      mailer: dependencies.mailer,
      now: clock,
      intervalMs: 60_000,
      log: app.log,
    });
    app.addHook('onClose', async () => stopDigest());
  }
  companyRoutes(app, { ...routeDependencies, db: db, readDb, clock });
  analysisRoutes(app, { ...routeDependencies, db: db, readDb, clock });
  predictionRoutes(app, { ...routeDependencies, db: db, clock });
  exportRoutes(app, { ...routeDependencies, db: db, clock, exportFiles: files.exports });
  personalDataRoutes(app, {
    ...routeDependencies,
    db: db,
    codes: auth.codes,
    sessions: auth.sessions,
    clock,
    files,
  });
  // Last: its operations run the handlers registered above.
  openApiRoutes(app, {
    ...routeDependencies,
    db,
    clock,
    // Shared by the nodes when Redis is configured, each process's own while it fails (as the other limits).
    rateCounter: dependencies.rateCounter
      ? counterWithFallback(dependencies.rateCounter, memoryRateCounter(clock), clock, app.log)
      : memoryRateCounter(clock),
    keyRateLimit: dependencies.keyRateLimit ?? DEFAULT_KEY_RATE_LIMIT,
  });
  partnerIngestRoutes(app, { db, clock });

  return app;
}

/**
 * `STORAGE=local`: DATA_DIR's folders. Without a data directory (tests), an exports folder of this server's own,
 * removed when it closes: export ids start at 1 in every database.
 */
function localFiles(app: FastifyInstance, uploadsDir?: string, exportsDir?: string): FileStores {
  const exports = exportsDir ?? mkdtempSync(join(tmpdir(), 'tender-exports-'));
  if (!exportsDir) app.addHook('onClose', () => rmSync(exports, { recursive: true, force: true }));
  return fileStores({
    kind: 'local',
    uploadsDir: uploadsDir ?? join(tmpdir(), 'tender-uploads'),
    exportsDir: exports,
  });
}

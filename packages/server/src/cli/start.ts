import cluster from 'node:cluster';
import { join } from 'node:path';
import pino from 'pino';
import { buildServer } from '../app';
import { vendorSmsProvider } from '../auth/sms-vendors';
import { discoverBrandSites } from '../brand-sites/discover';
import { systemClock } from '../clock';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { openPostgres } from '../db/postgres';
import { readReplicaRouter } from '../db/read-replicas';
import { readinessGate } from '../health/readiness';
import { loadDemoAtStart } from '../ingest/demo-at-start';
import { sentryReporter } from '../observability/error-reporting';
import { measuredDatabase } from '../observability/metrics';
import { listenForMetrics, processMetrics } from '../observability/metrics-listener';
import { ORDER_SWEEP_INTERVAL_MS } from '../orders/jobs';
import { migrationsDir } from '../paths';
import { createPaymentProvider } from '../payments/factory';
import { demoWarnings, serviceEnvironment } from '../production-checks';
import { smtpMailer } from '../push/digest';
import { indexUnindexedItems } from '../search/reindex';
import { searchIndex } from '../search/search-index';
import { redisRateCounter } from '../security/redis-counter';
import { fileStores } from '../storage/file-store';
import { tenantService } from '../tenants/service';
import { processOutbox } from './workers';

/** New subscription matches reach websockets and robots within this (the goal is 2 s from import). */
const FEED_PUSH_INTERVAL_MS = 500;

/**
 * Migrates, creates the tenants of newly built brands and serves until SIGINT or SIGTERM, which close HTTP
 * first (no request is cut off mid-query) and then the database (PGlite checkpoints and unlocks). On the
 * database's first start it then loads the demo corpus (DEMO_SIZE) while `/healthz` answers `starting`; a signal
 * stops the load after its current batch, and the next start resumes it.
 */
export async function startServer(db: Database, config: ServerConfig): Promise<void> {
  const sites = discoverBrandSites(config.appsDir);
  const applied = await migrate(db, readMigrations(migrationsDir));
  const seeded = await tenantService(db).seed(sites.map((site) => site.manifest));
  const readiness = readinessGate(false);
  const payments = createPaymentProvider(config, db, systemClock);
  searchIndex.resultCache.setBudget(config.searchCacheMegabytes * 1024 * 1024);
  const readDb = config.databaseReadUrls.length > 0 ? await openReadReplicas(db, config) : undefined;
  const errorReporter = config.sentryDsn
    ? sentryReporter(config.sentryDsn, config.production ? 'production' : 'demo')
    : undefined;
  const app = await buildServer({
    db,
    ...(errorReporter ? { errorReporter } : {}),
    ...(readDb ? { readDb } : {}),
    readiness,
    sites,
    defaultBrand: config.defaultBrand,
    logger: true,
    devMode: config.devMode,
    ...(config.devMode ? { devOutbox: processOutbox() } : {}),
    uploadsDir: join(config.dataDir, 'uploads'),
    exportsDir: join(config.dataDir, 'exports'),
    ...(config.storage.kind === 's3' ? { files: fileStores(config.storage) } : {}),
    trustProxy: config.trustProxy,
    payments,
    orderSweepIntervalMs: ORDER_SWEEP_INTERVAL_MS,
    feedPushIntervalMs: FEED_PUSH_INTERVAL_MS,
    ...(config.smtp ? { mailer: smtpMailer(config.smtp.url, config.smtp.from) } : {}),
    rateLimits: config.rateLimits,
    ...(config.smsVendor ? { sms: vendorSmsProvider(config.smsVendor, db) } : {}),
    smsProviderName: config.smsProvider,
    ...(config.metricsToken ? { metricsToken: config.metricsToken } : {}),
    ...(config.redis ? { rateCounter: redisRateCounter(config.redis) } : {}),
    ...(config.publicBaseUrl ? { publicBaseUrl: config.publicBaseUrl } : {}),
    environment: serviceEnvironment(config.production, process.env),
    wechatSignIn: config.wechatSignIn,
  });
  // Outside production the log starts with what is simulated (production refused the start on any of it).
  if (!config.production) for (const line of demoWarnings(process.env)) app.log.warn(line);
  for (const warning of payments.startupWarnings ?? []) app.log.warn(warning);
  app.log.info(
    { database: db.kind, applied, seeded, brands: sites.map((site) => site.id) },
    'database ready',
  );

  const demoStop = new AbortController();
  let demoLoad: Promise<void> = Promise.resolve();
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    // `on`, not `once`: a worker of API_PROCESSES gets Ctrl-C twice (from the terminal and from the primary).
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info(`${signal} received, closing`);
      demoStop.abort();
      demoLoad
        .catch(() => {})
        .then(() => app.close())
        .then(() => errorReporter?.flush(2_000))
        .then(() => readDb?.close())
        .then(() => db.close())
        .then(
          () => process.exit(0),
          (error: unknown) => {
            app.log.error(error);
            process.exit(1);
          },
        );
    });
  }
  await app.listen({ host: config.host, port: config.port });
  // With API_PROCESSES the primary serves the port, summed over the workers (cli/commands.ts).
  if (config.metricsPort && cluster.isPrimary) {
    // Ends with the process; nothing to flush.
    (await listenForMetrics(config.host, config.metricsPort, processMetrics)).unref();
    app.log.info(`metrics on port ${config.metricsPort}`);
  }
  demoLoad = loadDemoAtStart(db, { size: config.demoSize, log: app.log, signal: demoStop.signal });
  await demoLoad;
  // Items written before search existed (migration 0006) get their search documents.
  await indexUnindexedItems(db, (line) => app.log.info(line));
  readiness.markReady();
}

/** How often each replica's health and lag are read. */
const REPLICA_CHECK_INTERVAL_MS = 1_000;

/**
 * `DATABASE_READ_URL`'s replicas behind one router (src/db/read-replicas.ts). A replica down at the start is no
 * reason to stop: it joins the reads when its check first succeeds.
 */
async function openReadReplicas(primary: Database, config: ServerConfig): Promise<Database> {
  const log = pino({ name: 'read-replicas' });
  const replicas = await Promise.all(
    config.databaseReadUrls.map(async (url, index) => {
      const name = `replica-${index + 1}`;
      const db = await openPostgres(url, undefined, { connectAtOpen: false, connectTimeoutMs: 2_000 });
      return { name, db: measuredDatabase(db, name) };
    }),
  );
  const router = readReplicaRouter(primary, replicas, {
    maxLagMs: config.readMaxLagMs,
    checkIntervalMs: REPLICA_CHECK_INTERVAL_MS,
    log,
  });
  await router.checkNow();
  log.info(
    { replicas: router.replicas().map(({ name, healthy, lagSeconds }) => ({ name, healthy, lagSeconds })) },
    'read replicas',
  );
  return router;
}

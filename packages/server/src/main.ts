import { join } from 'node:path';
import { buildServer } from './app';
import { discoverBrandSites } from './brand-sites/discover';
import { readConfig } from './config';
import type { Database } from './db/database';
import { migrate, readMigrations } from './db/migrate';
import { openDatabase } from './db/open';
import { migrationsDir, repositoryRoot } from './paths';
import { tenantService } from './tenants/service';

async function start(db: Database, config: ReturnType<typeof readConfig>) {
  const sites = discoverBrandSites(config.appsDir);
  const applied = await migrate(db, readMigrations(migrationsDir));
  const seeded = await tenantService(db).seed(sites.map((site) => site.manifest));
  const app = await buildServer({
    db,
    sites,
    defaultBrand: config.defaultBrand,
    logger: true,
    devMode: config.devMode,
    uploadsDir: join(config.dataDir, 'uploads'),
    trustProxy: config.trustProxy,
  });
  if (config.devMode) app.log.warn('TENDER_DEV=1: development mode, the SMS outbox is served');
  app.log.info(
    { database: db.kind, applied, seeded, brands: sites.map((site) => site.id) },
    'database ready',
  );

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal} received, closing`);
      // Close HTTP first so no request is cut off mid-query, then checkpoint and unlock the database.
      app
        .close()
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
}

let db: Database | undefined;
try {
  const config = readConfig(process.env, repositoryRoot);
  db = await openDatabase(config);
  await start(db, config);
} catch (error) {
  console.error(`服务启动失败：${error instanceof Error ? error.message : String(error)}`);
  await db?.close().catch(() => {});
  process.exit(1);
}

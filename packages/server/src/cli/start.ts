import { join } from 'node:path';
import { buildServer } from '../app';
import { discoverBrandSites } from '../brand-sites/discover';
import type { ServerConfig } from '../config';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import { migrationsDir } from '../paths';
import { tenantService } from '../tenants/service';

/**
 * Migrates, creates the tenants of newly built brands and serves until SIGINT or SIGTERM, which close HTTP
 * first (no request is cut off mid-query) and then the database (PGlite checkpoints and unlocks).
 */
export async function startServer(db: Database, config: ServerConfig): Promise<void> {
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

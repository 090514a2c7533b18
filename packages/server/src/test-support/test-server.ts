import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrandManifest, brandManifestSchema } from '@tender/brand';
import type { FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import { buildServer } from '../app';
import type { SmsProvider } from '../auth/sms-provider';
import type { WechatSignInSettings } from '../auth/wechat/settings';
import type { BrandSite } from '../brand-sites/discover';
import type { Database } from '../db/database';
import { migrate, readMigrations } from '../db/migrate';
import type { ErrorReporter } from '../observability/error-reporting';
import type { KeyRateLimit } from '../open-api/operations';
import { migrationsDir } from '../paths';
import type { PaymentProvider } from '../payments/provider';
import type { WebhookNetwork } from '../push/webhooks';
import type { RateCounter } from '../security/rate-counter';
import type { RateLimits } from '../security/rate-limit';
import type { FileStores } from '../storage/file-store';
import { tenantService } from '../tenants/service';
import type { TestDatabaseTarget } from './databases';
import { type TestClock, testClock } from './test-clock';

/** Two brands unlike each other, to prove one tenant never sees another's data. */
export const testBrands: readonly BrandManifest[] = [
  brandManifestSchema.parse({
    id: 'alpha',
    name: '阿尔法招标网',
    title: '阿尔法招标网',
    colors: { primary: '#1d5fd1', themeChoices: ['#1d5fd1'] },
    flags: { analysis: true, export: true, payment: true, newDemandMode: true },
    interfaceVersion: 20,
    registerType: 50,
    legal: {
      termsUrl: 'https://alpha.example/terms.html',
      privacyUrl: 'https://alpha.example/privacy.html',
      clauseName: '阿尔法用户服务协议',
      privacyPolicyVersion: '2026-11-01',
    },
    footer: { text: '阿尔法信息科技有限公司', caseNumber: '京ICP备2024000001号-1' },
    supportPhone: '400-000-0001',
  }),
  brandManifestSchema.parse({
    id: 'beta',
    name: '贝塔标讯',
    title: '贝塔标讯',
    colors: { primary: '#6941c6', themeChoices: ['#6941c6'] },
    flags: { analysis: false, export: false, payment: false, newDemandMode: false },
    interfaceVersion: 19,
    registerType: 50,
    legal: {
      termsUrl: 'https://beta.example/terms.html',
      privacyUrl: 'https://beta.example/privacy.html',
      clauseName: '贝塔用户服务协议',
      privacyPolicyVersion: '2026-06-01',
    },
    footer: { text: '贝塔数据服务有限公司', caseNumber: '沪ICP备2024000002号-1' },
    // A catering-like brand: 热门搜索 starts with its trade's words.
    hotSearchWords: ['食堂', '食材', '配送', '餐饮'],
  }),
];

export interface TestServer {
  app: FastifyInstance;
  db: Database;
  /** The server's clock: `clock.advance(ms)` moves time for codes, send limits and sessions. */
  clock: TestClock;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** The payment provider, made with the server's clock (default: the sandbox). */
  payments?: (clock: TestClock) => PaymentProvider;
  /** Pushes subscription matches this often (src/push); default: never. */
  feedPushIntervalMs?: number;
  /** How often the 即将到期 subscriptions are matched for pushing; 60 s unless told. */
  renewalMatchIntervalMs?: number;
  /** Rate limits (src/security); default: none. */
  rateLimits?: RateLimits;
  /** The SMS provider, made with the server's database (default: the console provider and the dev outbox). */
  sms?: (db: Database) => SmsProvider;
  /** QR sign-in (`WECHAT_PROVIDER`); default: the sandbox confirm page. */
  wechatSignIn?: WechatSignInSettings;
  /** Where robot messages go: a local fake's network (test-support/fake-robot.ts); default: the internet's. */
  webhookNetwork?: WebhookNetwork;
  /** Where the limits count (e.g. a Redis counter); default: this process. */
  rateCounter?: RateCounter;
  /** Logs the server's lines (pino's JSON, one per line) here; default: no log. */
  logStream?: DestinationStream;
  /** Calls per API key and window of the open API (src/open-api); default: the server's. */
  keyRateLimit?: KeyRateLimit;
  /** `METRICS_TOKEN`: serves `GET /metrics` to this bearer token; default: no /metrics. */
  metricsToken?: string;
  /** `SENTRY_DSN`: where server errors are reported; default: nowhere. */
  errorReporter?: ErrorReporter;
  /** `STORAGE=s3`: avatars and exports in a bucket (src/storage); default: temporary folders. */
  files?: FileStores;
}

/** A migrated database of the target, seeded with the test brands, behind a server driven by `inject()`. */
export async function startTestServer(
  target: TestDatabaseTarget,
  sites: BrandSite[] = [],
  options: TestServerOptions = {},
): Promise<TestServer> {
  const db = await target.open();
  await migrate(db, readMigrations(migrationsDir));
  await tenantService(db).seed(testBrands);
  const clock = testClock();
  const uploadsDir = mkdtempSync(join(tmpdir(), 'tender-uploads-'));
  // Dev mode: tests read SMS codes from the dev outbox (test-support/sign-in.ts).
  const app = await buildServer({
    db,
    sites,
    defaultBrand: 'alpha',
    clock: clock.now,
    devMode: true,
    uploadsDir,
    ...(options.payments ? { payments: options.payments(clock) } : {}),
    ...(options.feedPushIntervalMs ? { feedPushIntervalMs: options.feedPushIntervalMs } : {}),
    ...(options.renewalMatchIntervalMs ? { renewalMatchIntervalMs: options.renewalMatchIntervalMs } : {}),
    ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
    ...(options.sms ? { sms: options.sms(db) } : {}),
    ...(options.wechatSignIn ? { wechatSignIn: options.wechatSignIn } : {}),
    ...(options.webhookNetwork ? { webhookNetwork: options.webhookNetwork } : {}),
    ...(options.rateCounter ? { rateCounter: options.rateCounter } : {}),
    ...(options.logStream ? { logger: true, logStream: options.logStream } : {}),
    ...(options.keyRateLimit ? { keyRateLimit: options.keyRateLimit } : {}),
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.files ? { files: options.files } : {}),
    ...(options.errorReporter ? { errorReporter: options.errorReporter } : {}),
  });
  return {
    app,
    db,
    clock,
    async close() {
      await app.close();
      await db.close();
      rmSync(uploadsDir, { recursive: true, force: true });
    },
  };
}

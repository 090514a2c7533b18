import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readSmsVendorConfig, type SmsVendorConfig } from './auth/sms-vendor-config';
import { readWechatSignInSettings, type WechatSignInSettings } from './auth/wechat/settings';
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from './payments/provider';
import { readWechatPaySettings, type WechatPaySettings } from './payments/wechatpay/settings';
import { isProduction } from './production-checks';
import { parseRateLimits, type RateLimits } from './security/rate-limit';
import type { RedisSettings } from './security/redis-counter';
import type { S3Settings } from './storage/file-store';

export interface ServerConfig {
  host: string;
  port: number;
  /** PGlite files, exports and uploads. */
  dataDir: string;
  /** PostgreSQL instead of PGlite when set. */
  databaseUrl: string | undefined;
  /** `PGLITE_SHARED_BUFFERS`: PGlite's page cache (default 512MB; PostgreSQL's is set in postgresql.conf). */
  pgliteSharedBuffers: string;
  /** Folder holding one built brand app per sub-folder (`<id>/dist`). */
  appsDir: string;
  /** The brand `/` redirects to. */
  defaultBrand: string;
  /** `TENDER_DEV=1`: local development and tests; serves the dev SMS outbox. */
  devMode: boolean;
  /**
   * `SMS_PROVIDER`: who delivers verification codes — `console` (default: the log and the dev outbox, nothing is
   * texted), `aliyun` (Alibaba Cloud SMS) or `tencent` (Tencent Cloud SMS). An unknown name stops the start, so
   * nobody believes codes are being texted while they only go to the log; so does a vendor without its keys.
   * The sign and templates of each brand are in the database (`tender-server sms-settings`).
   */
  smsProvider: SmsProviderName;
  /** The vendor's keys and endpoint (`ALIYUN_SMS_*`, `TENCENT_SMS_*`) when `smsProvider` is not `console`. */
  smsVendor: SmsVendorConfig | undefined;
  /** `TRUST_PROXY`: Fastify's trustProxy — true, or the proxies' addresses/CIDRs separated by commas. */
  trustProxy: boolean | string;
  /** `DEMO_SIZE`: demo items generated on the database's first start (default 20000; 0 for none). */
  demoSize: number;
  /** `PAY_PROVIDER`: `sandbox` (default, no money moves) or `wechatpay` (docs/payments.md). */
  payProvider: PaymentProviderName;
  /** The merchant settings (`WECHATPAY_*`) when `payProvider` is `wechatpay`. */
  wechatPay: WechatPaySettings | undefined;
  /** `SMTP_URL` (smtp://user:pass@host:port, smtps:// for TLS) and `SMTP_FROM`: the daily subscription digest. */
  smtp: { url: string; from: string } | undefined;
  /** `RATE_LIMITS`: the limits on sign-in and expensive endpoints (defaults, `off`, or `name=max/seconds,…`). */
  rateLimits: RateLimits;
  /** `REDIS_URL` and the other `REDIS_*`: where the rate limits count, shared by every node; unset: in each process. */
  redis: RedisSettings | undefined;
  /** `SEARCH_CACHE_MB`: the search result cache's budget in each process (src/search/README.md); 0 turns it off. */
  searchCacheMegabytes: number;
  /** `WECHAT_PROVIDER` (`sandbox` default, `wechat`, `off`) and, for `wechat`, the mini-program's `WECHAT_MA_*`. */
  wechatSignIn: WechatSignInSettings;
  /** `API_PROCESSES`: server processes on this machine sharing the port (cli/workers.ts); more than 1 needs PostgreSQL. */
  apiProcesses: number;
  /** `TENDER_ENV=production` (or `NODE_ENV=production`): the start refuses demo settings (src/production-checks.ts). */
  production: boolean;
  /** `PUBLIC_BASE_URL`: the origin members reach (https://www.example.com); links use it instead of the request's host. */
  publicBaseUrl: string | undefined;
  /** `DATABASE_READ_URL`: PostgreSQL streaming replicas (comma-separated) for search, analysis and company pages. */
  databaseReadUrls: string[];
  /** `READ_MAX_LAG` (seconds, default 5): a replica further behind is skipped until it catches up. */
  readMaxLagMs: number;
  /** `SENTRY_DSN`: server errors to Sentry (or a compatible service); unset: only the log. */
  sentryDsn: string | undefined;
  /** `STORAGE`: `local` (DATA_DIR/uploads and DATA_DIR/exports) or `s3` with the bucket's `S3_*` settings. */
  storage: { kind: 'local' } | { kind: 's3'; settings: S3Settings };
  /** `METRICS_TOKEN`: `GET /metrics` on the public port with this bearer token (at least 16 characters). */
  metricsToken: string | undefined;
  /** `METRICS_PORT`: `GET /metrics` without a token on this port of its own (keep it off the internet). */
  metricsPort: number | undefined;
}

export const SMS_PROVIDERS = ['console', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof SMS_PROVIDERS)[number];

/** Reads the environment (docs/operations.md lists every variable); refuses values it cannot use. */
export function readConfig(env: NodeJS.ProcessEnv, repositoryRoot: string): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT 必须是 0–65535 之间的整数，当前为 "${env.PORT}"`);
  }
  const smsProvider = env.SMS_PROVIDER || 'console';
  if (!(SMS_PROVIDERS as readonly string[]).includes(smsProvider)) {
    throw new Error(`SMS_PROVIDER 不支持 "${smsProvider}"，可选：${SMS_PROVIDERS.join('、')}`);
  }
  const trustProxy = env.TRUST_PROXY?.trim() ?? '';
  const demoSize = Number(env.DEMO_SIZE?.trim() || 20_000);
  if (!Number.isSafeInteger(demoSize) || demoSize < 0) {
    throw new Error(`DEMO_SIZE 必须是非负整数（0 表示不加载演示数据），当前为 "${env.DEMO_SIZE}"`);
  }
  const pgliteSharedBuffers = env.PGLITE_SHARED_BUFFERS?.trim() || '512MB';
  if (!/^\d+(kB|MB|GB)$/.test(pgliteSharedBuffers)) {
    throw new Error(
      `PGLITE_SHARED_BUFFERS 须为带单位的大小，如 512MB 或 1GB，当前为 "${env.PGLITE_SHARED_BUFFERS}"`,
    );
  }
  const searchCacheMegabytes = Number(env.SEARCH_CACHE_MB?.trim() || 256);
  if (!Number.isSafeInteger(searchCacheMegabytes) || searchCacheMegabytes < 0) {
    throw new Error(
      `SEARCH_CACHE_MB 必须是非负整数（0 表示不缓存搜索结果），当前为 "${env.SEARCH_CACHE_MB}"`,
    );
  }
  const apiProcesses = Number(env.API_PROCESSES?.trim() || 1);
  if (!Number.isSafeInteger(apiProcesses) || apiProcesses < 1 || apiProcesses > 64) {
    throw new Error(`API_PROCESSES 必须是 1–64 之间的整数，当前为 "${env.API_PROCESSES}"`);
  }
  if (apiProcesses > 1 && !env.DATABASE_URL) {
    throw new Error('API_PROCESSES 大于 1 时需要设置 DATABASE_URL：嵌入式数据库只能由一个进程打开');
  }
  const payProvider = env.PAY_PROVIDER?.trim() || 'sandbox';
  if (!(PAYMENT_PROVIDER_NAMES as readonly string[]).includes(payProvider)) {
    throw new Error(`PAY_PROVIDER 不支持 "${payProvider}"，可选：${PAYMENT_PROVIDER_NAMES.join('、')}`);
  }
  const tenderEnv = env.TENDER_ENV?.trim() ?? '';
  if (tenderEnv !== '' && tenderEnv !== 'production') {
    throw new Error(`TENDER_ENV 只能是 production 或不设置（演示环境），当前为 "${env.TENDER_ENV}"`);
  }
  const publicBaseUrl = readPublicBaseUrl(env.PUBLIC_BASE_URL);
  // Checked here, passed on as it is by serviceEnvironment (src/production-checks.ts) to the brand apps.
  readSentryDsn(env.SENTRY_BROWSER_DSN, 'SENTRY_BROWSER_DSN');
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  if (metricsToken && metricsToken.length < 16) {
    throw new Error('METRICS_TOKEN 至少 16 个字符：它是 /metrics 在公开端口上的唯一保护');
  }
  const metricsPortText = env.METRICS_PORT?.trim();
  const metricsPort = metricsPortText ? Number(metricsPortText) : undefined;
  if (
    metricsPort !== undefined &&
    (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65_535)
  ) {
    throw new Error(`METRICS_PORT 必须是 1–65535 之间的整数，当前为 "${env.METRICS_PORT}"`);
  }
  if (metricsPort !== undefined && metricsPort === port) {
    throw new Error('METRICS_PORT 不能与 PORT 相同：指标端口不应对公网开放');
  }
  return {
    host: env.HOST ?? '0.0.0.0',
    port,
    dataDir: resolve(env.DATA_DIR ?? resolve(repositoryRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteSharedBuffers,
    appsDir: resolve(env.APPS_DIR ?? resolve(repositoryRoot, 'apps')),
    defaultBrand: env.DEFAULT_BRAND ?? 'portal',
    devMode: env.TENDER_DEV === '1',
    smsProvider: smsProvider as SmsProviderName,
    smsVendor:
      smsProvider === 'console' ? undefined : readSmsVendorConfig(env, smsProvider as 'aliyun' | 'tencent'),
    trustProxy:
      trustProxy === '' || trustProxy === 'false' ? false : trustProxy === 'true' ? true : trustProxy,
    demoSize,
    payProvider: payProvider as PaymentProviderName,
    wechatPay: payProvider === 'wechatpay' ? readWechatPaySettings(env) : undefined,
    smtp: env.SMTP_URL?.trim()
      ? { url: env.SMTP_URL.trim(), from: env.SMTP_FROM?.trim() || 'noreply@localhost' }
      : undefined,
    rateLimits: parseRateLimits(env.RATE_LIMITS),
    redis: readRedisSettings(env),
    searchCacheMegabytes,
    apiProcesses,
    production: isProduction(env),
    publicBaseUrl,
    wechatSignIn: readWechatSignInSettings(env),
    metricsToken,
    metricsPort,
    storage: readStorage(env),
    sentryDsn: readSentryDsn(env.SENTRY_DSN, 'SENTRY_DSN'),
    ...readReplicaSettings(env),
  };
}

/** An origin without a trailing slash ('https://www.example.com'); a path, query or other scheme is refused. */
function readPublicBaseUrl(raw: string | undefined): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  const refused = new Error(
    `PUBLIC_BASE_URL 应为会员访问的网址根，如 https://www.example.com，当前为 "${raw}"`,
  );
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw refused;
  }
  if (
    (url.protocol !== 'https:' && url.protocol !== 'http:') ||
    url.pathname !== '/' ||
    url.search ||
    url.hash ||
    url.username
  ) {
    throw refused;
  }
  return url.origin;
}

/** A positive whole number of milliseconds from `name`, or `fallback` when unset. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name]?.trim();
  const value = Number(text || fallback);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new Error(`${name} 必须是正整数（毫秒），当前为 "${text}"`);
  }
  return value;
}

/** `REDIS_URL` (`redis://` or `rediss://`), Sentinel, the timeouts and a TLS CA; undefined without `REDIS_URL`. */
function readRedisSettings(env: NodeJS.ProcessEnv): RedisSettings | undefined {
  const url = env.REDIS_URL?.trim();
  if (!url) return undefined;
  if (!/^rediss?:\/\//.test(url)) {
    // Not the value itself: it may hold the password.
    throw new Error('REDIS_URL 须以 redis:// 或 rediss://（TLS）开头');
  }
  const settings: RedisSettings = {
    url,
    connectTimeoutMs: milliseconds(env, 'REDIS_CONNECT_TIMEOUT_MS', 1000),
    commandTimeoutMs: milliseconds(env, 'REDIS_COMMAND_TIMEOUT_MS', 200),
  };
  const sentinels = env.REDIS_SENTINELS?.trim();
  if (sentinels) {
    settings.sentinels = sentinels.split(',').map((entry) => {
      const match = /^\s*([^\s:]+|\[[0-9a-fA-F:]+\]):(\d{1,5})\s*$/.exec(entry);
      const port = Number(match?.[2]);
      if (!match?.[1] || port < 1 || port > 65_535) {
        throw new Error(`REDIS_SENTINELS 的 "${entry.trim()}" 无法识别：应为 主机:端口，多个用逗号分隔`);
      }
      return { host: match[1].replace(/^\[|\]$/g, ''), port };
    });
    const name = env.REDIS_SENTINEL_NAME?.trim();
    if (!name)
      throw new Error('设置了 REDIS_SENTINELS 时须同时设置 REDIS_SENTINEL_NAME（Sentinel 中主节点的名称）');
    settings.sentinelName = name;
  }
  const caFile = env.REDIS_TLS_CA_FILE?.trim();
  if (caFile) {
    try {
      settings.tlsCa = readFileSync(caFile, 'utf8');
    } catch {
      throw new Error(`REDIS_TLS_CA_FILE 指向的文件无法读取："${caFile}"`);
    }
  }
  return settings;
}

/** `STORAGE` and, for `s3`, the bucket: `S3_REGION` and `S3_BUCKET` always, both keys or neither (the SDK's chain). */
function readStorage(env: NodeJS.ProcessEnv): ServerConfig['storage'] {
  const kind = env.STORAGE?.trim() || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') throw new Error(`STORAGE 只能是 local 或 s3，当前为 "${env.STORAGE}"`);
  const text = (name: string) => env[name]?.trim() || undefined;
  const region = text('S3_REGION');
  const bucket = text('S3_BUCKET');
  if (!region) throw new Error('STORAGE=s3 需要 S3_REGION（如 cn-hangzhou、ap-guangzhou、us-east-1）');
  if (!bucket) throw new Error('STORAGE=s3 需要 S3_BUCKET（存放头像与导出文件的存储桶）');
  const endpoint = text('S3_ENDPOINT');
  if (endpoint && !/^https?:\/\/[^/]+\/?$/.test(endpoint)) {
    throw new Error(`S3_ENDPOINT 应为 https://主机[:端口]，不带路径，当前为 "${env.S3_ENDPOINT}"`);
  }
  const pathStyle = text('S3_FORCE_PATH_STYLE') ?? 'false';
  if (pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error(`S3_FORCE_PATH_STYLE 只能是 true 或 false，当前为 "${env.S3_FORCE_PATH_STYLE}"`);
  }
  const accessKeyId = text('S3_ACCESS_KEY_ID');
  const secretAccessKey = text('S3_SECRET_ACCESS_KEY');
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey)) {
    throw new Error(
      'S3_ACCESS_KEY_ID 与 S3_SECRET_ACCESS_KEY 须同时设置（或都不设置，使用实例角色等默认凭证）',
    );
  }
  return {
    kind: 's3',
    settings: {
      endpoint,
      region,
      bucket,
      forcePathStyle: pathStyle === 'true',
      credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    },
  };
}

/** `DATABASE_READ_URL` (one or more, comma-separated; needs `DATABASE_URL`) and `READ_MAX_LAG` in seconds. */
function readReplicaSettings(env: NodeJS.ProcessEnv): { databaseReadUrls: string[]; readMaxLagMs: number } {
  const databaseReadUrls = (env.DATABASE_READ_URL ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  for (const url of databaseReadUrls) {
    // Not the value itself: it may hold the password.
    if (!/^postgres(ql)?:\/\//.test(url))
      throw new Error('DATABASE_READ_URL 的每一项须以 postgres:// 开头，多个用逗号分隔');
  }
  if (databaseReadUrls.length > 0 && !env.DATABASE_URL) {
    throw new Error('设置 DATABASE_READ_URL 时需要同时设置 DATABASE_URL（只读副本跟随的 PostgreSQL 主库）');
  }
  const lagText = env.READ_MAX_LAG?.trim() || '5';
  const lagSeconds = Number(lagText);
  if (!Number.isFinite(lagSeconds) || lagSeconds <= 0 || lagSeconds > 3600) {
    throw new Error(`READ_MAX_LAG 必须是 0–3600 之间的秒数（可带小数），当前为 "${env.READ_MAX_LAG}"`);
  }
  return { databaseReadUrls, readMaxLagMs: lagSeconds * 1000 };
}

/** A Sentry DSN (`https://<key>@<host>/<project>`), or undefined when unset. */
export function readSentryDsn(raw: string | undefined, name: string): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || !/^https?:$/.test(url.protocol) || !url.username || !/^\/(.+\/)?\d+$/.test(url.pathname)) {
    // Not the value: the DSN's key is a credential.
    throw new Error(`${name} 应为 Sentry 项目的 DSN，形如 https://公钥@sentry.example.cn/项目编号`);
  }
  return text;
}

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from './payments/provider';
import { readWechatPaySettings, type WechatPaySettings } from './payments/wechatpay/settings';
import { parseRateLimits, type RateLimits } from './security/rate-limit';
import type { RedisSettings } from './security/redis-counter';

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
   * `SMS_PROVIDER`: who delivers verification codes. Only `console` exists yet; an unknown name stops the start,
   * so nobody believes codes are being texted while they only go to the log.
   */
  smsProvider: SmsProviderName;
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
  /** `API_PROCESSES`: server processes on this machine sharing the port (cli/workers.ts); more than 1 needs PostgreSQL. */
  apiProcesses: number;
}

export const SMS_PROVIDERS = ['console'] as const;
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
  };
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
    throw new Error(`REDIS_URL 须以 redis:// 或 rediss://（TLS）开头，当前为 "${url}"`);
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

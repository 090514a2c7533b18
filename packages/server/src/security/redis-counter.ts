import { Redis, type RedisOptions } from 'ioredis';
import type { RateCounter } from './rate-counter';

/** One round trip per hit: count, start the window on the first hit, answer the count and the time left. */
const HIT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}`;

/** Where the shared rate counts live (docs/operations.md, the `REDIS_*` variables). */
export interface RedisSettings {
  /**
   * `REDIS_URL`: `redis://[[user]:password@]host:port[/db]`, `rediss://` for TLS. With Sentinel only its
   * credentials, database and scheme count (`redis://:password@/0`): the master's address comes from Sentinel.
   */
  url: string;
  /** `REDIS_SENTINELS` (`host:port,…`): ask these Sentinels for the master named `sentinelName`. */
  sentinels?: { host: string; port: number }[];
  /** `REDIS_SENTINEL_NAME`: the master's name in Sentinel. */
  sentinelName?: string;
  /** `REDIS_CONNECT_TIMEOUT_MS`: give up a TCP/TLS connect after this. */
  connectTimeoutMs: number;
  /** `REDIS_COMMAND_TIMEOUT_MS`: a hit not answered within this fails (the limits then count in the process). */
  commandTimeoutMs: number;
  /** The PEM of `REDIS_TLS_CA_FILE`: the CA a `rediss://` server's certificate must chain to (default: Node's). */
  tlsCa?: string;
}

/** Reconnects after a drop: soon at first, then every 2 s, for as long as the process runs. */
const reconnectDelay = (attempt: number) => Math.min(attempt * 100, 2000);

function clientOptions(settings: RedisSettings): RedisOptions {
  const tls = settings.url.startsWith('rediss:')
    ? { ...(settings.tlsCa ? { ca: settings.tlsCa } : {}) }
    : undefined;
  return {
    connectTimeout: settings.connectTimeoutMs,
    commandTimeout: settings.commandTimeoutMs,
    // A hit waits for no retry: the limits count in the process instead (src/security/rate-limit.ts).
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelay,
    // No INFO before the first hit: a Redis that accepts and never answers fails the hit, not a hidden check.
    enableReadyCheck: false,
    ...(tls ? { tls } : {}),
    ...(settings.sentinels
      ? {
          sentinels: settings.sentinels,
          name: settings.sentinelName,
          sentinelRetryStrategy: reconnectDelay,
          ...(tls ? { enableTLSForSentinelMode: true } : {}),
        }
      : {}),
  };
}

/**
 * A rate counter in Redis shared by every API node (ioredis: TLS, Sentinel, reconnects). Every hit fails within
 * the command timeout when Redis is down or stalled, so the caller can count elsewhere.
 */
export function redisRateCounter(settings: RedisSettings, keyPrefix = 'tender:rate:'): RateCounter {
  const redis = new Redis(settings.url, clientOptions(settings));
  // Failures reach the caller through the hits; without a listener ioredis would print each reconnect error.
  redis.on('error', () => {});
  redis.defineCommand('rateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  const hit = (redis as unknown as { rateHit(key: string, windowMs: number): Promise<unknown> }).rateHit.bind(
    redis,
  );
  return {
    async hit(key, windowMs) {
      const reply = await hit(keyPrefix + key, windowMs);
      if (!Array.isArray(reply) || typeof reply[0] !== 'number' || typeof reply[1] !== 'number') {
        throw new Error('Redis answered the rate script with an unexpected reply');
      }
      return { count: reply[0], resetInMs: reply[1] };
    },
    async close() {
      redis.disconnect();
    },
  };
}

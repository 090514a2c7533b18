import { createHash } from 'node:crypto';
import {
  awakenEndpoint,
  companySearchEndpoint,
  dashboardEndpoint,
  dataExportOrderEndpoint,
  dataStatisticsEndpoint,
  desginedSearchListEndpoint,
  type EndpointDefinition,
  exportFileEndpoint,
  getQrcodeEndpoint,
  judgeProjectAnalysisEndpoint,
  marketAnalysisEndpoint,
  messageLoginEndpoint,
  mobileSchema,
  projectAnalysisExportEndpoint,
  searchAllListEndpoint,
  searchListEndpoint,
  sendMessageCodeEndpoint,
  spxmGetPageEndpoint,
  toubiaoForecastListEndpoint,
  toubiaoListEndpoint,
} from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { QR_CONFIRM_PATH } from '../auth/qr-login';
import { SEND_CODE_PATH } from '../auth/qr-pages';
import { waitText } from '../auth/sms-codes';
import { MINI_PROGRAM_PATHS } from '../auth/wechat/mini-program-routes';
import type { Clock } from '../clock';
import { BusinessError } from '../http/business-error';
import { bearerToken } from '../http/endpoint-route';
import { messages } from '../messages';
import { PARTNER_NOTICES_PATH } from '../partner-ingest/routes';
import { clientNetwork } from './client-network';
import { memoryRateCounter, type RateCounter } from './rate-counter';

/** A limit: at most `max` calls per `windowSeconds` for one key (an IP, a phone, a session). */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

export const RATE_LIMIT_NAMES = [
  'login-ip',
  'login-phone',
  'sms-ip',
  'sms-ip-hour',
  'search',
  'export',
  'analysis',
  'qr-ip',
  'partner',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];
export type RateLimits = Partial<Record<RateLimitName, RateLimit>>;

/**
 * Production defaults (docs/operations.md, Security and audit). Sign-in: an SMS code has 5 tries (src/auth), so
 * these only stop guessing across many codes and phones; the SMS sends keep their own hourly and daily limits
 * (src/auth/sms-codes.ts), `sms-ip` adds a burst limit per minute in front. Expensive reads are limited per
 * session (per IP without one), well above what a person clicking through the screens does.
 */
export const DEFAULT_RATE_LIMITS: Readonly<Record<RateLimitName, RateLimit>> = {
  'login-ip': { max: 60, windowSeconds: 60 },
  'login-phone': { max: 10, windowSeconds: 600 },
  'sms-ip': { max: 10, windowSeconds: 60 },
  // Counted by src/auth in the database, with the per-phone limits (SMS_RULES), so every node shares it.
  'sms-ip-hour': { max: 30, windowSeconds: 3600 },
  search: { max: 120, windowSeconds: 60 },
  export: { max: 20, windowSeconds: 60 },
  analysis: { max: 60, windowSeconds: 60 },
  // Each QR sign-in is a row (and, with WeChat, a drawn mini-program code): a login page asks for one every 300 s.
  'qr-ip': { max: 30, windowSeconds: 60 },
  // A partner's crawler posts one notice per call: a minute's burst of a polite crawler, per key.
  partner: { max: 120, windowSeconds: 60 },
};

/**
 * Reads `RATE_LIMITS`: empty for the defaults, `off` for none (tests, benchmarks), or a comma-separated list of
 * `name=max/seconds` overriding single defaults (`login-ip=600/60,search=off`).
 */
export function parseRateLimits(value: string | undefined): RateLimits {
  const text = value?.trim() ?? '';
  if (text === 'off') return {};
  const limits: RateLimits = { ...DEFAULT_RATE_LIMITS };
  if (text === '') return limits;
  for (const part of text.split(',')) {
    const match = /^\s*([a-z-]+)\s*=\s*(?:(off)|(\d+)\s*\/\s*(\d+))\s*$/.exec(part);
    const name = match?.[1] as RateLimitName | undefined;
    if (!match || !name || !(RATE_LIMIT_NAMES as readonly string[]).includes(name)) {
      throw new Error(
        `RATE_LIMITS 的 "${part}" 无法识别：应为 名称=次数/秒数 或 名称=off，名称可选 ${RATE_LIMIT_NAMES.join('、')}`,
      );
    }
    const max = Number(match[3]);
    const windowSeconds = Number(match[4]);
    if (match[2]) delete limits[name];
    else if (max < 1 || windowSeconds < 1) {
      throw new Error(`RATE_LIMITS 的 "${part}"：次数和秒数须为正整数`);
    } else if (name === 'sms-ip-hour' && windowSeconds > 86_400) {
      // The SMS send log keeps a day (src/auth/sms-codes.ts).
      throw new Error(`RATE_LIMITS 的 "${part}"：sms-ip-hour 的时间窗口不能超过 86400 秒`);
    } else limits[name] = { max, windowSeconds };
  }
  return limits;
}

/** Which limits guard which endpoint, and what each counts by. */
interface Guard {
  limit: RateLimitName;
  key(request: FastifyRequest, input: Record<string, unknown>): string | undefined;
}

/** Per IPv4 address, per IPv6 /64 (src/security/client-network.ts). */
const byIp: Guard['key'] = (request) => clientNetwork(request.ip);
/** Per session when signed in (a caller behind a shared office IP is not limited by colleagues), else per IP. */
const bySession: Guard['key'] = (request) => {
  const token = bearerToken(request);
  return token
    ? `s:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`
    : clientNetwork(request.ip);
};
/**
 * Per phone as the contracts read it (a JSON number, padding): the number that is stored and sent to. A value
 * that is no phone is refused by the handler anyway.
 */
const byPhone: Guard['key'] = (_request, input) => {
  const mobile = mobileSchema.safeParse(input.mobile);
  return mobile.success ? mobile.data : undefined;
};

const GUARDS = new Map<string, Guard[]>();
function guard(endpoints: readonly (EndpointDefinition | `POST ${string}`)[], guards: Guard[]) {
  for (const endpoint of endpoints) {
    GUARDS.set(typeof endpoint === 'string' ? endpoint : `${endpoint.method} ${endpoint.path}`, guards);
  }
}
// The QR sign-in's confirm page (src/auth/qr-pages.ts) sends codes and signs in as the API does: same limits.
guard(
  [messageLoginEndpoint, awakenEndpoint, `POST ${QR_CONFIRM_PATH}`],
  [
    { limit: 'login-ip', key: byIp },
    { limit: 'login-phone', key: byPhone },
  ],
);
guard([sendMessageCodeEndpoint, `POST ${SEND_CODE_PATH}`], [{ limit: 'sms-ip', key: byIp }]);
// The mini-program's sign-in calls (WECHAT_PROVIDER=wechat) come from the member's phone: guessing scenes, and each
// call to WeChat's APIs behind them, is held to the sign-in limit per IP.
guard(
  Object.values(MINI_PROGRAM_PATHS).map((path) => `POST ${path}` as const),
  [{ limit: 'login-ip', key: byIp }],
);
guard([getQrcodeEndpoint], [{ limit: 'qr-ip', key: byIp }]);
guard(
  [
    searchListEndpoint,
    searchAllListEndpoint,
    desginedSearchListEndpoint,
    spxmGetPageEndpoint,
    companySearchEndpoint,
  ],
  [{ limit: 'search', key: bySession }],
);
guard(
  [dataExportOrderEndpoint, exportFileEndpoint, projectAnalysisExportEndpoint],
  [{ limit: 'export', key: bySession }],
);
guard(
  [
    marketAnalysisEndpoint,
    dashboardEndpoint,
    dataStatisticsEndpoint,
    toubiaoListEndpoint,
    toubiaoForecastListEndpoint,
    judgeProjectAnalysisEndpoint,
  ],
  [{ limit: 'analysis', key: bySession }],
);

guard([`POST ${PARTNER_NOTICES_PATH}`], [{ limit: 'partner', key: bySession }]);

/** The endpoints a limit guards, as `METHOD path` (docs and tests). */
export function guardedEndpoints(limit: RateLimitName): string[] {
  return [...GUARDS].filter(([, guards]) => guards.some((g) => g.limit === limit)).map(([route]) => route);
}

/** After the shared counter (Redis) failed, the limits count in the process this long before asking it again. */
export const COUNTER_RETRY_MS = 5_000;

/**
 * The shared counter, or this process's own while it fails: a stalled or unreachable Redis costs one hit its
 * command timeout, then every call is counted per node (limits per node are looser across nodes, never absent)
 * until a retry finds it answering. Each change is logged once.
 */
export function counterWithFallback(
  shared: RateCounter,
  local: RateCounter,
  clock: Clock,
  log: FastifyBaseLogger,
): RateCounter {
  let retryAt: number | undefined;
  return {
    async hit(key, windowMs) {
      if (retryAt !== undefined && clock().getTime() < retryAt) return local.hit(key, windowMs);
      try {
        const hit = await shared.hit(key, windowMs);
        if (retryAt !== undefined) {
          retryAt = undefined;
          log.warn('rate counter answers again: counting shared again');
        }
        return hit;
      } catch (error) {
        if (retryAt === undefined) {
          log.error(
            { err: error },
            'rate counter unavailable: counting in this process until it answers again',
          );
        }
        retryAt = clock().getTime() + COUNTER_RETRY_MS;
        return local.hit(key, windowMs);
      }
    },
    async close() {
      await shared.close();
      await local.close();
    },
  };
}

/**
 * Refuses a call over its limits with code 429 in the envelope (a Chinese message saying when to retry,
 * `data.retryAfter` in seconds, and the `Retry-After` header). Runs before the handler, after the body is
 * parsed (the phone of a sign-in is in it). Counts in `shared` (Redis, every API node) when given, falling back
 * to this process while it fails; else in this process.
 */
export function rateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  clock: Clock,
  shared?: RateCounter,
): void {
  const counter = shared
    ? counterWithFallback(shared, memoryRateCounter(clock), clock, app.log)
    : memoryRateCounter(clock);
  app.addHook('onClose', () => counter.close());
  app.addHook('preHandler', async (request, reply) => {
    const guards = GUARDS.get(`${request.method} ${request.routeOptions.url}`);
    if (!guards) return;
    const input = {
      ...(request.query as Record<string, unknown> | undefined),
      ...(typeof request.body === 'object' && request.body !== null ? (request.body as object) : {}),
    };
    for (const { limit: name, key } of guards) {
      const limit = limits[name];
      const subject = limit && key(request, input);
      if (!limit || !subject) continue;
      const hit = await counter.hit(`${name}:${subject}`, limit.windowSeconds * 1000);
      if (hit.count > limit.max) {
        const retryAfter = Math.max(1, Math.ceil(hit.resetInMs / 1000));
        reply.header('Retry-After', String(retryAfter));
        throw new BusinessError(
          RESPONSE_CODES.TOO_MANY_REQUESTS,
          messages.security.tooManyRequests(waitText(hit.resetInMs)),
          { retryAfter },
        );
      }
    }
  });
}

import { mobileSchema } from '@tender/contracts';
import { RESPONSE_CODES } from '@tender/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Database } from '../../db/database';
import { BusinessError } from '../../http/business-error';
import { messages } from '../../messages';
import { lockKey } from '../secrets';
import type { MiniProgramSettings } from './settings';

/** Namespace of the advisory lock under which one node refreshes the shared access token. */
const LOCK_ACCESS_TOKEN = 7_202_629;
/**
 * A cached token is replaced this long before it expires: WeChat's normal-mode stable_token hands out the next
 * token in the last 5 minutes, while the old one still works.
 */
export const ACCESS_TOKEN_REFRESH_MARGIN_MS = 5 * 60_000;
const REQUEST_TIMEOUT_MS = 10_000;
/** The smallest width WeChat draws (280–1280 px); the browser shows the code at 160 px. */
const CODE_WIDTH_PX = 280;

/** The errcodes by which WeChat says the access token is invalid (40001) or expired (42001). */
const TOKEN_REJECTED = new Set([40001, 42001]);

interface WechatAnswer {
  errcode?: number;
  errmsg?: string;
}

/** A mini-program code as WeChat drew it. */
export interface MiniProgramCode {
  contentType: string;
  image: Buffer;
}

/** WeChat's refusal, carried until it becomes the caller's BusinessError. */
class WechatRefusal extends Error {
  constructor(
    readonly errcode: number,
    readonly errmsg: string,
  ) {
    super(`WeChat errcode ${errcode}: ${errmsg}`);
  }
}

/** The Chinese answer for a WeChat errcode (docs/operations.md lists them). */
function refusalError(refusal: WechatRefusal): BusinessError {
  switch (refusal.errcode) {
    case 40029:
    case 40163:
      return new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.wechatSignIn.invalidCode);
    case 45011:
      return new BusinessError(RESPONSE_CODES.TOO_MANY_REQUESTS, messages.wechatSignIn.tooFrequent);
    case 40013:
      return new BusinessError(RESPONSE_CODES.SERVER_ERROR, messages.wechatSignIn.invalidAppId);
    case -1:
      return new BusinessError(RESPONSE_CODES.SERVER_ERROR, messages.wechatSignIn.busy);
    case 40001:
    case 42001:
      return new BusinessError(RESPONSE_CODES.SERVER_ERROR, messages.wechatSignIn.token);
    default:
      return new BusinessError(RESPONSE_CODES.SERVER_ERROR, messages.wechatSignIn.failed(refusal.errcode));
  }
}

/**
 * The mini-program's server-side WeChat API (docs/operations.md "WeChat mini-program sign-in"): the access token
 * from `cgi-bin/stable_token`, cached in the database for every API node and refreshed under an advisory lock
 * before it expires (and once more when WeChat answers 40001/42001), the unlimited mini-program code, the openid of
 * a `wx.login` code and the phone number of a `getPhoneNumber` code. WeChat's errcodes become BusinessErrors with
 * Chinese messages; the access token and AppSecret never reach a log line.
 */
export function miniProgramApi(
  db: Database,
  settings: MiniProgramSettings,
  clock: Clock,
  log: FastifyBaseLogger,
) {
  const { appId, apiBase } = settings;

  async function call(path: string, init: { method: 'GET' | 'POST'; body?: object }): Promise<Response> {
    try {
      return await fetch(`${apiBase}${path}`, {
        method: init.method,
        headers: init.body ? { 'content-type': 'application/json' } : {},
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      log.error({ err: error, api: path.split('?')[0] }, 'WeChat API unreachable');
      throw new BusinessError(RESPONSE_CODES.SERVER_ERROR, messages.wechatSignIn.unreachable);
    }
  }

  async function json<T>(response: Response): Promise<T & WechatAnswer> {
    const answer = (await response.json()) as T & WechatAnswer;
    if (answer.errcode) throw new WechatRefusal(answer.errcode, answer.errmsg ?? '');
    return answer;
  }

  async function fetchStableToken(): Promise<{ accessToken: string; expiresAt: Date }> {
    const answer = await json<{ access_token: string; expires_in: number }>(
      await call('/cgi-bin/stable_token', {
        method: 'POST',
        body: { grant_type: 'client_credential', appid: appId, secret: settings.secret },
      }),
    );
    return {
      accessToken: answer.access_token,
      expiresAt: new Date(clock().getTime() + answer.expires_in * 1000),
    };
  }

  interface TokenRow {
    accessToken: string;
    expiresAt: Date;
  }

  const isFresh = (row: TokenRow | undefined): row is TokenRow =>
    row !== undefined && row.expiresAt.getTime() - ACCESS_TOKEN_REFRESH_MARGIN_MS > clock().getTime();

  async function cachedToken(): Promise<TokenRow | undefined> {
    const [row] = await db.query<TokenRow>(
      'SELECT access_token AS "accessToken", expires_at AS "expiresAt" FROM wechat_access_token WHERE appid = $1',
      [appId],
    );
    return row;
  }

  /**
   * A new token from WeChat, unless another node stored one meanwhile: under the lock, the row is read again and
   * kept when it is fresh and not the token WeChat just refused (`rejected`). The call to WeChat runs inside the
   * transaction (at most REQUEST_TIMEOUT_MS, about once in two hours), so the other nodes wait for its answer.
   */
  async function refresh(rejected: string | undefined): Promise<string> {
    return db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1, $2)', [LOCK_ACCESS_TOKEN, lockKey(appId)]);
      const [row] = await tx.query<TokenRow>(
        'SELECT access_token AS "accessToken", expires_at AS "expiresAt" FROM wechat_access_token WHERE appid = $1',
        [appId],
      );
      if (isFresh(row) && row.accessToken !== rejected) return row.accessToken;
      const fresh = await fetchStableToken();
      await tx.query(
        `INSERT INTO wechat_access_token (appid, access_token, expires_at, refreshed_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (appid) DO UPDATE SET access_token = $2, expires_at = $3, refreshed_at = $4`,
        [appId, fresh.accessToken, fresh.expiresAt, clock()],
      );
      log.info({ appId, expiresAt: fresh.expiresAt }, 'WeChat access token refreshed');
      return fresh.accessToken;
    });
  }

  /** Runs a call with the shared token; a token WeChat refuses (40001/42001) is refreshed once and the call retried. */
  async function withAccessToken<T>(work: (token: string) => Promise<T>): Promise<T> {
    const cached = await cachedToken();
    const token = isFresh(cached) ? cached.accessToken : await refresh(undefined);
    try {
      return await work(token);
    } catch (error) {
      if (!(error instanceof WechatRefusal && TOKEN_REJECTED.has(error.errcode))) throw error;
      log.warn({ errcode: error.errcode }, 'WeChat refused the access token, refreshing it');
      return work(await refresh(token));
    }
  }

  /** Turns WeChat's refusals into BusinessErrors (logged: a refused appid or token is the operator's business). */
  async function answering<T>(api: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof WechatRefusal)) throw error;
      log.warn({ api, errcode: error.errcode, errmsg: error.errmsg }, 'WeChat API refused the call');
      throw refusalError(error);
    }
  }

  return {
    /** `wxa/getwxacodeunlimit`: the code that opens `page` (the sign-in page unless named) with `scene`. */
    miniProgramCode: (scene: string, page: string = settings.page): Promise<MiniProgramCode> =>
      answering('getwxacodeunlimit', () =>
        withAccessToken(async (token) => {
          const response = await call(`/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(token)}`, {
            method: 'POST',
            body: {
              scene,
              page,
              // A trial or development version may open a page not yet published.
              check_path: settings.envVersion === 'release',
              env_version: settings.envVersion,
              width: CODE_WIDTH_PX,
            },
          });
          const contentType = response.headers.get('content-type') ?? '';
          if (!contentType.startsWith('image/')) {
            await json(response);
            throw new Error(`getwxacodeunlimit answered ${contentType} without an errcode`);
          }
          return {
            contentType: contentType.split(';')[0] ?? contentType,
            image: Buffer.from(await response.arrayBuffer()),
          };
        }),
      ),

    /** `sns/jscode2session`: the openid of a `wx.login` code. The session_key is dropped here. */
    openId: (loginCode: string): Promise<{ openid: string }> =>
      answering('jscode2session', async () => {
        const query = new URLSearchParams({
          appid: appId,
          secret: settings.secret,
          js_code: loginCode,
          grant_type: 'authorization_code',
        });
        const answer = await json<{ openid: string }>(
          await call(`/sns/jscode2session?${query}`, { method: 'GET' }),
        );
        return { openid: answer.openid };
      }),

    /** `wxa/business/getuserphonenumber`: the mainland mobile number of a `getPhoneNumber` code. */
    phoneNumber: (phoneCode: string): Promise<string> =>
      answering('getuserphonenumber', () =>
        withAccessToken(async (token) => {
          const answer = await json<{
            phone_info?: { purePhoneNumber?: string; countryCode?: string; watermark?: { appid?: string } };
          }>(
            await call(`/wxa/business/getuserphonenumber?access_token=${encodeURIComponent(token)}`, {
              method: 'POST',
              body: { code: phoneCode },
            }),
          );
          const info = answer.phone_info;
          const mobile = mobileSchema.safeParse(info?.purePhoneNumber ?? '');
          if (info?.watermark?.appid !== appId || info.countryCode !== '86' || !mobile.success) {
            throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.wechatSignIn.noPhone);
          }
          return mobile.data;
        }),
      ),
  };
}

export type MiniProgramApi = ReturnType<typeof miniProgramApi>;

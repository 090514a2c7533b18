import { MESSAGE_DURATION_MS, TIMEOUT_NOTICE_DURATION_MS } from '../constants';
import { messages } from '../messages';

/** Business codes of the `{code, data, message}` envelope (spec §7, §8; architecture §7). */
export const RESPONSE_CODES = {
  SUCCESS: 200,
  NO_CONTENT: 204,
  /** spec §8 lists 235 as "fine" without saying more: the transport passes it to the caller untouched. */
  PASS_THROUGH_235: 235,
  /** spec §8 lists 431 as "fine" without saying more: the transport passes it to the caller untouched. */
  PASS_THROUGH_431: 431,
  /** Our server: invalid input (architecture §4). */
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  /** Our server: a gate or ownership check refused the call. */
  FORBIDDEN: 403,
  /** Our server: the item a call names (an announcement, a project) does not exist. */
  NOT_FOUND: 404,
  /** spec §8: the same account logged in on another device. */
  LOGGED_IN_ELSEWHERE: 4011,
  /** spec §8: the profile must be completed at /perfect. */
  PROFILE_INCOMPLETE: 430,
  /** Our server: the account is frozen; signing in needs the SMS unfreeze (`login/awaken`) first. */
  ACCOUNT_FROZEN: 423,
  /** Our server: too many verification codes requested; the message says when to retry. */
  TOO_MANY_REQUESTS: 429,
  /** spec §8: a business code 500 shows '服务器出错'. */
  SERVER_ERROR: 500,
} as const;

export type ResponseCode = (typeof RESPONSE_CODES)[keyof typeof RESPONSE_CODES];

/** What the shared HTTP client does with a response code (spec §8 Response codes). */
export type ResponseCodeAction = 'ok' | 'logout-reload' | 'relogin-dialog' | 'perfect' | 'error';

const FINE_CODES: readonly number[] = [
  RESPONSE_CODES.SUCCESS,
  RESPONSE_CODES.NO_CONTENT,
  RESPONSE_CODES.PASS_THROUGH_235,
  RESPONSE_CODES.PASS_THROUGH_431,
];

/**
 * spec §8 Response codes: 200, 204, 235, 431 are fine; 401 logs out and reloads; 4011 shows the one-time
 * dialog {@link LOGGED_IN_ELSEWHERE_MESSAGE} and then logs out and reloads; 430 goes to /perfect; anything
 * else is an error shown with {@link responseErrorMessage}. Codes from the login and QR-code endpoints are
 * not subject to this table (spec §8); callers of those endpoints skip it.
 */
export function responseCodeAction(code: number): ResponseCodeAction {
  if (FINE_CODES.includes(code)) return 'ok';
  switch (code) {
    case RESPONSE_CODES.UNAUTHORIZED:
      return 'logout-reload';
    case RESPONSE_CODES.LOGGED_IN_ELSEWHERE:
      return 'relogin-dialog';
    case RESPONSE_CODES.PROFILE_INCOMPLETE:
      return 'perfect';
    default:
      return 'error';
  }
}

/** spec §8: the 4011 dialog text. */
export const LOGGED_IN_ELSEWHERE_MESSAGE = messages.http.loggedInElsewhere;

/** spec §8: an error code's message — '服务器出错' for 500, else the server's message or '操作失败'. */
export function responseErrorMessage(code: number, serverMessage?: string | null): string {
  if (code === RESPONSE_CODES.SERVER_ERROR) return messages.http.serverError;
  const message = serverMessage?.trim();
  return message ? message : messages.http.operationFailed;
}

/** A failed HTTP request as the transport sees it. */
export type HttpFailure =
  | { kind: 'cancelled' }
  | { kind: 'timeout' }
  /** The server answered with a non-2xx status. */
  | { kind: 'status'; status: number; serverMessage?: string | null }
  /** The request failed without a usable status; `hasResponse` says whether any response arrived. */
  | { kind: 'network'; hasResponse: boolean };

/** What to show for a failed request. */
export type HttpFailureNotice =
  | { kind: 'silent' }
  | { kind: 'logout' }
  | { kind: 'message'; text: string; durationMs: number };

function message(text: string, durationMs = MESSAGE_DURATION_MS): HttpFailureNotice {
  return { kind: 'message', text, durationMs };
}

/**
 * spec §8 HTTP errors: time-out → '网络请求超时' for 5 s; status 401 → log out; 404, 500, 504, 499 → their
 * texts; other statuses → the server's message or '操作失败'; a network error → '服务器出错，请稍后再试试！'
 * with a response, '网络异常，请检查网络连接是否正常！' without; a cancelled request → nothing.
 * Messages show for 3 s.
 */
export function httpFailureNotice(failure: HttpFailure): HttpFailureNotice {
  switch (failure.kind) {
    case 'cancelled':
      return { kind: 'silent' };
    case 'timeout':
      return message(messages.http.requestTimeout, TIMEOUT_NOTICE_DURATION_MS);
    case 'network':
      return message(failure.hasResponse ? messages.http.serverErrorTryLater : messages.http.networkError);
    case 'status':
      switch (failure.status) {
        case 401:
          return { kind: 'logout' };
        case 404:
          return message(messages.http.pageException);
        case 500:
          return message(messages.http.serverError);
        case 504:
          return message(messages.http.gatewayTimeout);
        case 499:
          return message(messages.http.clientClosedRequest);
        default: {
          const text = failure.serverMessage?.trim();
          return message(text ? text : messages.http.operationFailed);
        }
      }
  }
}

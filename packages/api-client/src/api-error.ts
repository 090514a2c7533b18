/**
 * Why a call did not give its data:
 * - `business`: the server answered an envelope whose code is not fine (spec §8 Response codes);
 * - `status`: a non-2xx HTTP status;
 * - `timeout`: no answer within the time-out;
 * - `network`: no response at all (`hasResponse` false) or a response that is not an envelope (true);
 * - `cancelled`: the caller aborted the request.
 */
export type ApiErrorKind = 'business' | 'status' | 'timeout' | 'network' | 'cancelled';

export interface ApiErrorDetails {
  kind: ApiErrorKind;
  /** The endpoint's path. */
  path: string;
  /** `business`: the envelope's code. */
  code?: number;
  /** `status`: the HTTP status. */
  status?: number;
  /** `business`: the envelope's data (a gate refusal's dialog, a rate limit's retryAfter…). */
  data?: unknown;
  /** `network`: whether a response arrived (it could not be read as an envelope). */
  hasResponse?: boolean;
  /**
   * The client already told the user (a message, the 4011 dialog, a logout, the way to /perfect) or the failure
   * is silent by rule (a cancelled call). Callers that catch only to stop should not show anything more.
   */
  handled: boolean;
}

/**
 * Every failed call rejects with an ApiError. `message` is the text the user saw or would have seen (the server's
 * message for a business code, the spec §8 text for a transport failure, '' when silent).
 */
export class ApiError extends Error implements ApiErrorDetails {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly path: string;
  readonly code?: number;
  readonly status?: number;
  readonly data?: unknown;
  readonly hasResponse?: boolean;
  readonly handled: boolean;

  constructor(message: string, details: ApiErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = details.kind;
    this.path = details.path;
    this.code = details.code;
    this.status = details.status;
    this.data = details.data;
    this.hasResponse = details.hasResponse;
    this.handled = details.handled;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A cancelled call: callers that abort on unmount can ignore these. */
export function isCancelledError(error: unknown): boolean {
  return isApiError(error) && error.kind === 'cancelled';
}

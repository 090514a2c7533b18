import {
  awakenEndpoint,
  checkQrcodeEndpoint,
  type EndpointDefinition,
  type EndpointRequest,
  type EndpointResponse,
  type Envelope,
  frozenAccountEndpoint,
  type GateRefusal,
  type GlobalParams,
  getQrcodeEndpoint,
  logoutEndpoint,
  messageLoginEndpoint,
  pcLoginAuthEndpoint,
  qrcodeModeEndpoint,
  sendMessageCodeEndpoint,
} from '@tender/contracts';
import {
  DEVICE_CODE,
  type HttpFailure,
  httpFailureNotice,
  LOGGED_IN_ELSEWHERE_MESSAGE,
  MESSAGE_DURATION_MS,
  REQUEST_TIMEOUT_MS,
  RESPONSE_CODES,
  responseCodeAction,
  responseErrorMessage,
} from '@tender/domain';
import ky, { HTTPError, type KyInstance, TimeoutError } from 'ky';
import { ApiError, type ApiErrorDetails } from './api-error';
import { fileNameFromContentDisposition } from './content-disposition';
import { type ApiNotice, createMessageGate, type ShowNotice } from './message-gate';
import { bodyWithGlobalParams, queryWithGlobalParams } from './request-params';

/**
 * Calls whose codes the response-code table does not handle (spec §8: "Codes from the login and QR-code endpoints
 * are not handled by these rules"): their failures reject without a message or an action, for the login screen to
 * handle.
 */
export const LOGIN_ENDPOINT_PATHS: readonly string[] = [
  sendMessageCodeEndpoint.path,
  messageLoginEndpoint.path,
  logoutEndpoint.path,
  frozenAccountEndpoint.path,
  awakenEndpoint.path,
  qrcodeModeEndpoint.path,
  getQrcodeEndpoint.path,
  checkQrcodeEndpoint.path,
];

/** Paths after which the PC login-auth check never runs (spec §7): signing in and out, and the check itself. */
export const DEFAULT_PC_LOGIN_AUTH_EXCLUDED_PATHS: readonly string[] = [
  ...LOGIN_ENDPOINT_PATHS,
  pcLoginAuthEndpoint.path,
];

/** Hash routes on which the PC login-auth check does not run (spec §7). */
const PC_LOGIN_AUTH_EXCLUDED_ROUTES = ['#/login', '#/perfect'];

/** What the app does when the transport says so; the api-client never touches the router, storage or the DOM. */
export interface ApiClientHandlers {
  /**
   * Code 401, HTTP status 401, and after the 4011 dialog: clear the session (token, stores, local storage) and
   * reload the page (spec §8). Called at most once until {@link ApiClient.resetSession}.
   */
  logout(): void;
  /**
   * Code 4011: show the one-time dialog with `message` ('您的账号已在其他设备登录，请重新登录'); resolve when the
   * user acknowledges it, after which the client calls {@link logout}. Shown at most once until
   * {@link ApiClient.resetSession}.
   */
  confirmLoggedInElsewhere(message: string): Promise<void> | void;
  /** Code 430: go to /perfect (spec §8). */
  goToPerfect(): void;
  /**
   * Show a message (3 s) or the time-out notification (5 s). The client already keeps to one at a time; return a
   * function that closes the notice if the UI can, so a different message can replace it.
   */
  showNotice: ShowNotice;
  /**
   * The PC login-auth check refused (spec §2 "a no-permission popup opens when isUsePc is -1"): open the pcUse
   * permission dialog with the refusal's data.
   */
  pcLoginRefused?(refusal: GateRefusal, message: string): void;
}

export interface ApiClientOptions {
  /** The brand's manifest, or just its id and interface version: sent as the global parameters. */
  brand: { id: string; interfaceVersion: number };
  /** The current token, read on every call; none → no Authorization header. */
  getToken(): string | null | undefined;
  handlers: ApiClientHandlers;
  /** Origin of the API (paths are absolute: `/webchat/...`); default: the page's origin. */
  baseUrl?: string;
  /** Request time-out; default 180000 ms (spec §7, §9). */
  timeoutMs?: number;
  /** The page's hash route, for the PC login-auth exclusions; default `location.hash`. */
  currentHash?(): string;
  /** Extra paths after which the PC login-auth check does not run, added to the defaults. */
  pcLoginAuthExcludedPaths?: readonly string[];
  /** Run the PC login-auth check at all (default true). */
  pcLoginAuthCheck?: boolean;
  /**
   * Validate each successful `data` with the endpoint's response schema (default false). A mismatch is handled as
   * a response that cannot be read ('服务器出错，请稍后再试试！'). Useful in development and tests.
   */
  validateResponses?: boolean;
  /** The fetch to use (tests, other runtimes); default the global one. */
  fetch?: typeof fetch;
  /** The clock of the one-message-at-a-time rule (tests). */
  now?(): number;
}

export interface CallOptions {
  /** Abort the call; a cancelled call is silent (spec §8) and rejects with an ApiError of kind `cancelled`. */
  signal?: AbortSignal;
  /** This call's time-out instead of the client's. */
  timeoutMs?: number;
  /**
   * Business codes this caller handles itself (e.g. 403 for a gate refusal that opens a permission dialog): no
   * message and no code-table action; the call rejects with the ApiError carrying `code` and `data`.
   */
  handleCodes?: readonly number[];
  /** Show no message for this call's failures; the code table's actions (logout, dialog, /perfect) still run. */
  silent?: boolean;
}

/** The input a call takes: optional when the endpoint's request has no required field. */
type InputArgs<E> =
  Record<never, never> extends EndpointRequest<E>
    ? [input?: EndpointRequest<E>, options?: CallOptions]
    : [input: EndpointRequest<E>, options?: CallOptions];

/** A downloaded file (spec §7 blob answers, e.g. `zhaozhongbiaoDetails/downloadDocument`). */
export interface DownloadedFile {
  blob: Blob;
  /** From `Content-Disposition` (RFC 5987 names decoded); undefined when the server gave none. */
  fileName: string | undefined;
  contentType: string;
}

export interface ApiClient {
  /** The global parameters merged into every request. */
  readonly globalParams: GlobalParams;
  /** One call: the endpoint's `data` when the code is fine (200, 204, 235, 431); otherwise rejects with ApiError. */
  call<E extends EndpointDefinition>(endpoint: E, ...args: InputArgs<E>): Promise<EndpointResponse<E>>;
  /** Like {@link call}, resolving the whole envelope, for callers that read `code` (235, 431, '200' checks). */
  callEnvelope<E extends EndpointDefinition>(
    endpoint: E,
    ...args: InputArgs<E>
  ): Promise<Envelope<EndpointResponse<E>>>;
  /** A file answer; a JSON envelope instead (a refusal) goes through the code table and rejects. */
  download<E extends EndpointDefinition>(endpoint: E, ...args: InputArgs<E>): Promise<DownloadedFile>;
  /** A multipart upload (e.g. the avatar): the form as is, the global parameters in the query. */
  upload<E extends EndpointDefinition>(
    endpoint: E,
    form: FormData,
    options?: CallOptions,
  ): Promise<EndpointResponse<E>>;
  /**
   * Forget the once-per-session state (the PC login-auth check, the 4011 dialog, a logout in progress): call it
   * after signing in without a page reload.
   */
  resetSession(): void;
}

interface Outcome {
  envelope?: Envelope<unknown>;
  response: Response;
}

type Body = { kind: 'json'; value: unknown } | { kind: 'form'; value: FormData } | { kind: 'none' };

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { code?: unknown }).code === 'number' &&
    Number.isInteger((value as { code: number }).code)
  );
}

/** The server's message from an error response's JSON body, if it has one. */
async function serverMessageOf(response: Response): Promise<string | undefined> {
  try {
    const body: unknown = JSON.parse(await response.text());
    const message = (body as { message?: unknown } | null)?.message;
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The shared HTTP client (spec §7, §8; architecture §5, §7): `Authorization: Bearer`, `X-Device: 50`, JSON,
 * `brand` and `version` merged into the POST body or the GET query, a 180000 ms time-out, the response-code table
 * and HTTP error messages of `@tender/domain`, one message at a time, cancelled calls silent, and the PC
 * login-auth check once after a 200/201 answer.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { handlers } = options;
  const globalParams: GlobalParams = { brand: options.brand.id, version: options.brand.interfaceVersion };
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const gate = createMessageGate(handlers.showNotice, options.now);
  const excludedPaths = new Set([
    ...DEFAULT_PC_LOGIN_AUTH_EXCLUDED_PATHS,
    ...(options.pcLoginAuthExcludedPaths ?? []),
  ]);
  const currentHash = options.currentHash ?? (() => globalThis.location?.hash ?? '');
  const http: KyInstance = ky.create({
    retry: 0,
    throwHttpErrors: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  let pcLoginAuthDone = false;
  let loggedInElsewhereShown = false;
  let loggingOut = false;

  function notify(notice: ApiNotice) {
    gate.show(notice);
  }

  function logoutOnce() {
    if (loggingOut) return;
    loggingOut = true;
    handlers.logout();
  }

  function urlOf(path: string): string {
    const base = options.baseUrl ?? globalThis.location?.origin;
    return base ? new URL(path, base).href : path;
  }

  function headers(body: Body): Record<string, string> {
    const token = options.getToken();
    return {
      'X-Device': String(DEVICE_CODE),
      Accept: 'application/json, */*',
      ...(body.kind === 'json' ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    };
  }

  /** Turns a transport failure into the spec §8 notice and the ApiError the call rejects with. */
  function transportFailure(
    path: string,
    failure: HttpFailure,
    callOptions: CallOptions | undefined,
    cause: unknown,
  ): ApiError {
    const notice = httpFailureNotice(failure);
    const details: ApiErrorDetails = {
      kind: failure.kind,
      path,
      handled: true,
      ...(failure.kind === 'status' ? { status: failure.status } : {}),
      ...(failure.kind === 'network' ? { hasResponse: failure.hasResponse } : {}),
    };
    switch (notice.kind) {
      case 'silent':
        return new ApiError('', details, { cause });
      case 'logout':
        logoutOnce();
        return new ApiError('', details, { cause });
      case 'message':
        if (!callOptions?.silent) {
          notify({
            kind: failure.kind === 'timeout' ? 'notification' : 'message',
            text: notice.text,
            durationMs: notice.durationMs,
          });
        }
        return new ApiError(notice.text, { ...details, handled: !callOptions?.silent }, { cause });
    }
  }

  async function send(
    endpoint: EndpointDefinition,
    body: Body,
    query: URLSearchParams | undefined,
    callOptions: CallOptions | undefined,
  ): Promise<Outcome> {
    const { path } = endpoint;
    const signal = callOptions?.signal;
    try {
      const response = await http(urlOf(path), {
        method: endpoint.method,
        headers: headers(body),
        timeout: callOptions?.timeoutMs ?? timeoutMs,
        ...(query ? { searchParams: query } : {}),
        ...(body.kind === 'json' ? { body: JSON.stringify(body.value) } : {}),
        ...(body.kind === 'form' ? { body: body.value } : {}),
        ...(signal ? { signal } : {}),
      });
      const contentType = response.headers.get('content-type') ?? '';
      if (!contentType.includes('json')) return { response };
      const text = await response.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch (cause) {
        throw transportFailure(path, { kind: 'network', hasResponse: true }, callOptions, cause);
      }
      if (!isEnvelope(parsed)) {
        throw transportFailure(path, { kind: 'network', hasResponse: true }, callOptions, undefined);
      }
      return { envelope: parsed, response };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal?.aborted) throw transportFailure(path, { kind: 'cancelled' }, callOptions, error);
      if (error instanceof TimeoutError)
        throw transportFailure(path, { kind: 'timeout' }, callOptions, error);
      if (error instanceof HTTPError) {
        const serverMessage = await serverMessageOf(error.response);
        throw transportFailure(
          path,
          { kind: 'status', status: error.response.status, serverMessage },
          callOptions,
          error,
        );
      }
      if (error instanceof Error && error.name === 'AbortError') {
        throw transportFailure(path, { kind: 'cancelled' }, callOptions, error);
      }
      throw transportFailure(path, { kind: 'network', hasResponse: false }, callOptions, error);
    }
  }

  /**
   * spec §7: once after a 200/201 answer — an HTTP 200/201 whose code is fine; a 430 or 401 answer must not set
   * off a check that would only repeat it — except on #/login, #/perfect and after the excluded paths.
   */
  function maybeCheckPcLogin(path: string, status: number) {
    if (options.pcLoginAuthCheck === false || pcLoginAuthDone || loggingOut) return;
    if (status !== 200 && status !== 201) return;
    if (excludedPaths.has(path) || !options.getToken()) return;
    const hash = currentHash();
    if (PC_LOGIN_AUTH_EXCLUDED_ROUTES.some((route) => hash === route || hash.startsWith(`${route}?`))) return;
    pcLoginAuthDone = true;
    const forbidden = RESPONSE_CODES.FORBIDDEN;
    handle(pcLoginAuthEndpoint, { kind: 'json', value: bodyWithGlobalParams({}, globalParams) }, undefined, {
      handleCodes: [forbidden],
    }).catch((error: unknown) => {
      if (error instanceof ApiError && error.kind === 'business' && error.code === forbidden) {
        handlers.pcLoginRefused?.(error.data as GateRefusal, error.message);
      }
    });
  }

  /** The response-code table (spec §8) over one answer. */
  async function interpret(
    endpoint: EndpointDefinition,
    envelope: Envelope<unknown>,
    status: number,
    callOptions: CallOptions | undefined,
  ): Promise<Envelope<unknown>> {
    const { path } = endpoint;
    const { code } = envelope;
    const message = typeof envelope.message === 'string' ? envelope.message : '';
    const business = (text: string, handled: boolean) =>
      new ApiError(text, { kind: 'business', path, code, data: envelope.data, handled });

    const action = responseCodeAction(code);
    if (action === 'ok') {
      if (options.validateResponses && code === RESPONSE_CODES.SUCCESS) {
        const result = endpoint.response.safeParse(envelope.data);
        if (!result.success) {
          throw transportFailure(path, { kind: 'network', hasResponse: true }, callOptions, result.error);
        }
        envelope.data = result.data;
      }
      maybeCheckPcLogin(path, status);
      return envelope;
    }
    if (LOGIN_ENDPOINT_PATHS.includes(path) || callOptions?.handleCodes?.includes(code)) {
      throw business(message, false);
    }
    switch (action) {
      case 'logout-reload':
        logoutOnce();
        throw business(message, true);
      case 'relogin-dialog':
        if (!loggedInElsewhereShown && !loggingOut) {
          loggedInElsewhereShown = true;
          await handlers.confirmLoggedInElsewhere(LOGGED_IN_ELSEWHERE_MESSAGE);
          logoutOnce();
        }
        throw business(LOGGED_IN_ELSEWHERE_MESSAGE, true);
      case 'perfect':
        handlers.goToPerfect();
        throw business(message, true);
      case 'error': {
        const text = responseErrorMessage(code, message);
        if (!callOptions?.silent) notify({ kind: 'message', text, durationMs: MESSAGE_DURATION_MS });
        throw business(text, !callOptions?.silent);
      }
    }
  }

  /** One request through the transport and the code table. */
  async function handle(
    endpoint: EndpointDefinition,
    body: Body,
    query: URLSearchParams | undefined,
    callOptions: CallOptions | undefined,
  ): Promise<Envelope<unknown>> {
    const { envelope, response } = await send(endpoint, body, query, callOptions);
    if (!envelope) {
      throw transportFailure(endpoint.path, { kind: 'network', hasResponse: true }, callOptions, undefined);
    }
    return interpret(endpoint, envelope, response.status, callOptions);
  }

  function requestParts(endpoint: EndpointDefinition, input: unknown): [Body, URLSearchParams | undefined] {
    return endpoint.method === 'GET'
      ? [{ kind: 'none' }, queryWithGlobalParams(input, globalParams)]
      : [{ kind: 'json', value: bodyWithGlobalParams(input, globalParams) }, undefined];
  }

  async function callEnvelope<E extends EndpointDefinition>(
    endpoint: E,
    ...[input, callOptions]: InputArgs<E>
  ): Promise<Envelope<EndpointResponse<E>>> {
    const [body, query] = requestParts(endpoint, input);
    return (await handle(endpoint, body, query, callOptions)) as Envelope<EndpointResponse<E>>;
  }

  return {
    globalParams,
    callEnvelope,
    async call(endpoint, ...args) {
      return (await callEnvelope(endpoint, ...args)).data;
    },
    async download(endpoint, ...[input, callOptions]) {
      const [body, query] = requestParts(endpoint, input);
      const { envelope, response } = await send(endpoint, body, query, callOptions);
      if (envelope) {
        // An envelope instead of the file (a refusal): the code table decides what the user sees.
        await interpret(endpoint, envelope, response.status, callOptions);
        const blob = new Blob([JSON.stringify(envelope)], { type: 'application/json' });
        return { blob, fileName: undefined, contentType: blob.type };
      }
      maybeCheckPcLogin(endpoint.path, response.status);
      const blob = await response.blob();
      return {
        blob,
        fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')),
        contentType: response.headers.get('content-type') ?? blob.type,
      };
    },
    async upload(endpoint, form, callOptions) {
      const envelope = await handle(
        endpoint,
        { kind: 'form', value: form },
        queryWithGlobalParams({}, globalParams),
        callOptions,
      );
      return envelope.data as EndpointResponse<typeof endpoint>;
    },
    resetSession() {
      pcLoginAuthDone = false;
      loggedInElsewhereShown = false;
      loggingOut = false;
    },
  };
}

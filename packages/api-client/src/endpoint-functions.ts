import type { EndpointDefinition, EndpointRequest, EndpointResponse } from '@tender/contracts';
import * as contracts from '@tender/contracts';
import type { ApiClient, CallOptions, DownloadedFile } from './create-api-client';

type Contracts = typeof contracts;

/** Endpoints whose answer is a file, not an envelope: their function downloads. */
const DOWNLOAD_ENDPOINTS = ['downloadDocumentEndpoint', 'projectAnalysisExportEndpoint'] as const;
/** Endpoints that take multipart/form-data: their function uploads a FormData. */
const UPLOAD_ENDPOINTS = ['uploadAvatarEndpoint'] as const;

type DownloadEndpointName = (typeof DOWNLOAD_ENDPOINTS)[number];
type UploadEndpointName = (typeof UPLOAD_ENDPOINTS)[number];

type InputArgs<E> =
  Record<never, never> extends EndpointRequest<E>
    ? [input?: EndpointRequest<E>, options?: CallOptions]
    : [input: EndpointRequest<E>, options?: CallOptions];

/** The function of one endpoint, named after it without the `Endpoint` suffix. */
export type EndpointFunction<K extends keyof Contracts> = K extends DownloadEndpointName
  ? (...args: InputArgs<Contracts[K]>) => Promise<DownloadedFile>
  : K extends UploadEndpointName
    ? (form: FormData, options?: CallOptions) => Promise<EndpointResponse<Contracts[K]>>
    : (...args: InputArgs<Contracts[K]>) => Promise<EndpointResponse<Contracts[K]>>;

/**
 * One typed function per endpoint of `@tender/contracts`, generated from its exports: every `<name>Endpoint`
 * becomes `<name>(input?, options?)` (`userCenterEndpoint` → `userCenter()`, `selAreaEndpoint` → `selArea()`),
 * so a new contract is callable without touching this package.
 */
export type EndpointFunctions = {
  [K in keyof Contracts as K extends `${infer Name}Endpoint`
    ? Contracts[K] extends EndpointDefinition
      ? Name
      : never
    : never]: EndpointFunction<K>;
};

function isEndpointDefinition(value: unknown): value is EndpointDefinition {
  const candidate = value as Partial<EndpointDefinition> | null;
  return (
    candidate !== null &&
    typeof candidate === 'object' &&
    (candidate.method === 'GET' || candidate.method === 'POST') &&
    typeof candidate.path === 'string'
  );
}

/** Binds every endpoint of `@tender/contracts` to `client` (see {@link EndpointFunctions}). */
export function createEndpointFunctions(client: ApiClient): EndpointFunctions {
  const functions: Record<string, unknown> = {};
  for (const [exportName, value] of Object.entries(contracts)) {
    if (!exportName.endsWith('Endpoint') || !isEndpointDefinition(value)) continue;
    const name = exportName.slice(0, -'Endpoint'.length);
    if ((DOWNLOAD_ENDPOINTS as readonly string[]).includes(exportName)) {
      functions[name] = (input?: unknown, options?: CallOptions) =>
        client.download(value, input as never, options);
    } else if ((UPLOAD_ENDPOINTS as readonly string[]).includes(exportName)) {
      functions[name] = (form: FormData, options?: CallOptions) => client.upload(value, form, options);
    } else {
      functions[name] = (input?: unknown, options?: CallOptions) =>
        client.call(value, input as never, options);
    }
  }
  return functions as EndpointFunctions;
}

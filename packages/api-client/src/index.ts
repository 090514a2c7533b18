// Public API of @tender/api-client: the shared HTTP client (spec §7, §8). Curated; no `export *`.
export { ApiError, type ApiErrorDetails, type ApiErrorKind, isApiError, isCancelledError } from './api-error';
export { areaTreeFromSelArea, loadAreaTree, selAreaVersion } from './area-tree';
export { fileNameFromContentDisposition } from './content-disposition';
export {
  type ApiClient,
  type ApiClientHandlers,
  type ApiClientOptions,
  type CallOptions,
  createApiClient,
  DEFAULT_PC_LOGIN_AUTH_EXCLUDED_PATHS,
  type DownloadedFile,
  LOGIN_ENDPOINT_PATHS,
} from './create-api-client';
export { type DictionaryEntry, loadDictionaries, loadDictionary } from './dictionaries';
export { createEndpointFunctions, type EndpointFunction, type EndpointFunctions } from './endpoint-functions';
export { type ApiNotice, createMessageGate, type MessageGate, type ShowNotice } from './message-gate';

import type { z } from 'zod';

/**
 * Who may call an endpoint: anyone of the brand (`public`), a signed-in user whose profile may still be
 * incomplete (`session`: profile completion, logout), or a signed-in user with a complete profile (`user`).
 */
export type EndpointAccess = 'public' | 'session' | 'user';

/** A business outcome an endpoint may answer besides success, for the API reference (docs/api.md). */
export interface EndpointError {
  code: number;
  when: string;
}

/**
 * One call of the API: the server validates `request` (query and body merged: the body of a POST, the query of
 * a GET) and answers `response` as the envelope's `data`; the api-client uses the same definition, so both sides
 * share one truth. `summary`, `access` and `errors` also generate docs/api.md.
 */
export interface EndpointDefinition<
  TRequest extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  access: EndpointAccess;
  request: TRequest;
  response: TResponse;
  errors?: readonly EndpointError[];
  /** The `data` the refusals in `errors` carry, when they carry any (e.g. the permission dialog to open). */
  errorData?: z.ZodType;
}

export function defineEndpoint<TRequest extends z.ZodType, TResponse extends z.ZodType>(
  definition: EndpointDefinition<TRequest, TResponse>,
): EndpointDefinition<TRequest, TResponse> {
  return definition;
}

export type EndpointRequest<TEndpoint> =
  TEndpoint extends EndpointDefinition<infer TRequest, z.ZodType> ? z.input<TRequest> : never;

export type EndpointResponse<TEndpoint> =
  TEndpoint extends EndpointDefinition<z.ZodType, infer TResponse> ? z.output<TResponse> : never;

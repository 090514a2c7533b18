import type { z } from 'zod';

/**
 * One call of the API: the server validates `request` (the body of a POST, the query of a GET) and answers
 * `response` as the envelope's `data`; the api-client uses the same definition, so both sides share one truth.
 */
export interface EndpointDefinition<
  TRequest extends z.ZodType = z.ZodType,
  TResponse extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  request: TRequest;
  response: TResponse;
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

import type { FastifyInstance } from 'fastify';

export interface ApiCall {
  /** The brand of the global parameters (default 'alpha'). */
  brand?: string;
  version?: number;
  /** Request fields: the query of a GET, the JSON body of a POST. */
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: like `response.json()`, test answers are checked by assertions
export interface ApiAnswer<TData = any> {
  code: number;
  data: TData;
  message: string;
}

/** Calls a /webchat endpoint the way the api-client does (global parameters merged in) and answers the envelope. */
// biome-ignore lint/suspicious/noExplicitAny: like `response.json()`, test answers are checked by assertions
export async function callApi<TData = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  call: ApiCall = {},
): Promise<ApiAnswer<TData>> {
  const fields = { brand: call.brand ?? 'alpha', version: call.version ?? 20, ...call.params };
  const response =
    method === 'GET'
      ? await app.inject({
          method,
          url: `${path}?${new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)] as [string, string]))}`,
          headers: call.headers,
          remoteAddress: call.remoteAddress,
        })
      : await app.inject({
          method,
          url: path,
          payload: fields,
          headers: call.headers,
          remoteAddress: call.remoteAddress,
        });
  return response.json() as ApiAnswer<TData>;
}

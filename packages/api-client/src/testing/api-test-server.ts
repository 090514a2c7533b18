import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The raw body text. */
  body: string;
}

/** What the server does for a path: answer, never answer (a time-out), or drop the connection. */
export type ServerReply =
  | { status?: number; headers?: Record<string, string>; body?: string | Buffer }
  | 'hang'
  | 'destroy';

export type ReplyFunction = (request: RecordedRequest) => ServerReply;

/** An envelope answer `{code, data, message}` with HTTP status 200 (architecture §7). */
export function envelopeReply(code: number, data: unknown = null, message = ''): ServerReply {
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ code, data, message }),
  };
}

/** A real HTTP status with an optional JSON body. */
export function statusReply(status: number, json?: unknown): ServerReply {
  return json === undefined
    ? { status }
    : { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(json) };
}

export interface ApiTestServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  requests: RecordedRequest[];
  /** Requests to one path. */
  requestsTo(path: string): RecordedRequest[];
  /** Sets the reply of a path (replacing an earlier one). Unknown paths answer code 404 in an envelope. */
  reply(path: string, reply: ServerReply | ReplyFunction): void;
  reset(): void;
  close(): Promise<void>;
}

/**
 * A small real HTTP server on the loopback interface that answers as the platform's server does on the wire
 * (envelopes with HTTP 200, real statuses for transport failures), so the api-client is tested through real
 * sockets, fetch and ky rather than through mocks of itself.
 */
export async function startApiTestServer(): Promise<ApiTestServer> {
  const replies = new Map<string, ServerReply | ReplyFunction>();
  const requests: RecordedRequest[] = [];
  const hanging = new Set<import('node:http').ServerResponse>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      const configured = replies.get(url.pathname);
      const reply =
        typeof configured === 'function'
          ? configured(recorded)
          : (configured ?? envelopeReply(404, null, '接口不存在'));
      if (reply === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (reply === 'destroy') {
        req.socket.destroy();
        return;
      }
      res.writeHead(reply.status ?? 200, reply.headers ?? {});
      res.end(reply.body ?? '');
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    reply: (path, reply) => {
      replies.set(path, reply);
    },
    reset: () => {
      replies.clear();
      requests.length = 0;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

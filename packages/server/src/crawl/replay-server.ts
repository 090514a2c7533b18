import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';

export const FIXTURES = join(import.meta.dirname, 'fixtures');

/** A path's answer: a fixture file's bytes, a page filled in by the test, or a text (robots.txt). Else 404. */
export type Replay = { file: string } | { html: string } | { text: string };

export interface ReplayServer {
  origin: string;
  /** Every path asked for, in order. */
  requested: string[];
  close(): Promise<void>;
}

/** Replays stored pages over HTTP as the live site would serve them (tests only). */
export async function replayServer(routes: Record<string, Replay>): Promise<ReplayServer> {
  const requested: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    requested.push(path);
    const route = routes[path];
    if (!route) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' }).end('<h1>404</h1>');
      return;
    }
    if ('text' in route) {
      response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(route.text);
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('html' in route ? route.html : readFileSync(join(FIXTURES, route.file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requested,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { ROBOT_WEBHOOK_HOSTS } from '@tender/contracts';
import { isPublicAddress } from '../push/robot-address';
import type { WebhookNetwork } from '../push/webhooks';
import { selfSignedCertificate } from './self-signed-certificate';

export interface RobotRequest {
  /** The TLS server name (SNI) the sender asked for. */
  servername: string;
  host: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, for checking a signature over it. */
  rawBody: string;
  body: Record<string, unknown>;
}

export interface FakeRobot {
  port: number;
  /** The certificate the fake answers with, for every robot host: the only CA its network trusts. */
  ca: string;
  received: RobotRequest[];
  /** Answers the next `count` requests with HTTP 500 (a receiver that is down for a while). */
  failNext(count: number): void;
  /** Requests to a path ending in `/hang` that are still open (the fake never answers them). */
  readonly hanging: number;
  close(): Promise<void>;
}

/**
 * A local HTTPS server standing in for the group robots (WeCom, DingTalk, Feishu, Lark) on 127.0.0.1, with a
 * self-signed certificate for their host names: it records each request with its SNI and Host, answers
 * `{"errcode":0}`, never answers a path ending in `/hang`, and redirects a path ending in `/redirect` to
 * `?location=`.
 */
export async function startFakeRobot(options: { extraHosts?: string[] } = {}): Promise<FakeRobot> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const now = Date.now();
  const certificate = selfSignedCertificate({
    publicKey,
    privateKey,
    commonName: 'fake robots',
    organization: 'tender tests',
    notBefore: new Date(now - 86_400_000),
    notAfter: new Date(now + 86_400_000),
    dnsNames: [...Object.values(ROBOT_WEBHOOK_HOSTS).flat(), ...(options.extraHosts ?? [])],
  });
  const received: RobotRequest[] = [];
  let hanging = 0;
  let failing = 0;
  const server: Server = createServer(
    { key: privateKey.export({ type: 'pkcs8', format: 'pem' }), cert: certificate.pem },
    (request, response) => {
      const url = new URL(request.url ?? '/', 'https://robot.invalid');
      if (url.pathname.endsWith('/hang')) {
        hanging += 1;
        request.socket.on('close', () => {
          hanging -= 1;
        });
        return;
      }
      let data = '';
      request.on('data', (chunk) => {
        data += chunk;
      });
      request.on('end', () => {
        received.push({
          servername: String((request.socket as TLSSocket).servername),
          host: request.headers.host ?? '',
          path: url.pathname,
          query: url.searchParams,
          headers: request.headers,
          rawBody: data,
          body: JSON.parse(data),
        });
        if (failing > 0) {
          failing -= 1;
          response.writeHead(500).end();
          return;
        }
        if (url.pathname.endsWith('/redirect')) {
          response.writeHead(302, { location: url.searchParams.get('location') ?? '/' }).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"errcode":0}');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    ca: certificate.pem,
    received,
    failNext(count) {
      failing = count;
    },
    get hanging() {
      return hanging;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The test-only network to the fake: every robot host resolves to 127.0.0.1, which (and only which) is let through
 * besides public addresses, on the fake's port, trusting only the fake's certificate. The address check, TLS with
 * the robot host's name, and the request itself are the production ones.
 */
export function fakeRobotNetwork(robot: Pick<FakeRobot, 'port' | 'ca'>): WebhookNetwork {
  return {
    resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    reachable: (address) => address === '127.0.0.1' || isPublicAddress(address),
    port: robot.port,
    ca: robot.ca,
  };
}

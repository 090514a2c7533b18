import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Authenticator } from '../http/endpoint-route';

/** The websocket's path (spec §7 "a websocket endpoint exists, with a token query parameter"). */
export const WEBSOCKET_PATH = '/webchat/websocket';

/**
 * The live connections of signed-in users: `GET /webchat/websocket?token=…&brand=…` upgrades when the token is a
 * valid session of that brand (the same `Authenticator` as every endpoint); anything else is refused with 401
 * before the upgrade. Messages are JSON; a user may have several tabs open, each gets every message.
 */
export class PushHub {
  private readonly server = new WebSocketServer({ noServer: true });
  private readonly byUser = new Map<string, Set<WebSocket>>();

  constructor(private readonly authenticator: Authenticator) {}

  /** Takes over the HTTP server's upgrades to {@link WEBSOCKET_PATH}; closes the sockets when the app closes. */
  attach(app: FastifyInstance): void {
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(request, socket, head).catch(() => socket.destroy());
    });
    app.addHook('onClose', async () => {
      for (const client of this.server.clients) client.terminate();
      this.server.close();
    });
  }

  private async upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== WEBSOCKET_PATH) {
      socket.destroy();
      return;
    }
    let key: string;
    try {
      const { tenant, signedIn } = await this.authenticator.authenticate(
        url.searchParams.get('brand') ?? '',
        url.searchParams.get('token') ?? undefined,
        'session',
      );
      key = `${tenant.id}:${signedIn.userId}`;
    } catch {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.server.handleUpgrade(request, socket, head, (client) => {
      let clients = this.byUser.get(key);
      if (!clients) {
        clients = new Set();
        this.byUser.set(key, clients);
      }
      clients.add(client);
      client.on('close', () => {
        clients.delete(client);
        if (clients.size === 0 && this.byUser.get(key) === clients) this.byUser.delete(key);
      });
      client.send(JSON.stringify({ type: 'ready' }));
    });
  }

  /** Sends to every open connection of the user in that brand; answers how many got it. */
  send(brandId: string, userId: number, message: unknown): number {
    const clients = this.byUser.get(`${brandId}:${userId}`);
    if (!clients) return 0;
    const data = JSON.stringify(message);
    for (const client of clients) client.send(data);
    return clients.size;
  }

  get connectedUsers(): number {
    return this.byUser.size;
  }
}

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type WebSocket, WebSocketServer } from 'ws';
import { isExpired, type SessionTimes } from '../auth/sessions';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import type { Authenticator } from '../http/endpoint-route';
import { reportWebsockets } from '../observability/metrics';

/** The websocket's path (spec §7 "a websocket endpoint exists, with a token query parameter"). */
export const WEBSOCKET_PATH = '/webchat/websocket';

/** Why the server closed a socket (private-use close codes; docs/operations.md, Security). */
export const PUSH_CLOSE_CODES = {
  /** The session was signed out, revoked or expired. */
  signedOut: 4401,
  /** A newer sign-in of the account superseded the session (the API's 4011, spec §8). */
  signedInElsewhere: 4011,
  /** The account was frozen. */
  frozen: 4423,
  /** The member opened a socket past {@link PUSH_LIMITS}.socketsPerMember: the oldest one is closed. */
  tooManySockets: 4429,
} as const;

export const PUSH_LIMITS = {
  /** Open sockets per member and brand (tabs); a new one closes the oldest. */
  socketsPerMember: 5,
  /** The largest message a client may send (clients send none): larger ones close the socket with 1009. */
  maxPayloadBytes: 4096,
  /** How often the sessions of open sockets are read again, for sessions ended on other API nodes. */
  recheckMs: 1000,
} as const;

interface Connection {
  socket: WebSocket;
  key: string;
  userId: number;
  sessionId: string;
}

interface SessionState extends SessionTimes {
  sessionId: string;
  revoked: boolean;
  superseded: boolean;
  frozen: boolean;
}

/** Why a session no longer may receive pushes, or undefined while it may. */
function endOf(state: SessionState | undefined, now: Date): { code: number; reason: string } | undefined {
  if (!state) return { code: PUSH_CLOSE_CODES.signedOut, reason: 'signed out' };
  if (state.frozen) return { code: PUSH_CLOSE_CODES.frozen, reason: 'account frozen' };
  if (state.revoked) return { code: PUSH_CLOSE_CODES.signedOut, reason: 'signed out' };
  if (state.superseded) return { code: PUSH_CLOSE_CODES.signedInElsewhere, reason: 'signed in elsewhere' };
  if (isExpired(state, now)) return { code: PUSH_CLOSE_CODES.signedOut, reason: 'session expired' };
  return undefined;
}

/**
 * The live connections of signed-in users: `GET /webchat/websocket?token=…&brand=…` upgrades when the token is a
 * valid session of that brand (the same `Authenticator` as every endpoint); anything else is refused with 401
 * before the upgrade. Messages are JSON; a user may have a few tabs open, each gets every message. A socket lives
 * only as long as its session: sign-out, a sign-in elsewhere and freezing close it at once in this process
 * ({@link PushHub.recheckUser}), and every {@link PUSH_LIMITS}.recheckMs all open sockets' sessions are read again
 * in one statement, for sessions ended through another API node.
 */
export class PushHub {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: PUSH_LIMITS.maxPayloadBytes });
  private readonly byUser = new Map<string, Connection[]>();
  private recheckTimer: NodeJS.Timeout | undefined;
  private rechecking: Promise<void> = Promise.resolve();
  private rechecksWaiting = 0;

  constructor(
    private readonly authenticator: Authenticator,
    private readonly store: { db: Queryable; clock: Clock; log: FastifyBaseLogger },
  ) {}

  /** Takes over the HTTP server's upgrades to {@link WEBSOCKET_PATH}; closes the sockets when the app closes. */
  attach(app: FastifyInstance): void {
    app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
      this.upgrade(request, socket, head).catch(() => socket.destroy());
    });
    this.recheckTimer = setInterval(() => {
      // a slow database does not pile up checks: the next one starts after the last one ended
      if (this.rechecksWaiting === 0) this.recheck(() => true);
    }, PUSH_LIMITS.recheckMs);
    this.recheckTimer.unref();
    const stopReporting = reportWebsockets(() => this.server.clients.size);
    app.addHook('onClose', async () => {
      stopReporting();
      clearInterval(this.recheckTimer);
      await this.rechecking;
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
    let connection: Omit<Connection, 'socket'>;
    try {
      const { tenant, signedIn } = await this.authenticator.authenticate(
        url.searchParams.get('brand') ?? '',
        url.searchParams.get('token') ?? undefined,
        'session',
      );
      connection = {
        key: `${tenant.id}:${signedIn.userId}`,
        userId: signedIn.userId,
        sessionId: signedIn.sessionId,
      };
    } catch {
      socket.end('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    this.server.handleUpgrade(request, socket, head, (client) => {
      const open: Connection = { ...connection, socket: client };
      const connections = this.byUser.get(open.key) ?? [];
      connections.push(open);
      this.byUser.set(open.key, connections);
      // the oldest tabs give way: a member's sockets stay within the cap
      while (connections.length > PUSH_LIMITS.socketsPerMember) {
        const oldest = connections[0];
        if (oldest) this.end(oldest, PUSH_CLOSE_CODES.tooManySockets, 'too many connections');
      }
      client.on('close', () => this.forget(open));
      // a client's protocol error (a message over maxPayload: 1009) closes its socket; unheard, it would crash the
      // process
      client.on('error', () => this.forget(open));
      client.send(JSON.stringify({ type: 'ready' }));
    });
  }

  private forget(connection: Connection): void {
    const connections = this.byUser.get(connection.key);
    if (!connections) return;
    const index = connections.indexOf(connection);
    if (index >= 0) connections.splice(index, 1);
    if (connections.length === 0) this.byUser.delete(connection.key);
  }

  /** Stops pushing to the connection at once and closes it with the code that tells the client why. */
  private end(connection: Connection, code: number, reason: string): void {
    this.forget(connection);
    connection.socket.close(code, reason);
  }

  /**
   * Reads the sessions of the open sockets that `which` picks in one statement and closes those whose session
   * ended. Rechecks run one after another.
   */
  private recheck(which: (connection: Connection) => boolean): Promise<void> {
    this.rechecksWaiting += 1;
    this.rechecking = this.rechecking.then(async () => {
      this.rechecksWaiting -= 1;
      const connections = [...this.byUser.values()].flat().filter(which);
      if (connections.length === 0) return;
      try {
        const states = await this.store.db.query<SessionState>(
          `SELECT s.id::text AS "sessionId", s.revoked_at IS NOT NULL AS revoked,
                  s.superseded_at IS NOT NULL AS superseded, u.frozen_at IS NOT NULL AS frozen,
                  s.expires_at AS "expiresAt", s.remember, s.created_at AS "sessionCreatedAt"
             FROM user_session s JOIN user_account u ON u.id = s.user_id
            WHERE s.id = ANY($1::bigint[])`,
          [[...new Set(connections.map((connection) => connection.sessionId))]],
        );
        const bySession = new Map(states.map((state) => [state.sessionId, state]));
        const now = this.store.clock();
        for (const connection of connections) {
          const ended = endOf(bySession.get(connection.sessionId), now);
          if (ended) this.end(connection, ended.code, ended.reason);
        }
      } catch (error) {
        this.store.log.error({ error: String(error) }, 'websocket session check failed');
      }
    });
    return this.rechecking;
  }

  /** Closes at once the user's sockets whose session ended (src/auth tells after a sign-out, sign-in or freeze). */
  recheckUser(userId: number): Promise<void> {
    return this.recheck((connection) => connection.userId === userId);
  }

  /** Sends to every open connection of the user in that brand; answers how many got it. */
  send(brandId: string, userId: number, message: unknown): number {
    const connections = this.byUser.get(`${brandId}:${userId}`);
    if (!connections) return 0;
    const data = JSON.stringify(message);
    for (const connection of connections) connection.socket.send(data);
    return connections.length;
  }

  get connectedUsers(): number {
    return this.byUser.size;
  }
}

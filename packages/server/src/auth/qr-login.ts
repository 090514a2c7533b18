import { type checkQrcodeEndpoint, type EndpointResponse, QR_TICKET_TTL_SECONDS } from '@tender/contracts';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import type { Tenant } from '../tenants/queries';
import { userQueries } from '../users/queries';
import { newSecret, secretHash } from './secrets';
import type { sessionService } from './sessions';
import type { SignInService } from './sign-in-service';

/** The path of the confirm page the QR code opens on the phone. */
export const QR_CONFIRM_PATH = '/webchat/ma-login/confirm';

interface TicketRow {
  id: number;
  brandId: string;
  remember: boolean;
  expiresAt: Date;
  scannedAt: Date | null;
  confirmedAt: Date | null;
  userId: number | null;
  claimedAt: Date | null;
}

/** Where a ticket stands as the phone sees it. */
export type TicketState = { kind: 'open'; ticket: TicketRow } | { kind: 'confirmed' } | { kind: 'expired' };

/**
 * Mini-program QR sign-in (spec §7 `maQrcodeLogin`): the browser gets a ticket and polls it; the phone opens
 * our confirm page from the QR code (SCANNED), proves a phone number with an SMS code and confirms
 * (CONFIRMED); the next poll claims the ticket once and gets a new session. Tickets live 300 seconds.
 */
export function qrLoginService(
  db: Database,
  signIn: SignInService,
  sessions: ReturnType<typeof sessionService>,
  clock: Clock,
) {
  const ttlMs = QR_TICKET_TTL_SECONDS * 1000;

  async function findTicket(ticket: string): Promise<TicketRow | undefined> {
    const [row] = await db.query<TicketRow>(
      `SELECT id, brand_id AS "brandId", remember, expires_at AS "expiresAt", scanned_at AS "scannedAt",
         confirmed_at AS "confirmedAt", user_id AS "userId", claimed_at AS "claimedAt"
       FROM qr_login_ticket WHERE ticket_hash = $1`,
      [secretHash(ticket)],
    );
    return row;
  }

  function isLive(row: TicketRow, now: Date): boolean {
    return !row.claimedAt && row.expiresAt.getTime() > now.getTime();
  }

  return {
    async create(tenant: Tenant, remember: boolean, baseUrl: string) {
      const now = clock();
      const ticket = newSecret();
      const expiresAt = new Date(now.getTime() + ttlMs);
      await db.query(
        `INSERT INTO qr_login_ticket (brand_id, ticket_hash, remember, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5)`,
        [tenant.id, secretHash(ticket), remember, now, expiresAt],
      );
      return {
        ticket,
        qrUrl: `${baseUrl}${QR_CONFIRM_PATH}?ticket=${encodeURIComponent(ticket)}`,
        expiresIn: QR_TICKET_TTL_SECONDS,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /** The browser's poll. A confirmed ticket is answered CONFIRMED once, with a new session; then EXPIRED. */
    async check(
      tenant: Tenant,
      ticket: string,
      baseUrl: string,
    ): Promise<EndpointResponse<typeof checkQrcodeEndpoint>> {
      const now = clock();
      const row = await findTicket(ticket);
      if (!row || row.brandId !== tenant.id || !isLive(row, now)) return { status: 'EXPIRED' };
      if (!row.confirmedAt || row.userId === null) return { status: row.scannedAt ? 'SCANNED' : 'WAITING' };
      const userId = row.userId;
      const signedIn = await db.transaction(async (tx) => {
        const claimed = await tx.query(
          `UPDATE qr_login_ticket SET claimed_at = $2 WHERE id = $1 AND claimed_at IS NULL AND expires_at > $2
           RETURNING id`,
          [row.id, now],
        );
        if (claimed.length === 0) return undefined;
        const user = await userQueries(tx).find(tenant.id, userId);
        if (!user || user.frozenAt) return undefined;
        return { user, session: await sessions.open(tx, user, row.remember, 'qr') };
      });
      if (!signedIn) return { status: 'EXPIRED' };
      sessions.ended(signedIn.user.id);
      return { status: 'CONFIRMED', ...(await signIn.result(signedIn.user, signedIn.session, baseUrl)) };
    },

    /** What the phone's page may do with a ticket; opening the page marks it SCANNED. */
    async open(ticket: string, markScanned: boolean): Promise<TicketState> {
      const now = clock();
      const row = await findTicket(ticket);
      if (!row || !isLive(row, now)) return { kind: 'expired' };
      if (row.confirmedAt) return { kind: 'confirmed' };
      if (markScanned && !row.scannedAt) {
        await db.query('UPDATE qr_login_ticket SET scanned_at = $2 WHERE id = $1 AND scanned_at IS NULL', [
          row.id,
          now,
        ]);
      }
      return { kind: 'open', ticket: row };
    },

    /**
     * Binds a ticket to the user of a verified phone, once: false when the ticket was confirmed or expired
     * meanwhile. The SMS code must have been verified by the caller.
     */
    async confirm(ticketId: number, userId: number): Promise<boolean> {
      const now = clock();
      const confirmed = await db.query(
        `UPDATE qr_login_ticket SET confirmed_at = $2, user_id = $3, scanned_at = COALESCE(scanned_at, $2)
         WHERE id = $1 AND confirmed_at IS NULL AND claimed_at IS NULL AND expires_at > $2 RETURNING id`,
        [ticketId, now, userId],
      );
      return confirmed.length > 0;
    },
  };
}

export type QrLoginService = ReturnType<typeof qrLoginService>;

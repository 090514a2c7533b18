import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** What an enterprise invite says: who invites, into which enterprise of which brand, until when. */
export interface InviteClaims {
  brandId: string;
  enterpriseId: number;
  primaryUserId: number;
  expiresAt: Date;
}

export type InviteReading = { ok: true; claims: InviteClaims } | { ok: false; reason: 'invalid' | 'expired' };

const VERSION = 'v1';

function signature(key: Buffer, payload: string): Buffer {
  // The version and purpose are signed too: a signature made for anything else never fits an invite.
  return createHmac('sha256', key).update(`enterprise-invite.${VERSION}.${payload}`).digest();
}

/**
 * An invite as text: `v1.<claims as base64url JSON>.<HMAC-SHA256 as base64url>`. Nothing is stored per invite:
 * the signature proves the server made it, and the claims say the rest. A nonce makes every invite distinct.
 */
export function signInvite(key: Buffer, claims: InviteClaims): string {
  const payload = Buffer.from(
    JSON.stringify({
      b: claims.brandId,
      e: claims.enterpriseId,
      p: claims.primaryUserId,
      x: claims.expiresAt.getTime(),
      n: randomBytes(6).toString('base64url'),
    }),
  ).toString('base64url');
  return `${VERSION}.${payload}.${signature(key, payload).toString('base64url')}`;
}

function isPositiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * Reads an invite presented in `brandId` at `now`: 'invalid' for anything the server did not sign unchanged or
 * that belongs to another brand, 'expired' for a genuine invite past its time. Whether the enterprise still
 * exists, is open and has a seat is the caller's to check.
 */
export function readInvite(key: Buffer, invite: string, brandId: string, now: Date): InviteReading {
  const [version, payload, signed, ...rest] = invite.split('.');
  if (version !== VERSION || !payload || !signed || rest.length > 0) return { ok: false, reason: 'invalid' };
  const expected = signature(key, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' };
  }
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (
    typeof claims !== 'object' ||
    claims === null ||
    claims.b !== brandId ||
    !isPositiveInteger(claims.e) ||
    !isPositiveInteger(claims.p) ||
    !isPositiveInteger(claims.x)
  ) {
    return { ok: false, reason: 'invalid' };
  }
  if (claims.x <= now.getTime()) return { ok: false, reason: 'expired' };
  return {
    ok: true,
    claims: { brandId, enterpriseId: claims.e, primaryUserId: claims.p, expiresAt: new Date(claims.x) },
  };
}

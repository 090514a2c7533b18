import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readInvite, signInvite } from './invites';

const key = randomBytes(32);
const now = new Date('2026-03-01T08:00:00Z');
const claims = {
  brandId: 'alpha',
  enterpriseId: 42,
  primaryUserId: 7,
  expiresAt: new Date(now.getTime() + 60_000),
};

/** The invite with its claims rewritten but the original signature kept. */
function withClaims(invite: string, change: (claims: Record<string, unknown>) => void): string {
  const [version, payload, signature] = invite.split('.') as [string, string, string];
  const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  change(decoded);
  return [version, Buffer.from(JSON.stringify(decoded)).toString('base64url'), signature].join('.');
}

describe('enterprise invites', () => {
  it('reads back what was signed, and every invite is distinct', () => {
    const invite = signInvite(key, claims);
    expect(readInvite(key, invite, 'alpha', now)).toEqual({ ok: true, claims });
    expect(signInvite(key, claims)).not.toBe(invite);
  });

  it('is expired from the instant it says, not before', () => {
    const invite = signInvite(key, claims);
    expect(readInvite(key, invite, 'alpha', new Date(claims.expiresAt.getTime() - 1)).ok).toBe(true);
    expect(readInvite(key, invite, 'alpha', claims.expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuses changed claims, other keys, other brands and garbage as invalid', () => {
    const invite = signInvite(key, claims);
    const forged = [
      withClaims(invite, (decoded) => {
        decoded.e = 43;
      }),
      withClaims(invite, (decoded) => {
        decoded.x = claims.expiresAt.getTime() + 86_400_000;
      }),
      signInvite(randomBytes(32), claims),
      // One character in the middle of the signature changed (every bit of a middle character counts).
      `${invite.slice(0, -10)}${invite.at(-10) === 'A' ? 'B' : 'A'}${invite.slice(-9)}`,
      `${invite}.extra`,
      invite.replace(/^v1\./, 'v2.'),
      'v1..',
      'not an invite',
      '',
    ];
    for (const text of forged) {
      expect(readInvite(key, text, 'alpha', now), text).toEqual({ ok: false, reason: 'invalid' });
    }
    // Genuine, but presented in another brand.
    expect(readInvite(key, invite, 'beta', now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses a properly signed payload whose claims are not what an invite holds', () => {
    // Signed exactly as the server signs, so only the claim checks can refuse these.
    const signRaw = (claimsJson: unknown) => {
      const payload = Buffer.from(JSON.stringify(claimsJson)).toString('base64url');
      const signature = createHmac('sha256', key)
        .update(`enterprise-invite.v1.${payload}`)
        .digest('base64url');
      return `v1.${payload}.${signature}`;
    };
    const x = claims.expiresAt.getTime();
    expect(readInvite(key, signRaw({ b: 'alpha', e: 42, p: 7, x }), 'alpha', now).ok).toBe(true);
    for (const payload of [
      { b: 'alpha', e: '42', p: 7, x },
      { b: 'alpha', e: 42, p: -1, x },
      { b: 'alpha', e: 42, p: 7 },
      { e: 42, p: 7, x },
      [1, 2, 3],
      null,
    ]) {
      expect(readInvite(key, signRaw(payload), 'alpha', now), JSON.stringify(payload)).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
  });
});

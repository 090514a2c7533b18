import { newSecret, secretHash } from '../auth/secrets';
import type { Queryable } from '../db/database';

/** Every partner key starts so: told apart from members' API keys (`tk_`) and session tokens at a glance. */
export const PARTNER_KEY_PREFIX = 'pk_';
const SHOWN_PREFIX_LENGTH = 10;

/** Makes a partner's key; only its hash is stored, the secret is answered once. */
export async function createPartnerKey(db: Queryable, partner: string, at: Date): Promise<string> {
  const secret = `${PARTNER_KEY_PREFIX}${newSecret()}`;
  await db.query(
    'INSERT INTO partner_key (partner, prefix, token_hash, created_at) VALUES ($1, $2, $3, $4)',
    [partner, secret.slice(0, SHOWN_PREFIX_LENGTH), secretHash(secret), at],
  );
  return secret;
}

/** Stops the keys starting with `prefix`; answers how many. */
export async function revokePartnerKey(db: Queryable, prefix: string, at: Date): Promise<number> {
  const rows = await db.query<{ id: number }>(
    `UPDATE partner_key SET revoked_at = $2 WHERE prefix = $1 AND revoked_at IS NULL RETURNING id`,
    [prefix.slice(0, SHOWN_PREFIX_LENGTH), at],
  );
  return rows.length;
}

/** The partner a presented secret belongs to, while its key is not revoked. */
export async function partnerOfKey(
  db: Queryable,
  secret: string | undefined,
  at: Date,
): Promise<string | undefined> {
  if (!secret?.startsWith(PARTNER_KEY_PREFIX)) return undefined;
  const [row] = await db.query<{ partner: string }>(
    `UPDATE partner_key SET last_used_at = $2 WHERE token_hash = $1 AND revoked_at IS NULL RETURNING partner`,
    [secretHash(secret), at],
  );
  return row?.partner;
}

import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';

/**
 * Keys the server makes for itself (table `server_secret`): the first node that needs one generates 256 random
 * bits and stores them; every other node, now or after a restart, reads the same row. So any API node can check
 * what another signed, with nothing to configure. Each key is read once per process.
 */
export function serverSecrets(db: Queryable, clock: Clock) {
  const loaded = new Map<string, Promise<Buffer>>();

  async function load(name: string): Promise<Buffer> {
    // Concurrent first uses on several nodes: one insert wins, everyone reads the winner.
    await db.query(
      'INSERT INTO server_secret (name, secret, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING',
      [name, randomBytes(32).toString('hex'), clock()],
    );
    const [row] = await db.query<{ secret: string }>('SELECT secret FROM server_secret WHERE name = $1', [
      name,
    ]);
    if (!row) throw new Error(`server_secret ${name} vanished`);
    return Buffer.from(row.secret, 'hex');
  }

  return {
    get(name: string): Promise<Buffer> {
      let secret = loaded.get(name);
      if (!secret) {
        secret = load(name);
        loaded.set(name, secret);
        // A failed read (database briefly away) is retried by the next caller.
        secret.catch(() => loaded.delete(name));
      }
      return secret;
    },
  };
}

export type ServerSecrets = ReturnType<typeof serverSecrets>;

import { API_KEYS_PER_MEMBER, type ApiKey, type WebhookDelivery } from '@tender/contracts';
import { formatDateTime, RESPONSE_CODES } from '@tender/domain';
import { newSecret, secretHash } from '../auth/secrets';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';
import { type UserRecord, userColumns } from '../users/queries';
import { checkMemberWebhookUrl, newWebhookSecret } from './key-webhooks';

/** Every key starts so: a reader (or a secret scanner) tells an API key from a session token. */
export const API_KEY_PREFIX = 'tk_';
/** Characters of the secret shown in the list to tell keys apart: 'tk_' and 7 of the random part. */
const SHOWN_PREFIX_LENGTH = 10;
/** `last_used_at` moves at most once a minute: no write on every call. */
const TOUCH_EVERY_MS = 60_000;

interface KeyRow {
  id: number;
  name: string;
  prefix: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  webhookUrl: string | null;
}

interface DeliveryRow {
  id: number;
  feedId: number | null;
  payload: { item: { id: number; title: string } };
  status: WebhookDelivery['status'];
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
}

function keyView(row: KeyRow): ApiKey {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    createdAt: formatDateTime(row.createdAt),
    lastUsedAt: row.lastUsedAt ? formatDateTime(row.lastUsedAt) : null,
    webhookUrl: row.webhookUrl,
  };
}

/** The owner of a key, as a call made with it needs them. */
export interface KeyHolder {
  keyId: number;
  brandId: string;
  account: UserRecord;
}

const KEY_COLUMNS = `id, name, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt",
  webhook_url AS "webhookUrl"`;

/** A member's API keys in one brand: created, listed, revoked, and the owner of a presented secret. */
export function apiKeyService(db: Database, clock: Clock) {
  return {
    async create(
      owner: { brandId: string; userId: number },
      name: string,
    ): Promise<ApiKey & { secret: string }> {
      const secret = `${API_KEY_PREFIX}${newSecret()}`;
      // The count and the insert in one statement: two creations at once cannot both pass the limit unnoticed
      // by more than one key, and a member has no reason to race themselves.
      const [row] = await db.query<KeyRow>(
        `INSERT INTO api_key (brand_id, user_id, name, prefix, token_hash, created_at)
         SELECT $1, $2, $3, $4, $5, $6
          WHERE (SELECT count(*) FROM api_key WHERE user_id = $2 AND brand_id = $1 AND revoked_at IS NULL) < $7
         RETURNING ${KEY_COLUMNS}`,
        [
          owner.brandId,
          owner.userId,
          name,
          secret.slice(0, SHOWN_PREFIX_LENGTH),
          secretHash(secret),
          clock(),
          API_KEYS_PER_MEMBER,
        ],
      );
      if (!row)
        throw new BusinessError(
          RESPONSE_CODES.BAD_REQUEST,
          messages.openApi.tooManyKeys(API_KEYS_PER_MEMBER),
        );
      return { ...keyView(row), secret };
    },

    async list(owner: { brandId: string; userId: number }): Promise<ApiKey[]> {
      const rows = await db.query<KeyRow>(
        `SELECT ${KEY_COLUMNS} FROM api_key
          WHERE user_id = $1 AND brand_id = $2 AND revoked_at IS NULL ORDER BY id DESC`,
        [owner.userId, owner.brandId],
      );
      return rows.map(keyView);
    },

    async revoke(owner: { brandId: string; userId: number }, id: number): Promise<{ id: number }> {
      const [row] = await db.query<{ id: number }>(
        `UPDATE api_key SET revoked_at = $4
          WHERE id = $1 AND user_id = $2 AND brand_id = $3 AND revoked_at IS NULL RETURNING id`,
        [id, owner.userId, owner.brandId, clock()],
      );
      if (!row) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.openApi.noSuchKey);
      return { id: Number(row.id) };
    },

    /**
     * Sets the key's webhook (a new signing secret each time, answered once) or clears it (''). Only matches made
     * from now on are sent: the cursors move to the owner's newest feed line and renewal match.
     */
    async setWebhook(owner: { brandId: string; userId: number }, id: number, url: string) {
      if (url !== '') checkMemberWebhookUrl(url);
      const secret = url === '' ? null : newWebhookSecret();
      const [row] = await db.query<{ id: number; webhookUrl: string | null }>(
        `UPDATE api_key SET webhook_url = $4, webhook_secret = $5,
                webhook_cursor = (SELECT coalesce(max(id), 0) FROM subscription_feed WHERE user_id = $2),
                renewal_cursor = (SELECT coalesce(max(id), 0) FROM renewal_match WHERE user_id = $2)
          WHERE id = $1 AND user_id = $2 AND brand_id = $3 AND revoked_at IS NULL
         RETURNING id, webhook_url AS "webhookUrl"`,
        [id, owner.userId, owner.brandId, url === '' ? null : url, secret],
      );
      if (!row) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.openApi.noSuchKey);
      return { id: Number(row.id), webhookUrl: row.webhookUrl, webhookSecret: secret };
    },

    /** The key's last 50 deliveries, newest first; a revoked key's too (what happened to its messages). */
    async deliveries(owner: { brandId: string; userId: number }, id: number): Promise<WebhookDelivery[]> {
      const [key] = await db.query<{ id: number }>(
        'SELECT id FROM api_key WHERE id = $1 AND user_id = $2 AND brand_id = $3',
        [id, owner.userId, owner.brandId],
      );
      if (!key) throw new BusinessError(RESPONSE_CODES.NOT_FOUND, messages.openApi.noSuchKey);
      const rows = await db.query<DeliveryRow>(
        `SELECT id, feed_id AS "feedId", payload, status, attempts, last_error AS "lastError",
                created_at AS "createdAt", delivered_at AS "deliveredAt", next_attempt_at AS "nextAttemptAt"
           FROM api_webhook_delivery WHERE api_key_id = $1 ORDER BY id DESC LIMIT 50`,
        [id],
      );
      return rows.map((row) => ({
        id: Number(row.id),
        feedId: row.feedId === null ? null : Number(row.feedId),
        itemId: row.payload.item.id,
        title: row.payload.item.title,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: formatDateTime(row.createdAt),
        deliveredAt: row.deliveredAt ? formatDateTime(row.deliveredAt) : null,
        nextAttemptAt: row.status === 'pending' ? formatDateTime(row.nextAttemptAt) : null,
      }));
    },

    /**
     * The owner of a live key: 401 for no key, an unknown or revoked one, and a frozen or cancelled account. The
     * brand is the key's: a key works in the brand it was made in only.
     */
    async holder(secret: string | undefined): Promise<KeyHolder> {
      if (!secret) throw new BusinessError(RESPONSE_CODES.UNAUTHORIZED, messages.openApi.keyMissing);
      const [row] = await db.query<
        UserRecord & { keyId: number; keyBrandId: string; lastUsedAt: Date | null }
      >(
        `SELECT k.id AS "keyId", k.brand_id AS "keyBrandId", k.last_used_at AS "lastUsedAt", ${userColumns('u')}
           FROM api_key k JOIN user_account u ON u.id = k.user_id
          WHERE k.token_hash = $1 AND k.revoked_at IS NULL AND u.frozen_at IS NULL AND u.cancelled_at IS NULL`,
        [secretHash(secret)],
      );
      if (!row) throw new BusinessError(RESPONSE_CODES.UNAUTHORIZED, messages.openApi.keyInvalid);
      const now = clock();
      if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
        await db.query('UPDATE api_key SET last_used_at = $2 WHERE id = $1', [row.keyId, now]);
      }
      const { keyId, keyBrandId, lastUsedAt, ...account } = row;
      return { keyId: Number(keyId), brandId: keyBrandId, account: { ...account, id: Number(account.id) } };
    },
  };
}

export type ApiKeyService = ReturnType<typeof apiKeyService>;

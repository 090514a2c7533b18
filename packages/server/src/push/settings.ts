import { RESPONSE_CODES } from '@tender/domain';
import type { Queryable } from '../db/database';
import { BusinessError } from '../http/business-error';
import { messages } from '../messages';

export type WebhookKind = 'wecom' | 'dingtalk' | 'feishu';

export interface PushSettingRow {
  userId: number;
  brandId: string;
  digestEmail: string | null;
  webhookKind: WebhookKind | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
}

const COLUMNS = `user_id AS "userId", brand_id AS "brandId", digest_email AS "digestEmail",
  webhook_kind AS "webhookKind", webhook_url AS "webhookUrl", webhook_secret AS "webhookSecret"`;

function view(row: PushSettingRow | undefined) {
  return {
    digestEmail: row?.digestEmail ?? '',
    webhookKind: row?.webhookKind && row.webhookUrl ? row.webhookKind : null,
    webhookUrl: row?.webhookUrl ?? '',
    webhookSigned: Boolean(row?.webhookSecret),
  };
}

/** Per-account push settings (migrations/0009_subscriptions.sql push_setting). */
export function pushSettings(db: Queryable) {
  return {
    async get(userId: number) {
      const [row] = await db.query<PushSettingRow>(`SELECT ${COLUMNS} FROM push_setting WHERE user_id = $1`, [
        userId,
      ]);
      return view(row);
    },

    async save(
      account: { userId: number; brandId: string },
      input: {
        digestEmail: string;
        webhookKind: WebhookKind | null;
        webhookUrl: string;
        webhookSecret: string;
      },
      now: Date,
    ) {
      if (input.webhookKind && !input.webhookUrl) {
        throw new BusinessError(RESPONSE_CODES.BAD_REQUEST, messages.subscriptions.webhookUrlMissing);
      }
      const [row] = await db.query<PushSettingRow>(
        `INSERT INTO push_setting (user_id, brand_id, digest_email, webhook_kind, webhook_url, webhook_secret, updated_at)
         VALUES ($1, $2, NULLIF($3, ''), $4, NULLIF($5, ''), NULLIF($6, ''), $7)
         ON CONFLICT (user_id) DO UPDATE SET digest_email = EXCLUDED.digest_email, webhook_kind = EXCLUDED.webhook_kind,
           webhook_url = EXCLUDED.webhook_url, webhook_secret = EXCLUDED.webhook_secret, updated_at = EXCLUDED.updated_at
         RETURNING ${COLUMNS}`,
        [
          account.userId,
          account.brandId,
          input.digestEmail,
          input.webhookKind && input.webhookUrl ? input.webhookKind : null,
          input.webhookKind ? input.webhookUrl : '',
          input.webhookKind ? input.webhookSecret : '',
          now,
        ],
      );
      return view(row);
    },

    /** The webhooks of these accounts. */
    async webhooksOf(userIds: readonly number[]): Promise<PushSettingRow[]> {
      if (userIds.length === 0) return [];
      return db.query<PushSettingRow>(
        `SELECT ${COLUMNS} FROM push_setting
          WHERE user_id = ANY($1::bigint[]) AND webhook_kind IS NOT NULL AND webhook_url IS NOT NULL`,
        [userIds],
      );
    },
  };
}

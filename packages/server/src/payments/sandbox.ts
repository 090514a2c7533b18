import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Clock } from '../clock';
import type { ServerSecrets } from '../enterprise/server-secret';
import {
  headerValue,
  NOTIFICATION_MAX_SKEW_MS,
  NotificationRejected,
  type NotificationRequest,
  type PaymentProvider,
  type ProviderTrade,
  type VerifiedNotification,
} from './provider';

/** Where the sandbox's QR code points: a page of this server that plays the payer's phone. */
export const SANDBOX_PAGE_PATH = '/webchat/pay/sandbox';

const SECRET_NAME = 'sandbox-pay';

export const SANDBOX_HEADERS = {
  timestamp: 'sandbox-timestamp',
  nonce: 'sandbox-nonce',
  signature: 'sandbox-signature',
} as const;

/** The body of a sandbox notification, shaped like WeChat Pay's decrypted transaction. */
interface SandboxNotificationBody {
  id: string;
  event_type: 'TRANSACTION.SUCCESS';
  resource: {
    out_trade_no: string;
    transaction_id: string;
    trade_state: 'SUCCESS';
    amount: { total: number; currency: 'CNY' };
    success_time: string;
  };
}

function hmac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text, 'utf8').digest('base64');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The token in the page's address: only who holds the QR code can open (and "pay") the order. */
  pageToken(orderNo: string): Promise<string>;
  checkPageToken(orderNo: string, token: string): Promise<boolean>;
  /**
   * A signed notification that the order was paid, as a payment platform would send it: the page's 确认支付 posts
   * it to the notification URL, through the same path a real one takes.
   */
  signNotification(payment: {
    orderNo: string;
    amountFen: number;
    transactionId?: string;
  }): Promise<NotificationRequest>;
}

/**
 * The default provider (`PAY_PROVIDER=sandbox`): no money moves. Its QR code opens `SANDBOX_PAGE_PATH` on this
 * server; the page's 确认支付 button sends an HMAC-signed notification (key kept in `server_secret`, shared by
 * every API node) to `/webchat/pay/notify/sandbox`, where it is verified and confirmed like a real one.
 */
export function sandboxProvider(secrets: ServerSecrets, clock: Clock): SandboxProvider {
  const key = () => secrets.get(SECRET_NAME);

  async function pageToken(orderNo: string): Promise<string> {
    return createHmac('sha256', await key())
      .update(`page:${orderNo}`)
      .digest('base64url')
      .slice(0, 32);
  }

  return {
    name: 'sandbox',

    async prepay(request) {
      const token = await pageToken(request.orderNo);
      return {
        codeUrl: `${request.baseUrl}${SANDBOX_PAGE_PATH}/${encodeURIComponent(request.orderNo)}?t=${token}`,
      };
    },

    // The sandbox keeps no ledger of its own: a payment exists only as the notification its page sends.
    async query(orderNo): Promise<ProviderTrade> {
      return { orderNo, state: 'NOTPAY' };
    },

    async close() {},

    pageToken,

    async checkPageToken(orderNo, token) {
      return sameText(await pageToken(orderNo), token);
    },

    async signNotification(payment) {
      const now = clock();
      const body: SandboxNotificationBody = {
        id: randomUUID(),
        event_type: 'TRANSACTION.SUCCESS',
        resource: {
          out_trade_no: payment.orderNo,
          transaction_id: payment.transactionId ?? `SANDBOX${randomBytes(10).toString('hex').toUpperCase()}`,
          trade_state: 'SUCCESS',
          amount: { total: payment.amountFen, currency: 'CNY' },
          success_time: now.toISOString(),
        },
      };
      const rawBody = JSON.stringify(body);
      const timestamp = String(Math.floor(now.getTime() / 1000));
      const nonce = randomBytes(16).toString('hex');
      return {
        rawBody,
        headers: {
          'content-type': 'application/json',
          [SANDBOX_HEADERS.timestamp]: timestamp,
          [SANDBOX_HEADERS.nonce]: nonce,
          [SANDBOX_HEADERS.signature]: hmac(await key(), `${timestamp}\n${nonce}\n${rawBody}\n`),
        },
      };
    },

    async verifyNotification(request): Promise<VerifiedNotification> {
      const timestamp = headerValue(request.headers, SANDBOX_HEADERS.timestamp);
      const nonce = headerValue(request.headers, SANDBOX_HEADERS.nonce);
      const signature = headerValue(request.headers, SANDBOX_HEADERS.signature);
      if (!timestamp || !nonce || !signature) throw new NotificationRejected('missing_headers');
      const expected = hmac(await key(), `${timestamp}\n${nonce}\n${request.rawBody}\n`);
      if (!sameText(expected, signature)) throw new NotificationRejected('bad_signature');
      const sentAt = Number(timestamp) * 1000;
      if (!Number.isFinite(sentAt) || Math.abs(clock().getTime() - sentAt) > NOTIFICATION_MAX_SKEW_MS) {
        throw new NotificationRejected('stale_timestamp', timestamp);
      }
      let body: SandboxNotificationBody;
      try {
        body = JSON.parse(request.rawBody) as SandboxNotificationBody;
      } catch {
        throw new NotificationRejected('malformed');
      }
      const resource = body?.resource;
      if (
        typeof body.id !== 'string' ||
        typeof resource?.out_trade_no !== 'string' ||
        typeof resource.transaction_id !== 'string' ||
        !Number.isSafeInteger(resource.amount?.total)
      ) {
        throw new NotificationRejected('malformed');
      }
      const successTime = new Date(resource.success_time);
      return {
        kind: 'trade',
        notificationId: body.id,
        trade: {
          orderNo: resource.out_trade_no,
          state: resource.trade_state === 'SUCCESS' ? 'SUCCESS' : 'NOTPAY',
          transactionId: resource.transaction_id,
          amountFen: resource.amount.total,
          currency: resource.amount.currency,
          successTime: Number.isNaN(successTime.getTime()) ? undefined : successTime,
        },
      };
    },
  };
}

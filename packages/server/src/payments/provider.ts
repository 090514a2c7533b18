/**
 * The payment provider interface (docs/payments.md): what the order flow needs from a way of paying. Two
 * implementations: `sandbox` (sandbox.ts, the default: the QR code opens a page on this server) and `wechatpay`
 * (wechatpay/, WeChat Pay API v3 Native). Whatever the provider, a payment reaches the order only through
 * `confirmPayment` (src/orders/paid-state.ts).
 */

export type PaymentProviderName = 'sandbox' | 'wechatpay';

/** A notification signed longer ago (or further ahead) than this is refused: a capture cannot be replayed later. */
export const NOTIFICATION_MAX_SKEW_MS = 5 * 60_000;

export const PAYMENT_PROVIDER_NAMES: readonly PaymentProviderName[] = ['sandbox', 'wechatpay'];

export interface PrepayRequest {
  /** Our merchant order number (out_trade_no). */
  orderNo: string;
  /** What the payer sees ('投标通 12个月（全国）'). */
  description: string;
  amountFen: number;
  /** After this the order can no longer be paid (WeChat Pay's time_expire). */
  expiresAt: Date;
  /** This server as the caller reached it ('https://api.example.com'), for pages the QR code may open. */
  baseUrl: string;
}

/** The state of a payment as the provider reports it (WeChat Pay's trade_state names). */
export type TradeState =
  | 'SUCCESS'
  | 'NOTPAY'
  | 'CLOSED'
  | 'USERPAYING'
  | 'PAYERROR'
  | 'REFUND'
  | 'REVOKED'
  | 'NOT_FOUND';

/** One order at the provider. */
export interface ProviderTrade {
  orderNo: string;
  state: TradeState;
  /** The provider's own transaction id (present once paid). */
  transactionId?: string | undefined;
  /** What the payer paid, fen (present once paid). */
  amountFen?: number | undefined;
  currency?: string | undefined;
  /** When the payment succeeded, by the provider's clock. */
  successTime?: Date | undefined;
}

/** A notification request as it reached us: the headers and the body exactly as sent (signatures cover it). */
export interface NotificationRequest {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** A verified notification: a trade to act on, or an event we do not act on (refunds …). */
export type VerifiedNotification =
  | { kind: 'trade'; notificationId: string; trade: ProviderTrade }
  | { kind: 'ignored'; notificationId: string; eventType: string };

/** Why a notification was not believed. Each is logged; the notifier is answered FAIL. */
export type NotificationRejection =
  | 'missing_headers'
  | 'sign_test'
  | 'unknown_serial'
  | 'bad_signature'
  | 'stale_timestamp'
  | 'malformed'
  | 'decrypt_failed'
  | 'wrong_merchant';

export class NotificationRejected extends Error {
  constructor(
    readonly reason: NotificationRejection,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'NotificationRejected';
  }
}

/** A call to the provider that failed (network, refusal); `code` is the provider's error code when it gave one. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates the payment at the provider; answers what the QR code encodes. Idempotent per order number. */
  prepay(request: PrepayRequest): Promise<{ codeUrl: string }>;
  /** The provider's view of an order (the active query and reconciliation). */
  query(orderNo: string): Promise<ProviderTrade>;
  /** Closes an unpaid order at the provider so it can no longer be paid. Throws when that failed. */
  close(orderNo: string): Promise<void>;
  /** Checks a notification's signature and decodes it; throws {@link NotificationRejected} when not genuine. */
  verifyNotification(request: NotificationRequest): Promise<VerifiedNotification>;
  /** What the start logs as warnings (WeChat Pay: an expired platform certificate left in the settings). */
  readonly startupWarnings?: readonly string[];
}

/** Where a provider logs: Fastify's logger fits. */
export interface PaymentLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

/** The single header value of a request (the first when repeated). */
export function headerValue(headers: NotificationRequest['headers'], name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

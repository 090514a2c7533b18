import { recordAudit } from '../audit/audit-log';
import type { Clock } from '../clock';
import { couponQueries } from '../coupons/queries';
import type { Database } from '../db/database';
import { BusinessError } from '../http/business-error';
import { grantMembershipInTransaction } from '../membership/service';
import type { PaymentLog, PaymentProviderName } from '../payments/provider';
import { type OrderRecord, orderQueries } from './queries';

/** A payment the provider vouches for: a verified notification, an active query or reconciliation. */
export interface PaymentConfirmation {
  orderNo: string;
  provider: PaymentProviderName;
  transactionId: string;
  /** What was paid, fen, as the provider reports it. */
  amountFen: number;
  /** When it was paid, by the provider's clock (an order can only be paid before it expired). */
  paidAt: Date;
  via: 'notification' | 'query' | 'reconcile';
  /** Logged with the outcome (a notification's id …). */
  detail?: Record<string, unknown>;
}

/**
 * What became of a payment signal. Only `credited` changed anything; every other outcome left the order and the
 * membership as they were, and each is logged (payment_event and the server log).
 */
export type ConfirmOutcome =
  /** The order was unpaid: now paid, its coupon spent, the membership granted — in one transaction. */
  | 'credited'
  /** The same transaction again (a replayed or repeated notification, a query after the notification). */
  | 'already_paid'
  /** The order was paid by another transaction: money taken twice — an operator refunds one. */
  | 'paid_twice'
  | 'unknown_order'
  /** The order was made with another provider. */
  | 'wrong_provider'
  /** The amount paid is not the amount the server computed: not credited, an operator looks. */
  | 'amount_mismatch'
  /** Paid after the order expired: never credited (an operator refunds). */
  | 'expired'
  /** The order was closed (expired or replaced) before the payment arrived: never credited. */
  | 'closed'
  /** The membership could not be granted (the buyer became a sub-account meanwhile): nothing changed. */
  | 'grant_failed';

export interface ConfirmResult {
  outcome: ConfirmOutcome;
  order?: OrderRecord | undefined;
}

export interface PaidStateDependencies {
  db: Database;
  clock: Clock;
  log: PaymentLog;
}

/** Why an order the conditional update did not touch was not credited. */
function refusal(order: OrderRecord | undefined, payment: PaymentConfirmation): ConfirmOutcome {
  if (!order) return 'unknown_order';
  if (order.provider !== payment.provider) return 'wrong_provider';
  if (order.status === 'paid') {
    return order.transactionId === payment.transactionId ? 'already_paid' : 'paid_twice';
  }
  if (order.status === 'closed') return 'closed';
  if (order.amountFen !== payment.amountFen) return 'amount_mismatch';
  return 'expired';
}

const QUIET_OUTCOMES: ReadonlySet<ConfirmOutcome> = new Set(['credited', 'already_paid']);

/**
 * The one way an order becomes paid (docs/payments.md). A notification, an active query and reconciliation all
 * end here. In one transaction: the buyer's account row is locked (the order creation locks it first too, so the
 * two never deadlock), the order is marked paid by one conditional update — only from unpaid, only for the
 * provider it was made with, only for exactly the amount the server computed, only when paid before it expired
 * — the coupon the order held is spent, and the membership is granted through `grantMembership`'s rules. A second
 * confirmation of the same order waits on the row lock and then finds it paid: nothing is credited twice.
 */
export async function confirmPayment(
  dependencies: PaidStateDependencies,
  payment: PaymentConfirmation,
): Promise<ConfirmResult> {
  const { db, clock, log } = dependencies;
  const now = clock();
  const record = (outcome: ConfirmOutcome, extra: Record<string, unknown> = {}) => ({
    orderNo: payment.orderNo,
    provider: payment.provider,
    source: payment.via,
    outcome,
    detail: {
      transactionId: payment.transactionId,
      amountFen: payment.amountFen,
      paidAt: payment.paidAt.toISOString(),
      ...payment.detail,
      ...extra,
    },
    createdAt: now,
  });
  let result: ConfirmResult;
  try {
    result = await db.transaction(async (tx) => {
      const queries = orderQueries(tx);
      const owner = await queries.byOrderNo(payment.orderNo);
      if (owner) await queries.lockUser(owner.brandId, owner.userId);
      const paid = owner ? await queries.markPaid(payment) : undefined;
      if (!paid) {
        const order = owner ? await queries.byOrderNo(payment.orderNo) : undefined;
        const outcome = refusal(order, payment);
        await queries.insertPaymentEvent(
          record(outcome, order ? { status: order.status, expectedAmountFen: order.amountFen } : {}),
        );
        return { outcome, order };
      }
      let couponSpent = false;
      if (paid.couponId !== null) {
        couponSpent = await couponQueries(tx).consume(paid.couponId, paid.id, now);
        // The amount paid is the discounted one the server computed for this order, so it is credited anyway.
        if (!couponSpent)
          log.warn({ orderNo: paid.orderNo, couponId: paid.couponId }, 'paid order held no coupon');
      }
      const change = await grantMembershipInTransaction(
        tx,
        {
          brandId: paid.brandId,
          userId: paid.userId,
          level: paid.memberCode,
          months: paid.months,
          areas: paid.payAreas,
          source: 'order',
          actor: `order:${paid.orderNo} (${payment.provider} ${payment.via})`,
          orderRef: paid.orderNo,
        },
        now,
      );
      await recordAudit(tx, {
        brandId: paid.brandId,
        action: 'payment.credited',
        userId: paid.userId,
        actor: `order:${paid.orderNo} (${payment.provider} ${payment.via})`,
        target: paid.orderNo,
        detail: {
          amountFen: payment.amountFen,
          transactionId: payment.transactionId,
          level: paid.memberCode,
          months: paid.months,
        },
        at: now,
      });
      await queries.insertPaymentEvent(
        record('credited', {
          couponId: paid.couponId,
          couponSpent,
          level: paid.memberCode,
          months: paid.months,
          expiresAfter:
            change.after.expiresAt === undefined ? null : new Date(change.after.expiresAt).toISOString(),
        }),
      );
      return { outcome: 'credited' as const, order: paid };
    });
  } catch (error) {
    if (!(error instanceof BusinessError)) throw error;
    await orderQueries(db).insertPaymentEvent(record('grant_failed', { message: error.message }));
    log.error(
      { orderNo: payment.orderNo, via: payment.via, message: error.message },
      'payment received, membership not granted',
    );
    return { outcome: 'grant_failed' };
  }
  const fields = {
    orderNo: payment.orderNo,
    provider: payment.provider,
    via: payment.via,
    outcome: result.outcome,
  };
  if (result.outcome === 'credited') log.info(fields, 'order paid, membership granted');
  else if (QUIET_OUTCOMES.has(result.outcome)) log.info(fields, 'payment already credited');
  else
    log.error(
      { ...fields, amountFen: payment.amountFen, transactionId: payment.transactionId },
      'payment not credited',
    );
  return result;
}

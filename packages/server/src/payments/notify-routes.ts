import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { confirmPayment } from '../orders/paid-state';
import { orderQueries } from '../orders/queries';
import { NotificationRejected, type PaymentLog, type PaymentProvider } from './provider';

/** Where a provider sends its notifications: `/webchat/pay/notify/sandbox`, `/webchat/pay/notify/wechatpay`. */
export const NOTIFY_PATH_PREFIX = '/webchat/pay/notify';

/** WeChat Pay wants an answer within 5 s; past this we answer FAIL and let it retry (the work is idempotent). */
const ANSWER_WITHIN_MS = 4500;

export interface NotifyRouteDependencies {
  db: Database;
  clock: Clock;
  provider: PaymentProvider;
  log: PaymentLog;
}

/** WeChat Pay's own answer format: 204 without a body when received, else 4xx/5xx with {code: 'FAIL', message}. */
function fail(reply: FastifyReply, status: number, message: string) {
  return reply.code(status).header('content-type', 'application/json').send({ code: 'FAIL', message });
}

/**
 * The notification URL of the configured provider (docs/payments.md). The body is kept exactly as sent, since the
 * signature covers it. A genuine notification of a payment goes to `confirmPayment` — the one paid-state path —
 * and is acknowledged whatever it came to (replays, amounts that do not match and late payments are logged there;
 * a retry would not change them). A notification that fails verification is logged and refused.
 */
export async function notifyRoutes(app: FastifyInstance, dependencies: NotifyRouteDependencies) {
  const { db, clock, provider, log } = dependencies;

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    scope.post<{ Params: { provider: string } }>(
      `${NOTIFY_PATH_PREFIX}/:provider`,
      async (request, reply) => {
        if (request.params.provider !== provider.name) return fail(reply, 404, '未启用该支付渠道');
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const work = (async () => {
          let verified: Awaited<ReturnType<PaymentProvider['verifyNotification']>>;
          try {
            verified = await provider.verifyNotification({ headers: request.headers, rawBody });
          } catch (error) {
            if (!(error instanceof NotificationRejected)) throw error;
            log.warn(
              { provider: provider.name, reason: error.reason, detail: error.message, ip: request.ip },
              'payment notification refused',
            );
            await orderQueries(db).insertPaymentEvent({
              orderNo: null,
              provider: provider.name,
              source: 'notification',
              outcome: `rejected:${error.reason}`,
              detail: { message: error.message, ip: request.ip, bodyBytes: Buffer.byteLength(rawBody) },
              createdAt: clock(),
            });
            return { status: 401, message: '签名验证失败' } as const;
          }
          if (verified.kind === 'ignored') {
            log.info(
              { provider: provider.name, eventType: verified.eventType },
              'payment notification ignored',
            );
            return { status: 204 } as const;
          }
          const { trade } = verified;
          if (
            trade.state !== 'SUCCESS' ||
            trade.transactionId === undefined ||
            trade.amountFen === undefined
          ) {
            await orderQueries(db).insertPaymentEvent({
              orderNo: trade.orderNo,
              provider: provider.name,
              source: 'notification',
              outcome: `state:${trade.state}`,
              detail: { notificationId: verified.notificationId },
              createdAt: clock(),
            });
            return { status: 204 } as const;
          }
          await confirmPayment(
            { db, clock, log },
            {
              orderNo: trade.orderNo,
              provider: provider.name,
              transactionId: trade.transactionId,
              amountFen: trade.amountFen,
              paidAt: trade.successTime ?? clock(),
              via: 'notification',
              detail: { notificationId: verified.notificationId },
            },
          );
          return { status: 204 } as const;
        })();
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<{ status: 500; message: string }>((resolve) => {
          timer = setTimeout(() => resolve({ status: 500, message: '处理超时，请重试' }), ANSWER_WITHIN_MS);
        });
        try {
          const answer = await Promise.race([work, late]);
          if (answer.status === 204) return reply.code(204).send();
          return fail(reply, answer.status, answer.message);
        } catch (error) {
          log.error({ provider: provider.name, err: error }, 'payment notification failed');
          return fail(reply, 500, '处理失败，请重试');
        } finally {
          clearTimeout(timer);
          work.catch(() => {});
        }
      },
    );
  });
}

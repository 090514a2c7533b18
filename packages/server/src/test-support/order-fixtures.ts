import type { PaidMemberCode } from '@tender/domain';
import type { FastifyInstance } from 'fastify';
import { serverSecrets } from '../enterprise/server-secret';
import { orderService } from '../orders/service';
import type { PaymentProvider } from '../payments/provider';
import { type SandboxProvider, sandboxProvider } from '../payments/sandbox';
import { callAs, type MemberTestUser } from './membership-fixtures';
import type { TestServer } from './test-server';

/** A logger that keeps what it was told, for tests that check a signal was logged. */
export function recordingLog() {
  const lines: { level: 'info' | 'warn' | 'error'; object: object; message: string }[] = [];
  const at = (level: 'info' | 'warn' | 'error') => (object: object, message: string) => {
    lines.push({ level, object, message });
  };
  return { lines, info: at('info'), warn: at('warn'), error: at('error') };
}

/** The sandbox as the server runs it: the same signing key (server_secret), so tests can sign notifications. */
export function testSandbox(server: TestServer): SandboxProvider {
  return sandboxProvider(serverSecrets(server.db, server.clock.now), server.clock.now);
}

/** The order flow with the server's database and clock, to run the sweep (close expired, reconcile) on demand. */
export function testOrderService(server: TestServer, provider: PaymentProvider = testSandbox(server)) {
  return orderService({ db: server.db, clock: server.clock.now, provider, log: recordingLog() });
}

/** The product of a level and duration as the modal offers it (member product info). */
export async function productOf(
  server: TestServer,
  user: MemberTestUser,
  memberCode: PaidMemberCode,
  months: number,
  payAreas: string[] = ['全国'],
) {
  const info = await callAs(server, user, 'POST', '/webchat/api/member/productInfo', {
    memberCode,
    payAreas,
  });
  if (info.code !== 200) throw new Error(`productInfo answered ${info.code} ${info.message}`);
  const product = info.data.productConfigResponses.find(
    (option: { months: number }) => option.months === months,
  );
  if (!product) throw new Error(`no ${months}-month product of ${memberCode}`);
  return product;
}

/** Creates an order through submitOrder and answers the envelope. */
export async function submitOrder(
  server: TestServer,
  user: MemberTestUser,
  memberCode: PaidMemberCode,
  months: number,
  payAreas: string[] = ['全国'],
) {
  const product = await productOf(server, user, memberCode, months, payAreas);
  return callAs(server, user, 'POST', '/webchat/api/submitOrder', {
    memberCode,
    productId: product.id,
    payAreas,
  });
}

/** The path and query of a QR code's URL, for `inject()`. */
export function pathOf(codeUrl: string): string {
  const url = new URL(codeUrl);
  return `${url.pathname}${url.search}`;
}

/** Opens the sandbox page the QR code points at (a phone scanning it) and presses 确认支付. */
export async function payOnSandboxPage(app: FastifyInstance, codeUrl: string) {
  const url = new URL(codeUrl);
  const page = await app.inject({ method: 'GET', url: pathOf(codeUrl) });
  const confirm = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ t: url.searchParams.get('t') ?? '' }).toString(),
  });
  return { page: page.body, confirm: confirm.body };
}

/** Buys a product the whole way: order, QR code, the sandbox page's 确认支付. Answers the order. */
export async function buy(
  server: TestServer,
  user: MemberTestUser,
  memberCode: PaidMemberCode,
  months: number,
  payAreas: string[] = ['全国'],
) {
  const order = await submitOrder(server, user, memberCode, months, payAreas);
  if (order.code !== 200) throw new Error(`submitOrder answered ${order.code} ${order.message}`);
  const qr = await callAs(server, user, 'POST', '/webchat/api/payPrepay', { orderId: order.data.orderId });
  if (qr.code !== 200) throw new Error(`payPrepay answered ${qr.code} ${qr.message}`);
  await payOnSandboxPage(server.app, qr.data.codeUrl);
  return order.data;
}

/** Sends a notification to the provider's notification URL as the provider would. */
export async function notify(
  app: FastifyInstance,
  provider: string,
  notification: { headers: Record<string, string | string[] | undefined>; rawBody: string },
) {
  return app.inject({
    method: 'POST',
    url: `/webchat/pay/notify/${provider}`,
    headers: notification.headers as Record<string, string>,
    payload: notification.rawBody,
  });
}

/** How many membership grants an order made (membership_event, source 'order'): never more than one. */
export async function grantsOf(server: TestServer, orderNo: string): Promise<number> {
  const [row] = await server.db.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM membership_event WHERE source = 'order' AND order_ref = $1`,
    [orderNo],
  );
  return row?.count ?? 0;
}

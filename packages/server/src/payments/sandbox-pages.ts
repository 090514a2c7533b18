import { fenToYuan, formatYuan, purchaseAreaText } from '@tender/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock';
import type { Database } from '../db/database';
import { escapeHtml, htmlPage } from '../http/html-page';
import { levelCatalog } from '../membership/service';
import { messages } from '../messages';
import { type OrderRecord, orderQueries } from '../orders/queries';
import { tenantQueries } from '../tenants/queries';
import { NOTIFY_PATH_PREFIX } from './notify-routes';
import { SANDBOX_PAGE_PATH, type SandboxProvider } from './sandbox';

export interface SandboxPageDependencies {
  db: Database;
  clock: Clock;
  provider: SandboxProvider;
}

const STYLE = `
  dl{display:grid;grid-template-columns:auto 1fr;gap:6px 14px;margin:0 0 8px;font-size:15px}
  dt{color:#646a73}dd{margin:0}
  .amount{font-size:28px;font-weight:600;color:#1a7f37;margin:12px 0}
  button{font-size:16px;border-radius:8px;border:0;padding:12px 14px;cursor:pointer;width:100%;margin-top:12px;
    background:#07c160;color:#fff}
`;

function page(brandTitle: string, body: string): string {
  return htmlPage({
    title: messages.payPage.title,
    brandTitle,
    style: STYLE,
    body,
    hint: messages.payPage.sandboxNotice,
  });
}

const querySchema = z.object({ t: z.string().min(1).max(64) });

/**
 * The page the sandbox's QR code opens on the payer's phone (plain server-rendered HTML, no script): the order
 * and a 确认支付 button. Confirming posts a signed notification to the sandbox's notification URL through the
 * HTTP stack — the same path, verification and paid-state update a real provider's notification takes.
 */
export async function sandboxPageRoutes(app: FastifyInstance, dependencies: SandboxPageDependencies) {
  const { db, clock, provider } = dependencies;

  function send(reply: FastifyReply, html: string) {
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      )
      .send(html);
  }

  const notice = (kind: 'info' | 'error', text: string) =>
    `<p class="notice ${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(text)}</p>`;

  /** The order of a genuine link, or undefined (unknown order, wrong token: the same answer). */
  async function linkedOrder(orderNo: string, query: unknown): Promise<OrderRecord | undefined> {
    const parsed = querySchema.safeParse(query ?? {});
    if (!parsed.success || !(await provider.checkPageToken(orderNo, parsed.data.t))) return undefined;
    const order = await orderQueries(db).byOrderNo(orderNo);
    return order?.provider === provider.name ? order : undefined;
  }

  /** The order and, while it can be paid, the 确认支付 form; `banner` replaces the state notice. */
  async function orderPage(order: OrderRecord, token: string, banner?: string): Promise<string> {
    const tenant = await tenantQueries(db).find(order.brandId);
    const levels = await levelCatalog(db, order.brandId);
    const memberName = levels.get(order.memberCode)?.memberName ?? order.memberCode;
    const payable = order.status === 'unpaid' && order.expiresAt.getTime() > clock().getTime();
    const state =
      banner ??
      (order.status === 'paid'
        ? notice('info', messages.payPage.alreadyPaid)
        : payable
          ? ''
          : notice('error', messages.payPage.closed));
    const rows: [string, string][] = [
      [messages.payPage.order, order.orderNo],
      [messages.payPage.product, `${memberName} ${order.productLabel}`],
      [messages.payPage.areas, purchaseAreaText(order.payAreas)],
      ...(order.couponFen > 0
        ? [
            [
              messages.payPage.coupon,
              `-${messages.payPage.yuan(formatYuan(fenToYuan(order.couponFen)))}`,
            ] as [string, string],
          ]
        : []),
    ];
    const form = payable
      ? `<form method="post" action="${SANDBOX_PAGE_PATH}/${encodeURIComponent(order.orderNo)}">
<input type="hidden" name="t" value="${escapeHtml(token)}">
<button type="submit">${escapeHtml(messages.payPage.confirm)}</button>
</form>`
      : '';
    return page(
      tenant?.title ?? '',
      `${state}<dl>${rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<p>${escapeHtml(messages.payPage.amount)}</p>
<p class="amount">${escapeHtml(messages.payPage.yuan(formatYuan(fenToYuan(order.amountFen))))}</p>
${form}`,
    );
  }

  await app.register(async (pages) => {
    pages.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    pages.get<{ Params: { orderNo: string } }>(`${SANDBOX_PAGE_PATH}/:orderNo`, async (request, reply) => {
      const order = await linkedOrder(request.params.orderNo, request.query);
      if (!order) return send(reply, page('', notice('error', messages.payPage.invalid)));
      return send(reply, await orderPage(order, (request.query as { t: string }).t));
    });

    pages.post<{ Params: { orderNo: string } }>(`${SANDBOX_PAGE_PATH}/:orderNo`, async (request, reply) => {
      const order = await linkedOrder(request.params.orderNo, request.body);
      if (!order) return send(reply, page('', notice('error', messages.payPage.invalid)));
      const token = (request.body as { t: string }).t;
      if (order.status === 'unpaid') {
        // What the payer pays is the amount the page showed: the order's own.
        const notification = await provider.signNotification({
          orderNo: order.orderNo,
          amountFen: order.amountFen,
        });
        await app.inject({
          method: 'POST',
          url: `${NOTIFY_PATH_PREFIX}/${provider.name}`,
          headers: notification.headers as Record<string, string>,
          payload: notification.rawBody,
        });
      }
      const after = (await orderQueries(db).byOrderNo(order.orderNo)) ?? order;
      const banner =
        order.status !== 'unpaid'
          ? undefined
          : after.status === 'paid'
            ? notice('info', messages.payPage.paid)
            : notice('error', messages.payPage.failed);
      return send(reply, await orderPage(after, token, banner));
    });
  });
}

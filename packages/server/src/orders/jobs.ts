import type { PaymentLog } from '../payments/provider';
import type { OrderService } from './service';

/** How often the server process sweeps orders (cli/start.ts); `tender-server order sweep` runs one on demand. */
export const ORDER_SWEEP_INTERVAL_MS = 60_000;

/** One sweep: close unpaid orders past their expiry, then ask the provider about open ones (reconciliation). */
export async function sweepOrders(orders: OrderService) {
  const { closed, credited: creditedAtClose } = await orders.closeExpired();
  const { credited } = await orders.reconcile();
  return { closed, credited: creditedAtClose + credited };
}

/**
 * Sweeps every `intervalMs` in the server process; a sweep still running when the next is due is not doubled.
 * Several API nodes may sweep the same database: every step is a conditional update, so they never double-close
 * or double-credit. Answers the function that stops it (the server calls it on close).
 */
export function startOrderSweep(
  orders: OrderService,
  intervalMs: number,
  log: PaymentLog,
): () => Promise<void> {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOrders(orders)
      .catch((error: unknown) => log.error({ err: error }, 'order sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

import type { FastifyBaseLogger } from 'fastify';
import { postWebhook, type WebhookNetwork, type WebhookRequest } from './webhooks';

/** Robot messages in flight at once; more wait their turn. */
const CONCURRENCY = 8;
/** Robot messages waiting at most; past that new ones are dropped and logged (robots that all hang). */
const MAX_WAITING = 1000;
/** A robot that has not answered by then has failed. */
const TIMEOUT_MS = 5_000;

export interface WebhookDelivery {
  request: WebhookRequest;
  /** What the failure log line says about it. */
  context: Record<string, unknown>;
}

/**
 * Sends robot messages apart from the feed push loop, so a slow or hanging robot never holds back a websocket push
 * (the 2 s promise, spec §7): up to {@link CONCURRENCY} at once, each within {@link TIMEOUT_MS}; failures are logged,
 * never retried. `stop()` drops what waits and aborts what is in flight.
 */
export function webhookDeliveries(network: WebhookNetwork, log: FastifyBaseLogger) {
  const waiting: WebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();

  async function deliver(delivery: WebhookDelivery): Promise<void> {
    try {
      await postWebhook(
        delivery.request,
        network,
        AbortSignal.any([stopping.signal, AbortSignal.timeout(TIMEOUT_MS)]),
      );
    } catch (error) {
      log.warn({ ...delivery.context, error: String(error) }, 'webhook push failed');
    }
  }

  function startNext(): void {
    while (inFlight.size < CONCURRENCY && !stopping.signal.aborted) {
      const next = waiting.shift();
      if (!next) return;
      const sending: Promise<void> = deliver(next).finally(() => {
        inFlight.delete(sending);
        startNext();
      });
      inFlight.add(sending);
    }
  }

  return {
    /** Queues a message; answers at once. */
    enqueue(delivery: WebhookDelivery): void {
      if (stopping.signal.aborted) return;
      if (waiting.length >= MAX_WAITING) {
        log.warn(delivery.context, 'webhook push dropped: too many waiting');
        return;
      }
      waiting.push(delivery);
      startNext();
    },

    async stop(): Promise<void> {
      waiting.length = 0;
      stopping.abort();
      await Promise.all(inFlight);
    },
  };
}

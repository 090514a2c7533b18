import type { SmsPurpose } from '@tender/contracts';
import type { FastifyBaseLogger } from 'fastify';

export interface SmsMessage {
  /** The brand whose name signs the message (and whose outbox records it). */
  brand: string;
  mobile: string;
  code: string;
  purpose: SmsPurpose;
}

/**
 * Delivers verification codes. `SMS_PROVIDER` picks one (docs/operations.md): `console` (the default, below), or a
 * vendor (src/auth/sms-vendors.ts).
 */
export interface SmsProvider {
  /** Resolves once the vendor took the message; a refusal rejects with an `SmsSendError` (src/auth/sms-failures.ts). */
  send(message: SmsMessage): Promise<void>;
}

export interface OutboxEntry {
  code: string;
  purpose: SmsPurpose;
  sentAt: string;
}

/**
 * The last code sent to each phone of each brand, held in memory for `GET /webchat/dev/sms-outbox` (served only
 * with `TENDER_DEV=1`, to loopback callers). Per process: with several API nodes, ask the node that sent; the
 * workers of one `API_PROCESSES` start share theirs (`onRecord`, cli/workers.ts).
 */
export class DevOutbox {
  private readonly entries = new Map<string, OutboxEntry>();
  private readonly listeners: ((key: string, entry: OutboxEntry) => void)[] = [];

  constructor(private readonly capacity = 10_000) {}

  record(message: SmsMessage, sentAt: Date): void {
    const key = `${message.brand}:${message.mobile}`;
    const entry = { code: message.code, purpose: message.purpose, sentAt: sentAt.toISOString() };
    this.store(key, entry);
    for (const listener of this.listeners) listener(key, entry);
  }

  /** Keeps an entry recorded elsewhere (another worker's). */
  store(key: string, entry: OutboxEntry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Oldest first in a Map: drop from the front once full.
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }

  /** Calls `listener` with each entry this process records. */
  onRecord(listener: (key: string, entry: OutboxEntry) => void): void {
    this.listeners.push(listener);
  }

  last(brand: string, mobile: string): OutboxEntry | undefined {
    return this.entries.get(`${brand}:${mobile}`);
  }
}

/**
 * `SMS_PROVIDER=console`: sends nothing. In dev mode (`TENDER_DEV=1`) it writes the code to the server log and the
 * outbox; otherwise the log says only that a code was not sent, without the code (a demo's log is read by more
 * people than its testers). For local use, trials and tests; production refuses it (src/production-checks.ts).
 */
export function consoleSmsProvider(
  log: FastifyBaseLogger,
  outbox: DevOutbox | undefined,
  clock: () => Date,
  devMode: boolean,
): SmsProvider {
  return {
    async send(message) {
      if (devMode) {
        log.info(
          { brand: message.brand, mobile: message.mobile, purpose: message.purpose, code: message.code },
          'SMS verification code (console provider, not sent)',
        );
      } else {
        log.info(
          { brand: message.brand, mobile: maskedMobile(message.mobile), purpose: message.purpose },
          'SMS verification code not sent (console provider; the code is logged only with TENDER_DEV=1)',
        );
      }
      outbox?.record(message, clock());
    },
  };
}

/** 13812345678 → 138****5678: enough to tell phones apart in a log. */
function maskedMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

import { launchChromium } from '@tender/chromium';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverUrl } from '../src/server';

const brandId = process.env.E2E_BRAND ?? '';

interface ReceivedEnvelope {
  header: { event_id?: string; dsn?: string };
  items: { type: string; payload: Record<string, unknown> }[];
}
interface Received {
  accepted: ReceivedEnvelope[];
  refused: { path: string; reason: string }[];
}

/** What the fake Sentry ingest bin/e2e.mjs started (SENTRY_BROWSER_DSN) has accepted and refused so far. */
async function received(): Promise<Received> {
  const ingest = process.env.E2E_SENTRY_INGEST;
  if (!ingest) throw new Error('E2E_SENTRY_INGEST is not set: run the browser tests with `npm run e2e`');
  return (await fetch(`${ingest}/__received`)).json() as Promise<Received>;
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe(`browser error reports (${brandId})`, () => {
  it('sends an uncaught error to Sentry (SENTRY_BROWSER_DSN) with phone numbers and tokens scrubbed', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });
    const page = await context.newPage();
    try {
      // The DSN arrives with the environment every page reads; the SDK is fetched and started only then.
      await page.goto(`${serverUrl()}/${brandId}/#/login`);
      await page.waitForFunction(() => '__SENTRY__' in window);
      // A marker of this brand's run: the other brands' reports reach the same ingest.
      const marker = `e2e-${brandId}-${Date.now()}`;
      await page.evaluate((text) => {
        setTimeout(() => {
          throw new Error(`${text} 下单失败 13812345678 token=abcdef123456`);
        });
      }, marker);

      const reportOf = (envelopes: ReceivedEnvelope[]) =>
        envelopes
          .flatMap((envelope) => envelope.items)
          .find((item) => item.type === 'event' && JSON.stringify(item.payload).includes(marker));
      await expect.poll(async () => reportOf((await received()).accepted), { timeout: 15_000 }).toBeDefined();
      const { accepted, refused } = await received();
      expect(refused).toEqual([]);
      const text = JSON.stringify(reportOf(accepted)?.payload);
      expect(text).toContain('下单失败 [手机号] token=[REDACTED]');
      expect(text).not.toContain('13812345678');
      expect(text).not.toContain('abcdef123456');
    } finally {
      await context.close();
    }
  });
});

/** The base URL of the server bin/e2e.mjs started (all brands under /<brand-id>/). */
export function serverUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run e2e`');
  return url;
}

/** The last SMS code sent to a phone in a brand: the dev outbox (TENDER_DEV=1). */
export async function lastSmsCode(brand: string, mobile: string): Promise<string> {
  const response = await fetch(`${serverUrl()}/webchat/dev/sms-outbox?mobile=${mobile}&brand=${brand}`);
  const envelope = (await response.json()) as { code: number; data?: { code?: string }; message: string };
  if (envelope.code !== 200 || !envelope.data?.code)
    throw new Error(`No SMS code for ${mobile}: ${envelope.message}`);
  return envelope.data.code;
}

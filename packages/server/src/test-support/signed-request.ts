import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What the SMS vendors' fakes read of a request to check its signature: the raw body and query. */
export interface ReceivedRequest {
  body: Buffer;
  rawQuery: string;
}

export const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** One header as signed: repeated values joined with commas. */
export function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(',') : value;
}

/** Compares a signature in constant time, as the vendors do. */
export function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function receive(request: IncomingMessage): Promise<ReceivedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const url = request.url ?? '/';
  return {
    body: Buffer.concat(chunks),
    rawQuery: url.includes('?') ? url.slice(url.indexOf('?') + 1) : '',
  };
}

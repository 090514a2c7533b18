import { createHmac } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isRobotWebhookUrl } from '@tender/contracts';
import { isPublicAddress } from './robot-address';
import type { WebhookKind } from './settings';

/** One matched item as a robot message lists it. */
export interface PushLine {
  title: string;
  typeName: string;
  regionText: string;
  publishDate: string;
}

export interface WebhookRequest {
  url: string;
  body: unknown;
}

/** DingTalk 加签: base64(HMAC-SHA256(secret, "timestamp\nsecret")), passed as query parameters. */
export function dingTalkSign(secret: string, timestampMs: number): string {
  return createHmac('sha256', secret).update(`${timestampMs}\n${secret}`).digest('base64');
}

/** Feishu 签名校验: base64(HMAC-SHA256 keyed by "timestamp\nsecret" over nothing), timestamp in seconds. */
export function feishuSign(secret: string, timestampSeconds: number): string {
  return createHmac('sha256', `${timestampSeconds}\n${secret}`).update('').digest('base64');
}

const lineText = (line: PushLine) =>
  `【${line.typeName}】${line.title}${line.regionText ? `（${line.regionText}）` : ''} ${line.publishDate}`;

/**
 * The request each group robot expects (their documented formats): WeCom 企业微信 and DingTalk 钉钉 get
 * markdown, Feishu 飞书 plain text; DingTalk and Feishu are signed when the robot has a secret.
 */
export function webhookRequest(
  kind: WebhookKind,
  url: string,
  secret: string | null,
  title: string,
  lines: readonly PushLine[],
  now: Date,
): WebhookRequest {
  switch (kind) {
    case 'wecom':
      return {
        url,
        body: {
          msgtype: 'markdown',
          markdown: { content: [`**${title}**`, ...lines.map((line) => `> ${lineText(line)}`)].join('\n') },
        },
      };
    case 'dingtalk': {
      const signed = new URL(url);
      if (secret) {
        const timestamp = now.getTime();
        signed.searchParams.set('timestamp', String(timestamp));
        signed.searchParams.set('sign', dingTalkSign(secret, timestamp));
      }
      return {
        url: signed.toString(),
        body: {
          msgtype: 'markdown',
          markdown: {
            title,
            text: [`### ${title}`, ...lines.map((line) => `- ${lineText(line)}`)].join('\n\n'),
          },
        },
      };
    }
    case 'feishu': {
      const content = { text: [title, ...lines.map(lineText)].join('\n') };
      if (!secret) return { url, body: { msg_type: 'text', content } };
      const timestamp = Math.floor(now.getTime() / 1000);
      return {
        url,
        body: {
          timestamp: String(timestamp),
          sign: feishuSign(secret, timestamp),
          msg_type: 'text',
          content,
        },
      };
    }
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** How robot messages reach the robots; only tests replace it (src/test-support/fake-robot.ts). */
export interface WebhookNetwork {
  /** The addresses of a robot host, asked once per message. */
  resolve(hostname: string): Promise<ResolvedAddress[]>;
  /** Whether an address the host resolved to may be connected to. */
  reachable(address: string): boolean;
  /** The robots' port. */
  port: number;
  /** The certificates to trust instead of the system's. */
  ca?: string;
}

/** The robots on the internet: the system resolver, public addresses only, port 443, the system's CAs. */
export const internetRobotNetwork: WebhookNetwork = {
  resolve: (hostname) => lookup(hostname, { all: true, verbatim: true }),
  reachable: isPublicAddress,
  port: 443,
};

/** Settles with the promise, or rejects when the signal aborts first. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * Posts the request to a robot host (docs/operations.md, Security): the address must still be an https address on
 * a robot host (rows saved before that rule are refused here), then {@link postToPublicHttps}. Failures are
 * reported, never retried.
 */
export async function postWebhook(
  request: WebhookRequest,
  network: WebhookNetwork,
  signal: AbortSignal,
): Promise<void> {
  if (!isRobotWebhookUrl(request.url)) throw new Error('群机器人地址不是机器人自己的 https 地址，不发送');
  await postToPublicHttps(request.url, JSON.stringify(request.body), {}, network, signal, '群机器人');
}

/**
 * Posts a JSON body to an https address on the internet (a group robot, a member's API webhook): the host is
 * resolved once and every address it resolves to must be reachable (public), and the connection goes to the checked
 * address with TLS and Host for the URL's name, so a DNS answer that changes between check and connect cannot
 * redirect it. Redirects are not followed: any answer but 2xx fails. `what` names the receiver in the errors.
 */
export async function postToPublicHttps(
  target: string,
  body: string,
  headers: Record<string, string>,
  network: WebhookNetwork,
  signal: AbortSignal,
  what: string,
): Promise<void> {
  const url = new URL(target);
  if (url.protocol !== 'https:') throw new Error(`${what}地址不是 https 地址，不发送`);
  const addresses = await untilAborted(network.resolve(url.hostname), signal);
  const refused = addresses.find((resolved) => !network.reachable(resolved.address));
  if (refused) throw new Error(`${what}地址 ${url.hostname} 解析到非公网地址 ${refused.address}，不发送`);
  const [checked] = addresses;
  if (!checked) throw new Error(`${what}地址 ${url.hostname} 无法解析`);
  const connectTo: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [checked]);
    else callback(null, checked.address, checked.family);
  };
  await new Promise<void>((resolve, reject) => {
    const outgoing = httpsRequest(
      {
        host: url.hostname,
        port: network.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        },
        lookup: connectTo,
        agent: false,
        signal,
        ...(network.ca ? { ca: network.ca } : {}),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          reject(new Error(`${what}返回 HTTP ${status}`));
          return;
        }
        response.on('end', resolve);
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

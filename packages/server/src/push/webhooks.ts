import { createHmac } from 'node:crypto';
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

/** Posts the request; a robot that does not answer in 5 s or answers an error is reported, never retried. */
export async function postWebhook(request: WebhookRequest): Promise<void> {
  const response = await fetch(request.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(request.body),
    signal: AbortSignal.timeout(5_000),
  });
  if (!response.ok) throw new Error(`群机器人返回 HTTP ${response.status}`);
  await response.arrayBuffer();
}

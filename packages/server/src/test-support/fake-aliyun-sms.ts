import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { header, receive, sameText, sha256Hex } from './signed-request';

/**
 * A local fake of Alibaba Cloud SMS (dysmsapi 2017-05-25 `SendSms`) for tests: a real HTTP server on 127.0.0.1 that
 * checks every request's V3 signature (ACS3-HMAC-SHA256) as help.aliyun.com "V3版本请求体&签名机制" describes it —
 * canonical request, hashed payload in x-acs-content-sha256, a fresh x-acs-signature-nonce and x-acs-date — computed
 * here from that description, then answers like the vendor: `{Code: "OK", Message, BizId, RequestId}`, a business
 * refusal `{Code: "isv.…", Message, RequestId}` (HTTP 200), or a gateway refusal (HTTP 4xx) for the keys.
 */

export interface AliyunSentMessage {
  phoneNumbers: string;
  signName: string;
  templateCode: string;
  templateParam: Record<string, string>;
}

export interface AliyunRequestRecord {
  action: string | undefined;
  /** Why the fake refused the signature or the request; undefined when it was good. */
  refused?: string;
  message?: AliyunSentMessage;
}

export interface FakeAliyunSms {
  /** ALIYUN_SMS_ENDPOINT for the server under test: http://127.0.0.1:<port>. */
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  requests: AliyunRequestRecord[];
  /** The messages accepted (and so "texted"), oldest first. */
  sent: AliyunSentMessage[];
  /** Refuse every SendSms with this business code (and message) until `succeed()`. */
  failWith(code: string, message?: string): void;
  succeed(): void;
  close(): Promise<void>;
}

const ALGORITHM = 'ACS3-HMAC-SHA256';
/** x-acs-date may be this far from the fake's time (the vendor allows 15 minutes). */
const DATE_TOLERANCE_MS = 15 * 60 * 1000;

/** RFC 3986 percent-encoding: everything but A–Z a–z 0–9 - _ . ~ (so space is %20, * is %2A, ~ stays). */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The query parameters sorted by name, each name and value encoded, joined with = and &. */
function canonicalQueryString(rawQuery: string): string {
  const pairs = rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const index = part.indexOf('=');
      const name = decodeURIComponent(index < 0 ? part : part.slice(0, index));
      const value = index < 0 ? '' : decodeURIComponent(part.slice(index + 1));
      return [name, value] as const;
    });
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
}

export async function startFakeAliyunSms(
  options: { accessKeyId?: string; accessKeySecret?: string } = {},
): Promise<FakeAliyunSms> {
  const accessKeyId = options.accessKeyId ?? 'LTAI5tFakeAccessKeyId';
  const accessKeySecret = options.accessKeySecret ?? randomUUID();
  const requests: AliyunRequestRecord[] = [];
  const sent: AliyunSentMessage[] = [];
  const usedNonces = new Set<string>();
  let failure: { code: string; message: string } | undefined;

  function answer(response: ServerResponse, status: number, body: Record<string, unknown>): void {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify({ RequestId: randomUUID().toUpperCase(), ...body }));
  }

  /** Why the V3 signature fails, or undefined when it holds. */
  function signatureProblem(request: IncomingMessage, rawQuery: string, body: Buffer): string | undefined {
    const authorization = header(request, 'authorization') ?? '';
    const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
    if (!match) return 'IncompleteSignature';
    const [, credential, signedHeaderList, signature] = match as unknown as [string, string, string, string];
    if (credential !== accessKeyId) return 'InvalidAccessKeyId.NotFound';
    const contentHash = header(request, 'x-acs-content-sha256');
    if (contentHash !== sha256Hex(body)) return 'IncompleteSignature';
    const date = header(request, 'x-acs-date') ?? '';
    if (
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(date) ||
      Math.abs(Date.parse(date) - Date.now()) > DATE_TOLERANCE_MS
    ) {
      return 'InvalidTimeStamp.Expired';
    }
    const nonce = header(request, 'x-acs-signature-nonce');
    if (!nonce) return 'IncompleteSignature';
    if (usedNonces.has(nonce)) return 'SignatureNonceUsed';
    // Every common header present (host, x-acs-*, content-type) must be signed, names in lower case and sorted.
    const signedHeaders = signedHeaderList.split(';');
    const mustSign = Object.keys(request.headers).filter(
      (name) => name === 'host' || name === 'content-type' || name.startsWith('x-acs-'),
    );
    const sorted = [...signedHeaders].sort();
    if (
      mustSign.some((name) => !signedHeaders.includes(name)) ||
      signedHeaders.some((name, index) => name !== sorted[index] || request.headers[name] === undefined)
    ) {
      return 'IncompleteSignature';
    }
    const canonicalHeaders = signedHeaders
      .map((name) => `${name}:${(header(request, name) ?? '').trim()}\n`)
      .join('');
    const path = (request.url ?? '/').split('?')[0] as string;
    const canonicalRequest = [
      request.method,
      path
        .split('/')
        .map((segment) => percentEncode(decodeURIComponent(segment)))
        .join('/'),
      canonicalQueryString(rawQuery),
      canonicalHeaders,
      signedHeaderList,
      contentHash,
    ].join('\n');
    const stringToSign = `${ALGORITHM}\n${sha256Hex(canonicalRequest)}`;
    const expected = createHmac('sha256', accessKeySecret).update(stringToSign).digest('hex');
    if (!sameText(expected, signature)) return 'SignatureDoesNotMatch';
    usedNonces.add(nonce);
    return undefined;
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { body, rawQuery } = await receive(request);
    const action = header(request, 'x-acs-action');
    const record: AliyunRequestRecord = { action };
    requests.push(record);

    const problem = signatureProblem(request, rawQuery, body);
    if (problem) {
      record.refused = problem;
      const status = problem === 'InvalidAccessKeyId.NotFound' ? 404 : 400;
      answer(response, status, {
        HostId: header(request, 'host'),
        Code: problem,
        Message: `The request signature was refused: ${problem}.`,
        Recommend: 'https://api.aliyun.com/troubleshoot',
      });
      return;
    }
    if (
      request.method !== 'POST' ||
      action !== 'SendSms' ||
      header(request, 'x-acs-version') !== '2017-05-25'
    ) {
      record.refused = 'InvalidAction';
      answer(response, 404, { Code: 'InvalidAction.NotFound', Message: `Unknown action ${action}.` });
      return;
    }
    const query = new URLSearchParams(rawQuery);
    const message: AliyunSentMessage = {
      phoneNumbers: query.get('PhoneNumbers') ?? '',
      signName: query.get('SignName') ?? '',
      templateCode: query.get('TemplateCode') ?? '',
      templateParam: {},
    };
    record.message = message;
    if (!message.signName || !message.templateCode) {
      answer(response, 400, { Code: 'MissingParameter', Message: 'SignName and TemplateCode are required.' });
      return;
    }
    try {
      message.templateParam = JSON.parse(query.get('TemplateParam') ?? '{}');
    } catch {
      answer(response, 200, { Code: 'isv.INVALID_JSON_PARAM', Message: 'JSON参数不合法，只接受字符串值' });
      return;
    }
    if (!/^1\d{10}$/.test(message.phoneNumbers)) {
      answer(response, 200, { Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
      return;
    }
    if (failure) {
      answer(response, 200, { Code: failure.code, Message: failure.message });
      return;
    }
    sent.push(message);
    answer(response, 200, { Code: 'OK', Message: 'OK', BizId: `${Date.now()}^0` });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId,
    accessKeySecret,
    requests,
    sent,
    failWith(code, message = code) {
      failure = { code, message };
    },
    succeed() {
      failure = undefined;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

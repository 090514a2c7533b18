import { createHmac, randomUUID } from 'node:crypto';
import { Agent, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { header, receive, sameText, sha256Hex } from './signed-request';

/**
 * A local fake of Tencent Cloud SMS (API 2021-01-11 `SendSms`) for tests: a real HTTP server on 127.0.0.1 that
 * checks every request's TC3-HMAC-SHA256 signature as cloud.tencent.com "签名方法 v3" describes it — canonical
 * request (lower-cased signed headers, at least content-type and host), string to sign with the timestamp and the
 * credential scope `date/sms/tc3_request`, the signing key derived from "TC3" + SecretKey through the date, the
 * service and "tc3_request" — computed here from that description. It answers like the vendor:
 * `{Response: {SendStatusSet: [{Code: "Ok", …}], RequestId}}`, a refused number in its send status, or a refused
 * request as `{Response: {Error: {Code, Message}, RequestId}}`.
 */

export interface TencentSentMessage {
  phoneNumber: string;
  smsSdkAppId: string;
  signName: string;
  templateId: string;
  templateParamSet: string[];
}

export interface TencentRequestRecord {
  action: string | undefined;
  /** Why the fake refused the signature or the request; undefined when it was good. */
  refused?: string;
  message?: TencentSentMessage;
}

export interface FakeTencentSms {
  /**
   * TENCENT_SMS_ENDPOINT for the server under test: http://sms.fake.test:<port>. The SDK takes the signing service
   * from the endpoint's first label, as for sms.tencentcloudapi.com; `agent` resolves the name to this fake.
   */
  endpoint: string;
  agent: Agent;
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  requests: TencentRequestRecord[];
  sent: TencentSentMessage[];
  /**
   * Refuse every SendSms with this code until `succeed()`: in the number's send status for the per-number codes
   * (limits, a wrong number), else as the request's error.
   */
  failWith(code: string, message?: string): void;
  succeed(): void;
  close(): Promise<void>;
}

/** X-TC-Timestamp may be this far from the fake's time (the vendor allows 5 minutes). */
const TIMESTAMP_TOLERANCE_S = 5 * 60;
const PER_NUMBER_CODES = /^(LimitExceeded\.PhoneNumber|InvalidParameterValue\.IncorrectPhoneNumber)/;

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** Resolves every name to 127.0.0.1: the fake's name stands in for sms.tencentcloudapi.com. */
const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

export async function startFakeTencentSms(
  options: { secretId?: string; secretKey?: string; sdkAppId?: string } = {},
): Promise<FakeTencentSms> {
  const secretId = options.secretId ?? 'AKIDFakeTencentSecretId';
  const secretKey = options.secretKey ?? randomUUID();
  const sdkAppId = options.sdkAppId ?? '1400006666';
  const requests: TencentRequestRecord[] = [];
  const sent: TencentSentMessage[] = [];
  let failure: { code: string; message: string } | undefined;

  function answer(response: ServerResponse, body: Record<string, unknown>): void {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ Response: { ...body, RequestId: randomUUID() } }));
  }

  /** Why the TC3 signature fails (an AuthFailure code), or undefined when it holds. */
  function signatureProblem(request: IncomingMessage, rawQuery: string, body: Buffer): string | undefined {
    const authorization = header(request, 'authorization') ?? '';
    const match =
      /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
        authorization,
      );
    if (!match) return 'AuthFailure.InvalidAuthorization';
    const [, credentialId, date, service, signedHeaderList, signature] = match as unknown as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    if (credentialId !== secretId) return 'AuthFailure.SecretIdNotFound';
    const timestamp = header(request, 'x-tc-timestamp') ?? '';
    const seconds = Number(timestamp);
    if (!/^\d+$/.test(timestamp) || Math.abs(seconds - Date.now() / 1000) > TIMESTAMP_TOLERANCE_S) {
      return 'AuthFailure.SignatureExpire';
    }
    // The scope names the UTC date of the timestamp and this product.
    if (date !== new Date(seconds * 1000).toISOString().slice(0, 10) || service !== 'sms') {
      return 'AuthFailure.SignatureFailure';
    }
    const signedHeaders = signedHeaderList.split(';');
    if (!signedHeaders.includes('content-type') || !signedHeaders.includes('host')) {
      return 'AuthFailure.SignatureFailure';
    }
    // The vendor answers on the default port, so the host it signs against carries none; this fake listens on
    // another port, which it leaves out of the host the same way.
    const value = (name: string) =>
      name === 'host' ? (header(request, name) ?? '').replace(/:\d+$/, '') : (header(request, name) ?? '');
    const canonicalHeaders = signedHeaders
      .map((name) => `${name.toLowerCase()}:${value(name).trim().toLowerCase()}\n`)
      .join('');
    const canonicalRequest = [
      request.method,
      '/',
      rawQuery,
      canonicalHeaders,
      signedHeaderList,
      sha256Hex(body),
    ].join('\n');
    const scope = `${date}/${service}/tc3_request`;
    const stringToSign = `TC3-HMAC-SHA256\n${timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;
    const signingKey = hmac(hmac(hmac(`TC3${secretKey}`, date), service), 'tc3_request');
    const expected = createHmac('sha256', signingKey).update(stringToSign).digest('hex');
    return sameText(expected, signature) ? undefined : 'AuthFailure.SignatureFailure';
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const { body, rawQuery } = await receive(request);
    const action = header(request, 'x-tc-action');
    const record: TencentRequestRecord = { action };
    requests.push(record);

    const problem = signatureProblem(request, rawQuery, body);
    if (problem) {
      record.refused = problem;
      answer(response, {
        Error: { Code: problem, Message: `The provided credentials could not be validated: ${problem}.` },
      });
      return;
    }
    if (action !== 'SendSms' || header(request, 'x-tc-version') !== '2021-01-11') {
      record.refused = 'InvalidAction';
      answer(response, { Error: { Code: 'InvalidAction', Message: `Unknown action ${action}.` } });
      return;
    }
    const params = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    const message: TencentSentMessage = {
      phoneNumber: (params.PhoneNumberSet as string[] | undefined)?.[0] ?? '',
      smsSdkAppId: String(params.SmsSdkAppId ?? ''),
      signName: String(params.SignName ?? ''),
      templateId: String(params.TemplateId ?? ''),
      templateParamSet: (params.TemplateParamSet as string[] | undefined) ?? [],
    };
    record.message = message;
    if (message.smsSdkAppId !== sdkAppId) {
      answer(response, {
        Error: { Code: 'UnauthorizedOperation.SmsSdkAppIdVerifyFail', Message: 'SmsSdkAppId verify fail.' },
      });
      return;
    }
    const status = (code: string, text: string) => ({
      SendStatusSet: [
        {
          SerialNo: randomUUID(),
          PhoneNumber: message.phoneNumber,
          Fee: code === 'Ok' ? 1 : 0,
          SessionContext: '',
          Code: code,
          Message: text,
          IsoCode: 'CN',
        },
      ],
    });
    if (!/^\+861\d{10}$/.test(message.phoneNumber)) {
      answer(response, status('InvalidParameterValue.IncorrectPhoneNumber', 'incorrect phone number'));
      return;
    }
    if (failure) {
      answer(
        response,
        PER_NUMBER_CODES.test(failure.code)
          ? status(failure.code, failure.message)
          : { Error: { Code: failure.code, Message: failure.message } },
      );
      return;
    }
    sent.push(message);
    answer(response, status('Ok', 'send success'));
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ lookup: toLoopback });
  return {
    endpoint: `http://sms.fake.test:${port}`,
    agent,
    secretId,
    secretKey,
    sdkAppId,
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
        agent.destroy();
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

import {
  createCipheriv,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  randomUUID,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from '../clock';
import type { NotificationRequest } from '../payments/provider';
import {
  parseAuthorization,
  requestMessage,
  responseMessage,
  SIGN_TEST_PREFIX,
  signSha256Rsa,
  verifySha256Rsa,
} from '../payments/wechatpay/crypto';
import { type WechatPayClientConfig, wechatTime } from '../payments/wechatpay/provider';
import { selfSignedCertificate } from './self-signed-certificate';

/**
 * A local fake of WeChat Pay API v3 (Native) for tests: a real HTTP server on 127.0.0.1 that checks every request's
 * WECHATPAY2-SHA256-RSA2048 signature against the merchant's public key, signs its answers, and sends signed,
 * AES-256-GCM-encrypted notifications — all with RSA keys generated here.
 *
 * Its keys are a merchant's at WeChat Pay: one or more platform certificates (self-signed, serial = the
 * certificate's; two while WeChat Pay rotates them), and in public-key mode also the WeChat Pay public key (serial =
 * PUB_KEY_ID_…). As WeChat Pay documents it (微信支付公钥, 平台证书切换为微信支付公钥), the merchant chooses how
 * an answer is signed with the `Wechatpay-Serial` request header: the public key id gets a public-key signature;
 * no header gets a platform certificate's (WeChat Pay's default while the certificates are not voided), taken in
 * turn while there are several; a serial WeChat Pay does not know is refused with 400 INVALID_REQUEST.
 */

export type FakeKeyMode = 'certificate' | 'publicKey';

/** A key WeChat Pay signs with, and the serial it announces for it. */
interface FakeSigner {
  serial: string;
  privateKey: KeyObject;
}

interface FakeOrder {
  outTradeNo: string;
  description: string;
  amountFen: number;
  notifyUrl: string;
  timeExpire: Date;
  codeUrl: string;
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED';
  transactionId?: string;
  successTime?: Date;
  paidFen?: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  /** The `Wechatpay-Serial` header of the request, when sent. */
  serialHeader?: string;
  /** The serial the answer was signed with. */
  answeredWith: string;
  /** Why the fake refused the request; undefined when it was good. */
  refused?: string;
}

export interface NotificationOptions {
  /** Sign with a key WeChat Pay does not have (a forgery). */
  forged?: boolean;
  /** A probe signature (WECHATPAY/SIGNTEST/…) as WeChat Pay sends to test merchants. */
  signTest?: boolean;
  /** Move the signed timestamp (a stale replay). */
  timestampOffsetMs?: number;
  /** Announce another serial than the key's. */
  serial?: string;
  /** Sign with this key (a certificate serial or the public key id); default the public key, else the first certificate. */
  signedBy?: string;
  eventType?: string;
  /** Fields of the decrypted transaction to change (amount, mchid, success_time …). */
  transaction?: Record<string, unknown>;
  /** Encrypt with another APIv3 key. */
  wrongApiV3Key?: boolean;
}

export interface FakeWechatPay {
  mode: FakeKeyMode;
  baseUrl: string;
  mchId: string;
  appId: string;
  apiV3Key: string;
  /** The serial numbers of the platform certificates, in the order made. */
  certificateSerials: string[];
  /** The public key id (public-key mode). */
  publicKeyId: string | undefined;
  orders: Map<string, FakeOrder>;
  requests: FakeRequest[];
  /**
   * What the merchant configures (its own key, the platform certificates or public key): pass to the provider. In
   * public-key mode only the public key, unless `withCertificates` (a merchant migrating from certificates).
   */
  clientConfig(notifyUrl: string, options?: { withCertificates?: boolean }): WechatPayClientConfig;
  /** The payer pays: the order becomes SUCCESS (refused after time_expire). Answers the notification, unsent. */
  pay(outTradeNo: string, options?: { amountFen?: number }): NotificationRequest;
  /** A notification about the order as WeChat Pay sends it (signed, encrypted), not sent. */
  notification(outTradeNo: string, options?: NotificationOptions): NotificationRequest;
  /** Posts a notification to the order's notify_url, as WeChat Pay does; answers the merchant's reply. */
  deliver(outTradeNo: string, notification: NotificationRequest): Promise<{ status: number; body: string }>;
  /** The next request's connection is closed without an answer (a kept-alive connection closed as it was reused). */
  dropNextRequest(): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

const SKEW_MS = 5 * 60_000;

export async function startFakeWechatPay(options: {
  mode: FakeKeyMode;
  clock: Clock;
  /** How many platform certificates the merchant has (default 1; 2 while WeChat Pay rotates them). */
  platformCertificates?: number;
  /** The merchant's numbers; default WeChat Pay's documentation examples (which a production start refuses). */
  mchId?: string;
  appId?: string;
}): Promise<FakeWechatPay> {
  const { clock } = options;
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const intruder = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const merchantSerial = randomBytes(20).toString('hex').toUpperCase();
  const mchId = options.mchId ?? '1900009191';
  const appId = options.appId ?? 'wx8888888888888888';
  const apiV3Key = randomBytes(16).toString('hex');
  const now = clock();
  const certificates = Array.from({ length: options.platformCertificates ?? 1 }, (_, index) => {
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const certificate = selfSignedCertificate({
      publicKey: keys.publicKey,
      privateKey: keys.privateKey,
      commonName: 'Tenpay.com Root CA',
      notBefore: new Date(now.getTime() - (index + 1) * 86_400_000),
      notAfter: new Date(now.getTime() + 5 * 365 * 86_400_000),
    });
    return { serial: certificate.serialNumber, pem: certificate.pem, privateKey: keys.privateKey };
  });
  const publicKey =
    options.mode === 'publicKey'
      ? {
          serial: `PUB_KEY_ID_0119${randomBytes(12).toString('hex').toUpperCase()}`,
          privateKey: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey,
        }
      : undefined;
  const defaultSigner: FakeSigner = publicKey ?? (certificates[0] as FakeSigner);
  const orders = new Map<string, FakeOrder>();
  const requests: FakeRequest[] = [];

  let certificateTurn = 0;
  /** The certificate of the next answer: while there are several, WeChat Pay signs with each in turn. */
  function nextCertificate(): FakeSigner {
    const certificate = certificates[certificateTurn % certificates.length] as FakeSigner;
    certificateTurn += 1;
    return certificate;
  }

  /** Whom the merchant's `Wechatpay-Serial` asks to sign the answer; undefined for a serial WeChat Pay does not know. */
  function answerSigner(serialHeader: string | undefined): FakeSigner | undefined {
    if (serialHeader === undefined) return nextCertificate();
    if (publicKey && serialHeader === publicKey.serial) return publicKey;
    if (certificates.some((certificate) => certificate.serial === serialHeader.toUpperCase()))
      return nextCertificate();
    return undefined;
  }

  function signedHeaders(body: string, signer: FakeSigner, key = signer.privateKey, offsetMs = 0) {
    const timestamp = String(Math.floor((clock().getTime() + offsetMs) / 1000));
    const nonce = randomBytes(16).toString('hex');
    return {
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signSha256Rsa(key, responseMessage(timestamp, nonce, body)),
      'wechatpay-serial': signer.serial,
      'request-id': randomUUID(),
    };
  }

  /** Our side of the contract: the merchant's signature over exactly what it sent. */
  function checkSignature(request: IncomingMessage, path: string, body: string): string | undefined {
    const fields = parseAuthorization(request.headers.authorization);
    if (!fields) return 'no WECHATPAY2-SHA256-RSA2048 authorization';
    if (fields.mchid !== mchId) return 'wrong mchid';
    if (fields.serial_no !== merchantSerial) return 'wrong serial_no';
    if (!fields.nonce_str || !fields.timestamp || !fields.signature) return 'incomplete authorization';
    if (Math.abs(Number(fields.timestamp) * 1000 - clock().getTime()) > SKEW_MS) return 'stale timestamp';
    const message = requestMessage(request.method ?? '', path, fields.timestamp, fields.nonce_str, body);
    return verifySha256Rsa(merchant.publicKey, message, fields.signature) ? undefined : 'bad signature';
  }

  function transactionOf(order: FakeOrder, overrides: Record<string, unknown> = {}) {
    return {
      appid: appId,
      mchid: mchId,
      out_trade_no: order.outTradeNo,
      transaction_id: order.transactionId,
      trade_type: 'NATIVE',
      trade_state: order.state,
      trade_state_desc:
        order.state === 'SUCCESS' ? '支付成功' : order.state === 'CLOSED' ? '订单已关闭' : '订单未支付',
      bank_type: order.state === 'SUCCESS' ? 'OTHERS' : undefined,
      attach: '',
      success_time: order.successTime ? wechatTime(order.successTime) : undefined,
      payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
      amount: {
        total: order.amountFen,
        payer_total: order.paidFen ?? order.amountFen,
        currency: 'CNY',
        payer_currency: 'CNY',
      },
      ...overrides,
    };
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const path = request.url ?? '/';
    const body = await readBody(request);
    const serialHeader = request.headers['wechatpay-serial'] as string | undefined;
    const asked = answerSigner(serialHeader);
    // a refusal of an unknown serial is signed with a certificate, as WeChat Pay's default
    const signer = asked ?? nextCertificate();
    const answer = (status: number, payload?: object) => {
      const text = payload === undefined ? '' : JSON.stringify(payload);
      response.writeHead(status, {
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        ...signedHeaders(text, signer),
      });
      response.end(text);
    };
    const refused = asked ? checkSignature(request, path, body) : 'unknown Wechatpay-Serial';
    requests.push({
      method: request.method ?? '',
      path,
      ...(serialHeader === undefined ? {} : { serialHeader }),
      answeredWith: signer.serial,
      ...(refused ? { refused } : {}),
    });
    if (!asked) {
      return answer(400, { code: 'INVALID_REQUEST', message: `Wechatpay-Serial 无效：${serialHeader}` });
    }
    if (refused) return answer(401, { code: 'SIGN_ERROR', message: `签名错误：${refused}` });
    const url = new URL(path, 'http://fake');

    if (request.method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const input = JSON.parse(body) as {
        appid?: string;
        mchid?: string;
        description?: string;
        out_trade_no?: string;
        time_expire?: string;
        notify_url?: string;
        amount?: { total?: number; currency?: string };
      };
      const timeExpire = new Date(input.time_expire ?? '');
      if (
        input.appid !== appId ||
        input.mchid !== mchId ||
        !input.description ||
        !/^[A-Za-z0-9_\-|*]{6,32}$/.test(input.out_trade_no ?? '') ||
        !Number.isSafeInteger(input.amount?.total) ||
        (input.amount?.total ?? 0) < 1 ||
        input.amount?.currency !== 'CNY' ||
        !/^https?:\/\//.test(input.notify_url ?? '') ||
        Number.isNaN(timeExpire.getTime()) ||
        !/\+08:00$/.test(input.time_expire ?? '')
      ) {
        return answer(400, { code: 'PARAM_ERROR', message: '参数错误' });
      }
      const existing = orders.get(input.out_trade_no as string);
      if (existing) {
        if (existing.state === 'CLOSED') return answer(400, { code: 'ORDER_CLOSED', message: '订单已关闭' });
        if (existing.state === 'SUCCESS') return answer(400, { code: 'ORDERPAID', message: '订单已支付' });
        if (existing.amountFen !== input.amount?.total) {
          return answer(400, { code: 'INVALID_REQUEST', message: '订单号重复' });
        }
        return answer(200, { code_url: existing.codeUrl });
      }
      const order: FakeOrder = {
        outTradeNo: input.out_trade_no as string,
        description: input.description,
        amountFen: input.amount?.total as number,
        notifyUrl: input.notify_url as string,
        timeExpire,
        codeUrl: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('base64url')}`,
        state: 'NOTPAY',
      };
      orders.set(order.outTradeNo, order);
      return answer(200, { code_url: order.codeUrl });
    }

    const match = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (match) {
      const order = orders.get(decodeURIComponent(match[1] as string));
      if (request.method === 'GET' && !match[2]) {
        if (url.searchParams.get('mchid') !== mchId)
          return answer(400, { code: 'PARAM_ERROR', message: 'mchid' });
        if (!order) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        return answer(200, transactionOf(order));
      }
      if (request.method === 'POST' && match[2]) {
        if ((JSON.parse(body || '{}') as { mchid?: string }).mchid !== mchId) {
          return answer(400, { code: 'PARAM_ERROR', message: 'mchid' });
        }
        if (!order) return answer(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' });
        if (order.state === 'SUCCESS') return answer(400, { code: 'ORDERPAID', message: '订单已支付' });
        order.state = 'CLOSED';
        return answer(204);
      }
    }
    return answer(404, { code: 'NOT_FOUND', message: '接口不存在' });
  }

  let dropNext = false;
  const server: Server = createServer((request, response) => {
    if (dropNext) {
      dropNext = false;
      request.socket.destroy();
      return;
    }
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'SYSTEM_ERROR', message: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function notification(outTradeNo: string, options: NotificationOptions = {}): NotificationRequest {
    const order = orders.get(outTradeNo);
    if (!order) throw new Error(`fake WeChat Pay has no order ${outTradeNo}`);
    const plain = JSON.stringify(transactionOf(order, options.transaction));
    const nonce = randomBytes(6).toString('hex');
    const key = options.wrongApiV3Key ? randomBytes(16).toString('hex') : apiV3Key;
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from('transaction', 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    const rawBody = JSON.stringify({
      id: randomUUID(),
      create_time: wechatTime(clock()),
      resource_type: 'encrypt-resource',
      event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
      summary: '支付成功',
      resource: {
        original_type: 'transaction',
        algorithm: 'AEAD_AES_256_GCM',
        ciphertext: ciphertext.toString('base64'),
        associated_data: 'transaction',
        nonce,
      },
    });
    const signer =
      options.signedBy === undefined
        ? defaultSigner
        : [...certificates, ...(publicKey ? [publicKey] : [])].find((key) => key.serial === options.signedBy);
    if (!signer) throw new Error(`fake WeChat Pay has no key ${options.signedBy}`);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      ...signedHeaders(
        rawBody,
        signer,
        options.forged ? intruder.privateKey : signer.privateKey,
        options.timestampOffsetMs,
      ),
    };
    if (options.signTest)
      headers['wechatpay-signature'] = `${SIGN_TEST_PREFIX}${headers['wechatpay-signature']}`;
    if (options.serial) headers['wechatpay-serial'] = options.serial;
    return { headers, rawBody };
  }

  return {
    mode: options.mode,
    baseUrl: `http://127.0.0.1:${port}`,
    mchId,
    appId,
    apiV3Key,
    certificateSerials: certificates.map((certificate) => certificate.serial),
    publicKeyId: publicKey?.serial,
    orders,
    requests,

    clientConfig(notifyUrl, configOptions = {}) {
      const trustCertificates = !publicKey || configOptions.withCertificates === true;
      return {
        mchId,
        appId,
        merchantSerialNo: merchantSerial,
        merchantPrivateKeyPem: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
        apiV3Key,
        verifiers: {
          platformCertificates: trustCertificates
            ? certificates.map((certificate) => ({ pem: certificate.pem }))
            : undefined,
          publicKey: publicKey
            ? {
                pem: createPublicKey(publicKey.privateKey).export({ type: 'spki', format: 'pem' }) as string,
                id: publicKey.serial,
              }
            : undefined,
        },
        notifyUrl,
        apiBase: `http://127.0.0.1:${port}`,
        timeoutMs: 5000,
      };
    },

    pay(outTradeNo, payOptions = {}) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake WeChat Pay has no order ${outTradeNo}`);
      if (order.state !== 'NOTPAY') throw new Error(`order ${outTradeNo} is ${order.state}`);
      if (clock().getTime() >= order.timeExpire.getTime()) throw new Error(`order ${outTradeNo} expired`);
      order.state = 'SUCCESS';
      order.transactionId = `42000${randomBytes(12).toString('hex')}`.slice(0, 28);
      order.successTime = clock();
      order.paidFen = payOptions.amountFen ?? order.amountFen;
      return notification(outTradeNo);
    },

    notification,

    async deliver(outTradeNo, sent) {
      const order = orders.get(outTradeNo);
      if (!order) throw new Error(`fake WeChat Pay has no order ${outTradeNo}`);
      const response = await fetch(order.notifyUrl, {
        method: 'POST',
        headers: sent.headers as Record<string, string>,
        body: sent.rawBody,
      });
      return { status: response.status, body: await response.text() };
    },

    dropNextRequest: () => {
      dropNext = true;
    },

    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

import { createPrivateKey, createPublicKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { formatDateTime } from '@tender/domain';
import type { Clock } from '../../clock';
import {
  headerValue,
  NOTIFICATION_MAX_SKEW_MS,
  NotificationRejected,
  type PaymentProvider,
  ProviderError,
  type ProviderTrade,
  type TradeState,
  type VerifiedNotification,
} from '../provider';
import {
  authorizationHeader,
  decryptResource,
  type EncryptedResource,
  nonceString,
  responseMessage,
  SIGN_TEST_PREFIX,
  verifySha256Rsa,
} from './crypto';
import type { WechatPaySettings } from './settings';

/**
 * How WeChat Pay's signatures are checked: its platform certificates, its public key, or both while migrating.
 * Each answer and notification names its key in `Wechatpay-Serial`; the one named is used, any other refused.
 */
export interface WechatPayVerifiers {
  /**
   * 平台证书模式: the certificates, whose serial numbers WeChat Pay sends. Several while it rotates: for days it
   * signs with the old and the new certificate side by side.
   */
  platformCertificates?: { pem: string; path?: string }[] | undefined;
  /**
   * 公钥模式: the public key and its id (PUB_KEY_ID_…), which WeChat Pay sends as the serial. Configured, the id goes
   * with every request in `Wechatpay-Serial`: only then does WeChat Pay sign its answer with the public key
   * (without it the answer is signed with a platform certificate, WeChat Pay's default until they are voided).
   */
  publicKey?: { pem: string; id: string } | undefined;
}

/** Everything the client needs, keys already read (tests pass generated ones). */
export interface WechatPayClientConfig {
  mchId: string;
  appId: string;
  merchantSerialNo: string;
  merchantPrivateKeyPem: string;
  apiV3Key: string;
  verifiers: WechatPayVerifiers;
  notifyUrl: string;
  apiBase: string;
  /** A request taking longer fails (default 10 s). */
  timeoutMs?: number;
}

/** Reads the key and certificate files the settings name; a file that cannot be read stops the start. */
export function loadWechatPayConfig(settings: WechatPaySettings): WechatPayClientConfig {
  const read = (variable: string, path: string) => {
    try {
      return readFileSync(path, 'utf8');
    } catch (error) {
      throw new Error(`${variable} 指向的文件 ${path} 无法读取：${(error as Error).message}`);
    }
  };
  return {
    mchId: settings.mchId,
    appId: settings.appId,
    merchantSerialNo: settings.merchantSerialNo,
    merchantPrivateKeyPem: read('WECHATPAY_PRIVATE_KEY_PATH', settings.privateKeyPath),
    apiV3Key: settings.apiV3Key,
    verifiers: {
      platformCertificates: settings.platformCertificatePaths.map((path) => ({
        pem: read('WECHATPAY_PLATFORM_CERT_PATH', path),
        path,
      })),
      publicKey:
        settings.publicKeyPath && settings.publicKeyId
          ? { pem: read('WECHATPAY_PUBLIC_KEY_PATH', settings.publicKeyPath), id: settings.publicKeyId }
          : undefined,
    },
    notifyUrl: settings.notifyUrl,
    apiBase: settings.apiBase,
  };
}

/** The keys WeChat Pay signs with, by the serial it names (Wechatpay-Serial), and what the operator should know. */
function verificationKeys(
  verifiers: WechatPayVerifiers,
  clock: Clock,
): { keys: Map<string, KeyObject>; warnings: string[] } {
  const keys = new Map<string, KeyObject>();
  const expired: string[] = [];
  for (const [index, configured] of (verifiers.platformCertificates ?? []).entries()) {
    const name = configured.path ?? `#${index + 1}`;
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(configured.pem);
    } catch (error) {
      throw new Error(
        `WECHATPAY_PLATFORM_CERT_PATH 中的 ${name} 不是有效的 PEM 证书：${(error as Error).message}`,
      );
    }
    const serial = certificate.serialNumber.toUpperCase();
    if (Date.parse(certificate.validTo) < clock().getTime()) {
      // WeChat Pay no longer signs with it; the end of a rotation should not stop a restart
      expired.push(`微信支付平台证书 ${name}（序列号 ${serial}）已于 ${certificate.validTo} 过期`);
      continue;
    }
    keys.set(serial, certificate.publicKey);
  }
  if (verifiers.publicKey) {
    try {
      keys.set(verifiers.publicKey.id, createPublicKey(verifiers.publicKey.pem));
    } catch (error) {
      throw new Error(`WECHATPAY_PUBLIC_KEY_PATH 不是有效的 PEM 公钥：${(error as Error).message}`);
    }
  }
  if (keys.size === 0) {
    throw new Error(
      expired.length > 0
        ? `${expired.join('；')}，没有其他可用于验证微信支付签名的证书或公钥`
        : '没有可用于验证微信支付签名的平台证书或公钥',
    );
  }
  const warnings = expired.map(
    (message) => `${message}，已不再使用；请从 WECHATPAY_PLATFORM_CERT_PATH 中删除`,
  );
  return { keys, warnings };
}

/** WeChat Pay's transaction (query answer and decrypted notification), the fields we read. */
interface WechatTransaction {
  appid?: string;
  mchid?: string;
  out_trade_no?: string;
  transaction_id?: string;
  trade_state?: string;
  success_time?: string;
  amount?: { total?: number; payer_total?: number; currency?: string };
}

const TRADE_STATES: ReadonlySet<string> = new Set([
  'SUCCESS',
  'NOTPAY',
  'CLOSED',
  'USERPAYING',
  'PAYERROR',
  'REFUND',
  'REVOKED',
]);

/** WeChat Pay's time format: RFC 3339 in China time, '2026-01-05T14:30:00+08:00'. */
export function wechatTime(date: Date): string {
  return `${formatDateTime(date, 'YYYY-MM-DDTHH:mm:ss')}+08:00`;
}

export interface WechatPayProvider extends PaymentProvider {
  readonly name: 'wechatpay';
  /** The serials whose signatures are accepted: platform certificate serial numbers and the public key id. */
  readonly trustedSerials: readonly string[];
}

/**
 * WeChat Pay API v3, Native payments (扫码支付), on node:crypto and fetch: every request is signed with the
 * merchant key (and names the public key id, when configured, so that WeChat Pay answers with it), every answer's
 * signature is checked with the platform certificate or public key its `Wechatpay-Serial` names, and notifications
 * are verified (signature, freshness, no probe signatures) and decrypted with the APIv3 key.
 */
export function wechatPayProvider(config: WechatPayClientConfig, clock: Clock): WechatPayProvider {
  const privateKey = createPrivateKey(config.merchantPrivateKeyPem);
  const { keys, warnings } = verificationKeys(config.verifiers, clock);
  const trustedSerials = [...keys.keys()];
  const timeoutMs = config.timeoutMs ?? 10_000;

  /** Checks a signed message from WeChat Pay (an API answer or a notification); answers why not, or undefined. */
  function signatureProblem(
    headers: { timestamp?: string; nonce?: string; signature?: string; serial?: string },
    body: string,
  ): NotificationRejected | undefined {
    const { timestamp, nonce, signature, serial } = headers;
    if (!timestamp || !nonce || !signature || !serial) return new NotificationRejected('missing_headers');
    if (signature.startsWith(SIGN_TEST_PREFIX)) return new NotificationRejected('sign_test');
    const key = keys.get(serial) ?? keys.get(serial.toUpperCase());
    if (!key) {
      return new NotificationRejected('unknown_serial', `${serial}, trusted: ${trustedSerials.join(', ')}`);
    }
    if (!verifySha256Rsa(key, responseMessage(timestamp, nonce, body), signature)) {
      return new NotificationRejected('bad_signature');
    }
    const sentAt = Number(timestamp) * 1000;
    if (!Number.isFinite(sentAt) || Math.abs(clock().getTime() - sentAt) > NOTIFICATION_MAX_SKEW_MS) {
      return new NotificationRejected('stale_timestamp', timestamp);
    }
    return undefined;
  }

  async function call(method: 'GET' | 'POST', pathWithQuery: string, payload?: object) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const send = () =>
      fetch(`${config.apiBase}${pathWithQuery}`, {
        method,
        headers: {
          authorization: authorizationHeader({
            mchId: config.mchId,
            serialNo: config.merchantSerialNo,
            privateKey,
            method,
            pathWithQuery,
            body,
            timestamp: String(Math.floor(clock().getTime() / 1000)),
            nonce: nonceString(),
          }),
          accept: 'application/json',
          ...(config.verifiers.publicKey ? { 'wechatpay-serial': config.verifiers.publicKey.id } : {}),
          'user-agent': 'tender-server (WeChatPay APIv3, node)',
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: payload === undefined ? undefined : body,
        signal: AbortSignal.timeout(timeoutMs),
      });
    let response: Response;
    try {
      response = await send();
    } catch (error) {
      // A kept-alive connection that WeChat Pay closed just as it was reused fails before any answer: a query
      // (GET, which changes nothing) goes once more, signed anew, on a new connection. Not after a time-out.
      if (method !== 'GET' || (error as Error).name === 'TimeoutError') {
        throw new ProviderError(`微信支付请求失败：${(error as Error).message}`);
      }
      try {
        response = await send();
      } catch (again) {
        throw new ProviderError(`微信支付请求失败：${(again as Error).message}`);
      }
    }
    const text = await response.text();
    if (!response.ok) {
      let detail: { code?: string; message?: string } = {};
      try {
        detail = JSON.parse(text) as typeof detail;
      } catch {}
      throw new ProviderError(
        `微信支付返回 ${response.status}：${detail.message ?? text.slice(0, 200)}`,
        detail.code,
        response.status,
      );
    }
    const problem = signatureProblem(
      {
        timestamp: response.headers.get('wechatpay-timestamp') ?? undefined,
        nonce: response.headers.get('wechatpay-nonce') ?? undefined,
        signature: response.headers.get('wechatpay-signature') ?? undefined,
        serial: response.headers.get('wechatpay-serial') ?? undefined,
      },
      text,
    );
    if (problem) {
      throw new ProviderError(`微信支付应答验签失败（${problem.message}）`, 'RESPONSE_SIGNATURE');
    }
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }

  function tradeOf(transaction: WechatTransaction, orderNo: string): ProviderTrade {
    const state = transaction.trade_state ?? '';
    const successTime = transaction.success_time ? new Date(transaction.success_time) : undefined;
    return {
      orderNo: transaction.out_trade_no ?? orderNo,
      state: (TRADE_STATES.has(state) ? state : 'NOTPAY') as TradeState,
      transactionId: transaction.transaction_id,
      amountFen: transaction.amount?.total,
      currency: transaction.amount?.currency,
      successTime: successTime && !Number.isNaN(successTime.getTime()) ? successTime : undefined,
    };
  }

  const orderPath = (orderNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}`;

  return {
    name: 'wechatpay',
    trustedSerials,
    startupWarnings: warnings,

    async prepay(request) {
      const answer = (await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: request.description.slice(0, 127),
        out_trade_no: request.orderNo,
        time_expire: wechatTime(request.expiresAt),
        notify_url: config.notifyUrl,
        amount: { total: request.amountFen, currency: 'CNY' },
      })) as { code_url?: string } | undefined;
      if (!answer?.code_url) throw new ProviderError('微信支付下单应答缺少 code_url');
      return { codeUrl: answer.code_url };
    },

    async query(orderNo) {
      try {
        const answer = (await call(
          'GET',
          `${orderPath(orderNo)}?mchid=${encodeURIComponent(config.mchId)}`,
        )) as WechatTransaction;
        if (answer.mchid !== undefined && answer.mchid !== config.mchId) {
          throw new ProviderError('微信支付查询应答的商户号不符', 'WRONG_MERCHANT');
        }
        return tradeOf(answer, orderNo);
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'ORDER_NOT_EXIST')
          return { orderNo, state: 'NOT_FOUND' };
        throw error;
      }
    },

    async close(orderNo) {
      await call('POST', `${orderPath(orderNo)}/close`, { mchid: config.mchId });
    },

    async verifyNotification(request): Promise<VerifiedNotification> {
      const problem = signatureProblem(
        {
          timestamp: headerValue(request.headers, 'wechatpay-timestamp'),
          nonce: headerValue(request.headers, 'wechatpay-nonce'),
          signature: headerValue(request.headers, 'wechatpay-signature'),
          serial: headerValue(request.headers, 'wechatpay-serial'),
        },
        request.rawBody,
      );
      if (problem) throw problem;
      let body: { id?: string; event_type?: string; resource?: EncryptedResource };
      try {
        body = JSON.parse(request.rawBody) as typeof body;
      } catch {
        throw new NotificationRejected('malformed');
      }
      if (typeof body?.id !== 'string' || typeof body.event_type !== 'string' || !body.resource) {
        throw new NotificationRejected('malformed');
      }
      if (body.event_type !== 'TRANSACTION.SUCCESS') {
        return { kind: 'ignored', notificationId: body.id, eventType: body.event_type };
      }
      let transaction: WechatTransaction;
      try {
        transaction = JSON.parse(decryptResource(body.resource, config.apiV3Key)) as WechatTransaction;
      } catch (error) {
        throw new NotificationRejected('decrypt_failed', (error as Error).message);
      }
      if (
        transaction.mchid !== config.mchId ||
        (transaction.appid !== undefined && transaction.appid !== config.appId)
      ) {
        throw new NotificationRejected('wrong_merchant', `${transaction.mchid}/${transaction.appid}`);
      }
      if (typeof transaction.out_trade_no !== 'string') throw new NotificationRejected('malformed');
      return {
        kind: 'trade',
        notificationId: body.id,
        trade: tradeOf(transaction, transaction.out_trade_no),
      };
    },
  };
}

import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config';
import { orderQueries } from '../../orders/queries';
import { ACTIVE_QUERY_GAP_MS } from '../../orders/service';
import { testDatabaseTargets } from '../../test-support/databases';
import { type FakeKeyMode, type FakeWechatPay, startFakeWechatPay } from '../../test-support/fake-wechatpay';
import { callAs, type MemberTestUser, newMember } from '../../test-support/membership-fixtures';
import { grantsOf, submitOrder, testOrderService } from '../../test-support/order-fixtures';
import { raceTest } from '../../test-support/real-concurrency';
import { selfSignedCertificate } from '../../test-support/self-signed-certificate';
import { testClock } from '../../test-support/test-clock';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { createPaymentProvider } from '../factory';
import { NotificationRejected, ProviderError } from '../provider';
import { authorizationHeader, nonceString } from './crypto';
import { type WechatPayClientConfig, type WechatPayProvider, wechatPayProvider } from './provider';
import { readWechatPaySettings } from './settings';

const HOUR = 3_600_000;
const MODES: FakeKeyMode[] = ['certificate', 'publicKey'];

describe.each(MODES)('WeChat Pay client against the local fake, %s mode', (mode) => {
  const clock = testClock();
  let fake: FakeWechatPay;
  let config: WechatPayClientConfig;

  beforeAll(async () => {
    fake = await startFakeWechatPay({ mode, clock: clock.now });
    config = fake.clientConfig('https://merchant.example/webchat/pay/notify/wechatpay');
  });
  afterAll(async () => {
    await fake.close();
  });

  const prepaid = async (orderNo: string, amountFen = 59_800) => {
    const provider = wechatPayProvider(config, clock.now);
    return provider.prepay({
      orderNo,
      description: '阿尔法招标网-投标通 1个月',
      amountFen,
      expiresAt: new Date(clock.now().getTime() + 2 * HOUR),
      baseUrl: 'https://merchant.example',
    });
  };

  it('signs a Native prepay the fake accepts, and checks the signed answer', async () => {
    const { codeUrl } = await prepaid('MTEST0000000000001');
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v3/pay/transactions/native' });
    const order = fake.orders.get('MTEST0000000000001');
    expect(order).toMatchObject({ amountFen: 59_800, state: 'NOTPAY' });
    expect(order?.notifyUrl).toBe('https://merchant.example/webchat/pay/notify/wechatpay');
    // the same order again: the same code
    expect((await prepaid('MTEST0000000000001')).codeUrl).toBe(codeUrl);
  });

  it('queries by out_trade_no and closes; a missing order is NOT_FOUND', async () => {
    const provider = wechatPayProvider(config, clock.now);
    await prepaid('MTEST0000000000002');
    expect(await provider.query('MTEST0000000000002')).toMatchObject({ state: 'NOTPAY' });
    fake.pay('MTEST0000000000002');
    const paid = await provider.query('MTEST0000000000002');
    expect(paid).toMatchObject({ orderNo: 'MTEST0000000000002', state: 'SUCCESS', amountFen: 59_800 });
    expect(paid.transactionId).toMatch(/^42000/);
    expect(paid.successTime).toBeInstanceOf(Date);
    await prepaid('MTEST0000000000003');
    await provider.close('MTEST0000000000003');
    expect(fake.orders.get('MTEST0000000000003')?.state).toBe('CLOSED');
    expect(await provider.query('MTEST0000000000099')).toEqual({
      orderNo: 'MTEST0000000000099',
      state: 'NOT_FOUND',
    });
    // a paid order cannot be closed
    await expect(provider.close('MTEST0000000000002')).rejects.toBeInstanceOf(ProviderError);
  });

  it('is refused by WeChat Pay when it signs with a key that is not the merchant’s', async () => {
    const other = await startFakeWechatPay({ mode, clock: clock.now });
    try {
      const stranger = { ...config, merchantPrivateKeyPem: other.clientConfig('').merchantPrivateKeyPem };
      const error = await wechatPayProvider(stranger, clock.now)
        .query('MTEST0000000000001')
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ code: 'SIGN_ERROR', status: 401 });
      expect(fake.requests.at(-1)?.refused).toBe('bad signature');
    } finally {
      await other.close();
    }
  });

  it('sends a query once more when its connection closes unanswered, and a prepay never twice', async () => {
    const provider = wechatPayProvider(config, clock.now);
    await prepaid('MTEST0000000000004');
    // The dropped request is not answered, so the fake records only what it answers.
    const answered = fake.requests.length;
    fake.dropNextRequest();
    expect(await provider.query('MTEST0000000000004')).toMatchObject({ state: 'NOTPAY' });
    expect(fake.requests.slice(answered)).toMatchObject([
      { method: 'GET', path: expect.stringContaining('/out-trade-no/MTEST0000000000004') },
    ]);
    fake.dropNextRequest();
    await expect(prepaid('MTEST0000000000005')).rejects.toBeInstanceOf(ProviderError);
    expect(fake.requests.length).toBe(answered + 1);
    expect(fake.orders.has('MTEST0000000000005')).toBe(false);
  });

  it('refuses an answer not signed by the platform key it trusts', async () => {
    const other = await startFakeWechatPay({ mode, clock: clock.now });
    try {
      // the other merchant's certificate, or the other public key file under this merchant's public key id
      const { platformCertificates, publicKey } = other.clientConfig('').verifiers;
      const trustingOther = {
        ...config,
        verifiers: publicKey
          ? { publicKey: { ...publicKey, id: fake.publicKeyId as string } }
          : { platformCertificates },
      };
      const error = await wechatPayProvider(trustingOther, clock.now)
        .query('MTEST0000000000001')
        .catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'RESPONSE_SIGNATURE' });
      expect((error as Error).message).toMatch(publicKey ? 'bad_signature' : 'unknown_serial');
    } finally {
      await other.close();
    }
  });

  describe('notifications', () => {
    const verify = (notification: { headers: Record<string, unknown>; rawBody: string }) =>
      wechatPayProvider(config, clock.now).verifyNotification(
        notification as { headers: Record<string, string>; rawBody: string },
      );
    const rejection = async (notification: { headers: Record<string, unknown>; rawBody: string }) => {
      const error = await verify(notification).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(NotificationRejected);
      return (error as NotificationRejected).reason;
    };

    beforeAll(async () => {
      await prepaid('MTEST0000000000010');
      fake.pay('MTEST0000000000010');
    });

    it('verifies the signature and decrypts the transaction (AES-256-GCM, APIv3 key)', async () => {
      const verified = await verify(fake.notification('MTEST0000000000010'));
      expect(verified).toMatchObject({
        kind: 'trade',
        trade: { orderNo: 'MTEST0000000000010', state: 'SUCCESS', amountFen: 59_800, currency: 'CNY' },
      });
    });

    it('rejects forged, probe, stale, unknown-serial, undecryptable and other-merchant notifications', async () => {
      expect(await rejection(fake.notification('MTEST0000000000010', { forged: true }))).toBe(
        'bad_signature',
      );
      expect(await rejection(fake.notification('MTEST0000000000010', { signTest: true }))).toBe('sign_test');
      expect(
        await rejection(fake.notification('MTEST0000000000010', { timestampOffsetMs: -6 * 60_000 })),
      ).toBe('stale_timestamp');
      expect(await rejection(fake.notification('MTEST0000000000010', { serial: 'PUB_KEY_ID_UNKNOWN' }))).toBe(
        'unknown_serial',
      );
      expect(await rejection(fake.notification('MTEST0000000000010', { wrongApiV3Key: true }))).toBe(
        'decrypt_failed',
      );
      expect(
        await rejection(fake.notification('MTEST0000000000010', { transaction: { mchid: '1900000001' } })),
      ).toBe('wrong_merchant');
      const genuine = fake.notification('MTEST0000000000010');
      expect(await rejection({ ...genuine, rawBody: genuine.rawBody.replace('"id":"', '"id":"x') })).toBe(
        'bad_signature',
      );
      expect(await rejection({ headers: {}, rawBody: genuine.rawBody })).toBe('missing_headers');
    });

    it('answers other events as ignored', async () => {
      const refund = fake.notification('MTEST0000000000010', { eventType: 'REFUND.SUCCESS' });
      expect(await verify(refund)).toMatchObject({ kind: 'ignored', eventType: 'REFUND.SUCCESS' });
    });
  });
});

/** A query signed as the merchant but without `Wechatpay-Serial`, answered as it came (headers and body). */
async function queryWithoutSerialHeader(fake: FakeWechatPay, config: WechatPayClientConfig, now: Date) {
  const pathWithQuery = `/v3/pay/transactions/out-trade-no/MTEST0000000000001?mchid=${fake.mchId}`;
  const response = await fetch(`${fake.baseUrl}${pathWithQuery}`, {
    headers: {
      authorization: authorizationHeader({
        mchId: config.mchId,
        serialNo: config.merchantSerialNo,
        privateKey: createPrivateKey(config.merchantPrivateKeyPem),
        method: 'GET',
        pathWithQuery,
        body: '',
        timestamp: String(Math.floor(now.getTime() / 1000)),
        nonce: nonceString(),
      }),
      accept: 'application/json',
    },
  });
  return { headers: Object.fromEntries(response.headers), rawBody: await response.text() };
}

describe('WeChat Pay keys: Wechatpay-Serial, several platform certificates, the public key', () => {
  const clock = testClock();
  const orderNo = 'MTEST0000000000020';
  const prepay = (provider: WechatPayProvider) =>
    provider.prepay({
      orderNo,
      description: '阿尔法招标网-投标通 1个月',
      amountFen: 59_800,
      expiresAt: new Date(clock.now().getTime() + 2 * HOUR),
      baseUrl: 'https://merchant.example',
    });

  it('names the public key id in every request, so WeChat Pay answers with the public key', async () => {
    const fake = await startFakeWechatPay({ mode: 'publicKey', clock: clock.now });
    try {
      const config = fake.clientConfig('https://merchant.example/webchat/pay/notify/wechatpay');
      const provider = wechatPayProvider(config, clock.now);
      await prepay(provider);
      await provider.query(orderNo);
      await provider.close(orderNo);
      const id = fake.publicKeyId as string;
      expect(fake.requests).toEqual([
        { method: 'POST', path: '/v3/pay/transactions/native', serialHeader: id, answeredWith: id },
        { method: 'GET', path: expect.stringContaining(orderNo), serialHeader: id, answeredWith: id },
        { method: 'POST', path: expect.stringContaining('/close'), serialHeader: id, answeredWith: id },
      ]);

      // Without the header WeChat Pay answers with its platform certificate, which the public key cannot verify.
      const unasked = await queryWithoutSerialHeader(fake, config, clock.now());
      expect(unasked.headers['wechatpay-serial']).toBe(fake.certificateSerials[0]);
      const refused = await provider.verifyNotification(unasked).catch((caught: unknown) => caught);
      expect(refused).toMatchObject({ reason: 'unknown_serial' });

      // A merchant configured with its certificate only (platform-certificate mode) sends no header and is
      // answered with the certificate; one with a public key id WeChat Pay does not know is refused.
      const { platformCertificates } = fake.clientConfig('', { withCertificates: true }).verifiers;
      await wechatPayProvider({ ...config, verifiers: { platformCertificates } }, clock.now).query(orderNo);
      expect(fake.requests.at(-1)).toEqual({
        method: 'GET',
        path: expect.stringContaining(orderNo),
        answeredWith: fake.certificateSerials[0],
      });
      const unknownId = {
        ...config,
        verifiers: {
          publicKey: {
            ...(config.verifiers.publicKey as { pem: string }),
            id: 'PUB_KEY_ID_0119000000000000',
          },
        },
      };
      await expect(wechatPayProvider(unknownId, clock.now).query(orderNo)).rejects.toMatchObject({
        code: 'INVALID_REQUEST',
        status: 400,
      });
      expect(fake.requests.at(-1)).toMatchObject({
        serialHeader: 'PUB_KEY_ID_0119000000000000',
        refused: 'unknown Wechatpay-Serial',
      });
    } finally {
      await fake.close();
    }
  });

  it('while WeChat Pay moves a merchant to the public key, accepts notifications signed with either', async () => {
    const fake = await startFakeWechatPay({ mode: 'publicKey', clock: clock.now });
    try {
      const provider = wechatPayProvider(
        fake.clientConfig('https://merchant.example/n', { withCertificates: true }),
        clock.now,
      );
      expect(provider.trustedSerials).toEqual([...fake.certificateSerials, fake.publicKeyId]);
      await prepay(provider);
      expect(fake.requests.at(-1)).toMatchObject({ answeredWith: fake.publicKeyId });
      fake.pay(orderNo);
      for (const signedBy of [fake.certificateSerials[0], fake.publicKeyId] as string[]) {
        expect(await provider.verifyNotification(fake.notification(orderNo, { signedBy }))).toMatchObject({
          kind: 'trade',
          trade: { orderNo, state: 'SUCCESS' },
        });
      }
    } finally {
      await fake.close();
    }
  });

  it('accepts answers and notifications signed by either of two platform certificates; refuses a serial it lacks', async () => {
    const fake = await startFakeWechatPay({ mode: 'certificate', clock: clock.now, platformCertificates: 2 });
    try {
      const config = fake.clientConfig('https://merchant.example/n');
      const provider = wechatPayProvider(config, clock.now);
      const [old, current] = fake.certificateSerials as [string, string];
      expect(provider.trustedSerials).toEqual([old, current]);
      await prepay(provider);
      await provider.query(orderNo);
      // WeChat Pay took the certificates in turn; both answers were accepted
      expect(fake.requests.map((request) => [request.serialHeader, request.answeredWith])).toEqual([
        [undefined, old],
        [undefined, current],
      ]);
      fake.pay(orderNo);
      for (const signedBy of [old, current]) {
        expect(await provider.verifyNotification(fake.notification(orderNo, { signedBy }))).toMatchObject({
          kind: 'trade',
        });
      }

      // With only the new certificate configured, what the old one signs is refused, naming both serials.
      const currentOnly = {
        ...config,
        verifiers: { platformCertificates: config.verifiers.platformCertificates?.slice(1) },
      };
      const newOnly = wechatPayProvider(currentOnly, clock.now);
      const refused = await newOnly
        .verifyNotification(fake.notification(orderNo, { signedBy: old }))
        .catch((caught: unknown) => caught);
      expect(refused).toMatchObject({
        reason: 'unknown_serial',
        message: `unknown_serial: ${old}, trusted: ${current}`,
      });
      const answers: string[] = [];
      for (const _ of [1, 2]) {
        answers.push(
          await newOnly.query(orderNo).then(
            (trade) => trade.state,
            (error: Error) => error.message,
          ),
        );
      }
      expect(answers.sort()).toEqual([
        'SUCCESS',
        `微信支付应答验签失败（unknown_serial: ${old}, trusted: ${current}）`,
      ]);
    } finally {
      await fake.close();
    }
  });
});

describe('WeChat Pay key files', () => {
  const clock = testClock();
  let fake: FakeWechatPay;
  let directory: string;

  beforeAll(async () => {
    fake = await startFakeWechatPay({ mode: 'certificate', clock: clock.now, platformCertificates: 2 });
    directory = mkdtempSync(join(tmpdir(), 'wechatpay-keys-'));
    const config = fake.clientConfig('');
    writeFileSync(join(directory, 'apiclient_key.pem'), config.merchantPrivateKeyPem);
    for (const [index, certificate] of (config.verifiers.platformCertificates ?? []).entries()) {
      writeFileSync(join(directory, `wechatpay_${index}.pem`), certificate.pem);
    }
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const expired = selfSignedCertificate({
      ...keys,
      commonName: 'Tenpay.com Root CA',
      notBefore: new Date(clock.now().getTime() - 5 * 365 * 86_400_000),
      notAfter: new Date(clock.now().getTime() - 86_400_000),
    });
    writeFileSync(join(directory, 'expired.pem'), expired.pem);
  });
  afterAll(async () => {
    await fake.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const providerWith = (certificatePaths: string) =>
    createPaymentProvider(
      readConfig(
        {
          PAY_PROVIDER: 'wechatpay',
          WECHATPAY_MCH_ID: fake.mchId,
          WECHATPAY_APP_ID: fake.appId,
          WECHATPAY_MCH_SERIAL_NO: fake.clientConfig('').merchantSerialNo,
          WECHATPAY_PRIVATE_KEY_PATH: join(directory, 'apiclient_key.pem'),
          WECHATPAY_API_V3_KEY: fake.apiV3Key,
          WECHATPAY_PLATFORM_CERT_PATH: certificatePaths,
          WECHATPAY_NOTIFY_URL: 'https://tender.example.com/webchat/pay/notify/wechatpay',
          WECHATPAY_API_BASE: fake.baseUrl,
        },
        process.cwd(),
      ),
      {} as never,
      clock.now,
    ) as WechatPayProvider;

  it('trusts every certificate WECHATPAY_PLATFORM_CERT_PATH lists', async () => {
    const both = providerWith(`${join(directory, 'wechatpay_0.pem')},${join(directory, 'wechatpay_1.pem')}`);
    expect(both.trustedSerials).toEqual(fake.certificateSerials);
    expect(both.startupWarnings).toEqual([]);
    expect(await both.query('MTEST0000000000099')).toMatchObject({ state: 'NOT_FOUND' });
    expect(providerWith(join(directory, 'wechatpay_1.pem')).trustedSerials).toEqual(
      fake.certificateSerials.slice(1),
    );
  });

  it('leaves out an expired certificate with a warning, and stops the start when nothing else is left', () => {
    const expiredPath = join(directory, 'expired.pem');
    const withExpired = providerWith(`${expiredPath},${join(directory, 'wechatpay_1.pem')}`);
    expect(withExpired.trustedSerials).toEqual(fake.certificateSerials.slice(1));
    expect(withExpired.startupWarnings).toEqual([expect.stringContaining(`微信支付平台证书 ${expiredPath}`)]);
    expect(withExpired.startupWarnings?.[0]).toContain('请从 WECHATPAY_PLATFORM_CERT_PATH 中删除');
    expect(() => providerWith(expiredPath)).toThrow('没有其他可用于验证微信支付签名的证书或公钥');
    expect(() => providerWith(join(directory, 'missing.pem'))).toThrow(
      `WECHATPAY_PLATFORM_CERT_PATH 指向的文件 ${join(directory, 'missing.pem')} 无法读取`,
    );
  });
});

describe('WeChat Pay settings', () => {
  const complete = {
    PAY_PROVIDER: 'wechatpay',
    WECHATPAY_MCH_ID: '1900009191',
    WECHATPAY_APP_ID: 'wx8888888888888888',
    WECHATPAY_MCH_SERIAL_NO: '5157f09efdc096de15ebe81a47057a72',
    WECHATPAY_PRIVATE_KEY_PATH: '/etc/tender/apiclient_key.pem',
    WECHATPAY_API_V3_KEY: 'a'.repeat(32),
    WECHATPAY_PUBLIC_KEY_PATH: '/etc/tender/pub_key.pem',
    WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000091912024',
    WECHATPAY_NOTIFY_URL: 'https://tender.example.com/webchat/pay/notify/wechatpay',
  };

  it('reads a complete set, upper-casing the merchant serial', () => {
    expect(readWechatPaySettings(complete)).toMatchObject({
      mchId: '1900009191',
      merchantSerialNo: '5157F09EFDC096DE15EBE81A47057A72',
      apiBase: 'https://api.mch.weixin.qq.com',
      platformCertificatePaths: [],
    });
  });

  it('reads one platform certificate path, or several separated by commas (a rotation)', () => {
    const certificates = (value: string) =>
      readWechatPaySettings({ ...complete, WECHATPAY_PLATFORM_CERT_PATH: value }).platformCertificatePaths;
    expect(certificates('/etc/tender/wechatpay_cert.pem')).toEqual(['/etc/tender/wechatpay_cert.pem']);
    expect(certificates('/etc/tender/old.pem, /etc/tender/new.pem,')).toEqual([
      '/etc/tender/old.pem',
      '/etc/tender/new.pem',
    ]);
    expect(() =>
      readWechatPaySettings({
        ...complete,
        WECHATPAY_PUBLIC_KEY_PATH: '',
        WECHATPAY_PUBLIC_KEY_ID: '',
        WECHATPAY_PLATFORM_CERT_PATH: ' , ',
      }),
    ).toThrow('WECHATPAY_PLATFORM_CERT_PATH');
  });

  it('names the missing or unusable variable', () => {
    for (const name of [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY_PATH',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_NOTIFY_URL',
    ]) {
      expect(() => readWechatPaySettings({ ...complete, [name]: '' }), name).toThrow(name);
    }
    expect(() => readWechatPaySettings({ ...complete, WECHATPAY_API_V3_KEY: 'short' })).toThrow('32');
    expect(() => readWechatPaySettings({ ...complete, WECHATPAY_NOTIFY_URL: 'http://x.example/n' })).toThrow(
      'WECHATPAY_NOTIFY_URL',
    );
    expect(() => readWechatPaySettings({ ...complete, WECHATPAY_PUBLIC_KEY_ID: '' })).toThrow(
      'WECHATPAY_PUBLIC_KEY_ID',
    );
    expect(() =>
      readWechatPaySettings({ ...complete, WECHATPAY_PUBLIC_KEY_PATH: '', WECHATPAY_PUBLIC_KEY_ID: '' }),
    ).toThrow('WECHATPAY_PLATFORM_CERT_PATH');
    expect(() =>
      readWechatPaySettings({ ...complete, WECHATPAY_PUBLIC_KEY_ID: '5157F09EFDC096DE15EBE81A47057A72' }),
    ).toThrow('WECHATPAY_PUBLIC_KEY_ID 应为 PUB_KEY_ID_ 开头');
  });

  it('stops the start: PAY_PROVIDER=wechatpay without settings, an unknown provider, an unreadable key file', () => {
    expect(readConfig({}, process.cwd()).payProvider).toBe('sandbox');
    expect(() => readConfig({ PAY_PROVIDER: 'wechatpay' }, process.cwd())).toThrow(
      'PAY_PROVIDER=wechatpay 需要设置 WECHATPAY_MCH_ID',
    );
    expect(() => readConfig({ PAY_PROVIDER: 'alipay' }, process.cwd())).toThrow(
      'PAY_PROVIDER 不支持 "alipay"',
    );
    const config = readConfig(complete, process.cwd());
    expect(config.wechatPay?.publicKeyId).toBe('PUB_KEY_ID_0119000091912024');
    expect(() => createPaymentProvider(config, {} as never, () => new Date())).toThrow(
      'WECHATPAY_PRIVATE_KEY_PATH 指向的文件 /etc/tender/apiclient_key.pem 无法读取',
    );
  });
});

describe.each(testDatabaseTargets())('buying with WeChat Pay (local fake) on $name', (target) => {
  describe.each(MODES)('%s mode', (mode) => {
    let server: TestServer;
    let fake: FakeWechatPay;
    let config: WechatPayClientConfig;

    beforeAll(async () => {
      let fakeClock: () => Date = () => new Date();
      // two platform certificates: a rotation in certificate mode, untrusted ones in public-key mode
      fake = await startFakeWechatPay({ mode, clock: () => fakeClock(), platformCertificates: 2 });
      config = fake.clientConfig('http://placeholder.invalid/');
      server = await startTestServer(target, [], {
        payments: (clock) => {
          fakeClock = clock.now;
          return wechatPayProvider(config, clock.now);
        },
      });
      await server.app.listen({ host: '127.0.0.1', port: 0 });
      // the notification URL is known once the server listens; the provider reads it at each prepay
      const { port } = server.app.server.address() as AddressInfo;
      config.notifyUrl = `http://127.0.0.1:${port}/webchat/pay/notify/wechatpay`;
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });

    const post = (user: MemberTestUser, path: string, params?: Record<string, unknown>) =>
      callAs(server, user, 'POST', path, params);

    async function openOrder() {
      const user = await newMember(server, 'alpha');
      const order = (await submitOrder(server, user, 'toubiaotong', 1)).data;
      const qr = await post(user, '/webchat/api/payPrepay', { orderId: order.orderId });
      expect(qr.code).toBe(200);
      return { user, order, codeUrl: qr.data.codeUrl as string };
    }
    const orderStatus = async (user: MemberTestUser, orderId: number) =>
      (await post(user, '/webchat/api/order/status', { orderId })).data.orderStatus;
    const outcomes = async (orderNo: string) =>
      (await orderQueries(server.db).paymentEvents(orderNo)).map(
        (event) => `${event.source}:${event.outcome}`,
      );

    it('pays through a signed, encrypted notification delivered over HTTP, and credits once on replay', async () => {
      const { user, order, codeUrl } = await openOrder();
      expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
      expect(fake.orders.get(order.orderNo)).toMatchObject({
        amountFen: 59_800,
        notifyUrl: config.notifyUrl,
      });

      const notification = fake.pay(order.orderNo);
      expect(await fake.deliver(order.orderNo, notification)).toEqual({ status: 204, body: '' });
      expect(await orderStatus(user, order.orderId)).toBe(2);
      expect(await grantsOf(server, order.orderNo)).toBe(1);

      // WeChat Pay retries, or someone replays the capture: acknowledged, credited once
      expect((await fake.deliver(order.orderNo, notification)).status).toBe(204);
      expect((await fake.deliver(order.orderNo, fake.notification(order.orderNo))).status).toBe(204);
      expect(await grantsOf(server, order.orderNo)).toBe(1);
      expect(await outcomes(order.orderNo)).toEqual([
        'notification:credited',
        'notification:already_paid',
        'notification:already_paid',
      ]);
      const periods = (await callAs(server, user, 'GET', '/webchat/api/listMemberUpgrade')).data;
      expect(periods).toEqual([expect.objectContaining({ memberCode: 'toubiaotong', isActive: 0 })]);
    });

    it('refuses forged and probe notifications in WeChat Pay’s own format, crediting nothing', async () => {
      const { user, order } = await openOrder();
      fake.pay(order.orderNo);
      const forged = await fake.deliver(order.orderNo, fake.notification(order.orderNo, { forged: true }));
      expect(forged.status).toBe(401);
      expect(JSON.parse(forged.body)).toEqual({ code: 'FAIL', message: '签名验证失败' });
      const probe = await fake.deliver(order.orderNo, fake.notification(order.orderNo, { signTest: true }));
      expect(probe.status).toBe(401);
      // a genuine one whose amount is not the server's: acknowledged, never credited
      const wrong = fake.notification(order.orderNo, {
        transaction: { amount: { total: 1, currency: 'CNY' } },
      });
      expect((await fake.deliver(order.orderNo, wrong)).status).toBe(204);
      expect(await grantsOf(server, order.orderNo)).toBe(0);
      expect(await outcomes(order.orderNo)).toEqual(['notification:amount_mismatch']);
      // the notification never came: the status poll asks WeChat Pay (the active query) and credits
      expect(await orderStatus(user, order.orderId)).toBe(2);
      expect(await outcomes(order.orderNo)).toEqual(['notification:amount_mismatch', 'query:credited']);
      expect(await grantsOf(server, order.orderNo)).toBe(1);
    });

    it('acknowledges a notification signed by any key it trusts and refuses an unknown serial, saying which', async () => {
      const { order } = await openOrder();
      fake.pay(order.orderNo);
      const trusted = config.verifiers.publicKey ? [fake.publicKeyId as string] : fake.certificateSerials;
      for (const signedBy of trusted) {
        const notification = fake.notification(order.orderNo, { signedBy });
        expect((await fake.deliver(order.orderNo, notification)).status).toBe(204);
      }
      const unknown = 'PUB_KEY_ID_0119FFFFFFFFFFFFFFFFFFFFFFFF';
      const refused = await fake.deliver(
        order.orderNo,
        fake.notification(order.orderNo, { serial: unknown }),
      );
      expect(refused.status).toBe(401);
      expect(await grantsOf(server, order.orderNo)).toBe(1);
      expect((await outcomes(order.orderNo))[0]).toBe('notification:credited');
      const [refusal] = await server.db.query<{ outcome: string; detail: { message: string } }>(
        `SELECT outcome, detail FROM payment_event WHERE order_no IS NULL ORDER BY id DESC LIMIT 1`,
      );
      expect(refusal?.outcome).toBe('rejected:unknown_serial');
      expect(refusal?.detail.message).toBe(`unknown_serial: ${unknown}, trusted: ${trusted.join(', ')}`);
    });

    it('asks WeChat Pay about an unpaid order at most once per gap, however often the modal polls', async () => {
      const { user, order } = await openOrder();
      const queries = () =>
        fake.requests.filter((request) => request.method === 'GET' && request.path.includes(order.orderNo))
          .length;
      expect(await orderStatus(user, order.orderId)).toBe(1);
      expect(await orderStatus(user, order.orderId)).toBe(1);
      expect(queries()).toBe(1);
      server.clock.advance(ACTIVE_QUERY_GAP_MS);
      fake.pay(order.orderNo);
      expect(await orderStatus(user, order.orderId)).toBe(2);
      expect(queries()).toBe(2);
      expect(await outcomes(order.orderNo)).toEqual(['query:credited']);
    });

    raceTest(
      target,
      'asks WeChat Pay once when several polls of the order arrive together (ADR 0027)',
      async () => {
        const { user, order } = await openOrder();
        const queries = () =>
          fake.requests.filter((request) => request.method === 'GET' && request.path.includes(order.orderNo))
            .length;
        const polls = () => Promise.all(Array.from({ length: 5 }, () => orderStatus(user, order.orderId)));
        expect(await polls()).toEqual([1, 1, 1, 1, 1]);
        expect(queries()).toBe(1);
        server.clock.advance(ACTIVE_QUERY_GAP_MS);
        fake.pay(order.orderNo);
        expect(await polls()).toContain(2);
        expect(queries()).toBe(2);
        expect(await orderStatus(user, order.orderId)).toBe(2);
        expect(await outcomes(order.orderNo)).toEqual(['query:credited']);
      },
    );

    it('lets only the first of several polls of one order in one statement claim the query', async () => {
      const { user, order } = await openOrder();
      const poll = {
        brandId: user.brand,
        userId: user.userId,
        orderId: order.orderId,
        now: server.clock.now(),
      };
      const claim = { provider: 'wechatpay', gapMs: ACTIVE_QUERY_GAP_MS };
      const answers = await orderQueries(server.db).ofUserClaimingQueries(
        [poll, { ...poll, orderId: 2 ** 40 }, poll, { ...poll, orderId: undefined, orderNo: order.orderNo }],
        claim,
      );
      expect(answers.map((answer) => answer?.queryClaimed)).toEqual([true, undefined, false, false]);
      expect(answers.map((answer) => answer?.order.orderNo)).toEqual([
        order.orderNo,
        undefined,
        order.orderNo,
        order.orderNo,
      ]);
      // Within the gap nobody claims; after it the next poll does.
      expect((await orderQueries(server.db).ofUserClaimingQueries([poll], claim))[0]?.queryClaimed).toBe(
        false,
      );
      server.clock.advance(ACTIVE_QUERY_GAP_MS);
      const later = { ...poll, now: server.clock.now() };
      expect((await orderQueries(server.db).ofUserClaimingQueries([later], claim))[0]?.queryClaimed).toBe(
        true,
      );
    });

    it('reconciles a payment whose notification was lost', async () => {
      const { user, order } = await openOrder();
      fake.pay(order.orderNo);
      server.clock.advance(2 * 60_000);
      const sweep = testOrderService(server, wechatPayProvider(config, server.clock.now));
      expect(await sweep.reconcile()).toEqual({ credited: 1 });
      expect(await orderStatus(user, order.orderId)).toBe(2);
      expect(await outcomes(order.orderNo)).toEqual(['reconcile:credited']);
    });

    it('closes an expired order at WeChat Pay; it can never be paid, nor credited by a late notification', async () => {
      const { user, order } = await openOrder();
      server.clock.advance(2 * HOUR + 1000);
      expect(() => fake.pay(order.orderNo)).toThrow('expired');
      const sweep = testOrderService(server, wechatPayProvider(config, server.clock.now));
      expect((await sweep.closeExpired()).closed).toBeGreaterThanOrEqual(1);
      expect(fake.orders.get(order.orderNo)?.state).toBe('CLOSED');
      expect(await orderStatus(user, order.orderId)).toBe(3);
      // a (genuinely signed) notification of a payment after the expiry
      const late = fake.notification(order.orderNo, {
        transaction: { trade_state: 'SUCCESS', transaction_id: '4200000000000000000000000001' },
      });
      expect((await fake.deliver(order.orderNo, late)).status).toBe(204);
      expect(await grantsOf(server, order.orderNo)).toBe(0);
      expect((await outcomes(order.orderNo)).at(-1)).toBe('notification:closed');
    });

    it('closes the earlier order at WeChat Pay when a new one is made', async () => {
      const { user, order } = await openOrder();
      const next = (await submitOrder(server, user, 'toubiaotong', 3)).data;
      expect(fake.orders.get(order.orderNo)?.state).toBe('CLOSED');
      expect(await orderStatus(user, order.orderId)).toBe(3);
      expect(await orderStatus(user, next.orderId)).toBe(1);
    });
  });
});

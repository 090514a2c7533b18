import type { Agent } from 'node:http';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../app';
import { type CommandContext, commands } from '../cli/commands';
import { readConfig } from '../config';
import type { Database } from '../db/database';
import { callApi } from '../test-support/call-api';
import { testDatabaseTargets } from '../test-support/databases';
import { startFakeAliyunSms } from '../test-support/fake-aliyun-sms';
import { startFakeTencentSms } from '../test-support/fake-tencent-sms';
import { consentVersionOf, newMobile } from '../test-support/sign-in';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { smsCodeService } from './sms-codes';
import { SmsSendError } from './sms-failures';
import type { SmsVendorConfig } from './sms-vendor-config';
import { vendorSmsProvider } from './sms-vendors';

const MINUTE = 60_000;
const UNAVAILABLE = '短信服务暂不可用，请稍后再试或联系客服';

/** One vendor's fake as these tests drive it, whichever vendor it is. */
interface VendorFake {
  env: NodeJS.ProcessEnv;
  agent?: Agent;
  /** The sign, template and code of the last message the fake accepted. */
  lastSent(): { signName: string; templateId: string; code: string | undefined } | undefined;
  sentCount(): number;
  refusals(): (string | undefined)[];
  failWith(code: string, message?: string): void;
  succeed(): void;
  close(): Promise<void>;
}

interface Vendor {
  name: 'aliyun' | 'tencent';
  start(): Promise<VendorFake>;
  templates: { login: string; updatePhone: string };
  /** Vendor code (and message), then the member's answer. */
  refusals: [code: string, message: string | undefined, answer: { code: number; message: string }][];
  wrongSecret: Record<string, string>;
  /** The fake's refusal of a request signed with the wrong secret. */
  wrongSecretRefusal: string;
}

const phoneLimitDay = { code: 429, message: '该手机号今日接收验证码次数已达上限，请明天再试' };
const phoneLimitHour = { code: 429, message: '该手机号 1 小时内接收验证码次数已达上限，请 1 小时后再试' };
const phoneLimitShort = { code: 429, message: '验证码发送过于频繁，请稍后再试' };
const invalidNumber = { code: 400, message: '手机号码无效，请检查后重新输入' };
const unavailable = { code: 500, message: UNAVAILABLE };

const vendors: Vendor[] = [
  {
    name: 'aliyun',
    async start() {
      const fake = await startFakeAliyunSms();
      return {
        env: {
          SMS_PROVIDER: 'aliyun',
          ALIYUN_SMS_ACCESS_KEY_ID: fake.accessKeyId,
          ALIYUN_SMS_ACCESS_KEY_SECRET: fake.accessKeySecret,
          ALIYUN_SMS_ENDPOINT: fake.endpoint,
        },
        lastSent() {
          const sent = fake.sent.at(-1);
          return (
            sent && { signName: sent.signName, templateId: sent.templateCode, code: sent.templateParam.code }
          );
        },
        sentCount: () => fake.sent.length,
        refusals: () => fake.requests.map((request) => request.refused),
        failWith: fake.failWith,
        succeed: fake.succeed,
        close: fake.close,
      };
    },
    templates: { login: 'SMS_100000001', updatePhone: 'SMS_100000002' },
    refusals: [
      ['isv.BUSINESS_LIMIT_CONTROL', '触发天级流控Permits:10', phoneLimitDay],
      ['isv.BUSINESS_LIMIT_CONTROL', '触发小时级流控Permits:5', phoneLimitHour],
      ['isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1', phoneLimitShort],
      ['isv.MOBILE_NUMBER_ILLEGAL', '非法手机号', invalidNumber],
      ['isv.AMOUNT_NOT_ENOUGH', '账户余额不足', unavailable],
      ['isv.OUT_OF_SERVICE', '业务停机', unavailable],
      ['isv.DAY_LIMIT_CONTROL', '触发日发送限额', unavailable],
      ['isv.SMS_SIGNATURE_ILLEGAL', '签名不合法', unavailable],
      ['isv.SMS_TEMPLATE_ILLEGAL', '模板不合法', unavailable],
      ['isv.SMS_SIGN_ILLEGAL', '签名禁止使用', unavailable],
      ['isp.RAM_PERMISSION_DENY', 'RAM权限不足', unavailable],
      ['isp.SYSTEM_ERROR', '系统错误', unavailable],
    ],
    wrongSecret: { ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret' },
    wrongSecretRefusal: 'SignatureDoesNotMatch',
  },
  {
    name: 'tencent',
    async start() {
      const fake = await startFakeTencentSms();
      return {
        env: {
          SMS_PROVIDER: 'tencent',
          TENCENT_SMS_SECRET_ID: fake.secretId,
          TENCENT_SMS_SECRET_KEY: fake.secretKey,
          TENCENT_SMS_SDK_APP_ID: fake.sdkAppId,
          TENCENT_SMS_ENDPOINT: fake.endpoint,
        },
        agent: fake.agent,
        lastSent() {
          const sent = fake.sent.at(-1);
          return (
            sent && { signName: sent.signName, templateId: sent.templateId, code: sent.templateParamSet[0] }
          );
        },
        sentCount: () => fake.sent.length,
        refusals: () => fake.requests.map((request) => request.refused),
        failWith: fake.failWith,
        succeed: fake.succeed,
        close: fake.close,
      };
    },
    templates: { login: '100001', updatePhone: '100002' },
    refusals: [
      ['LimitExceeded.PhoneNumberThirtySecondLimit', undefined, phoneLimitShort],
      ['LimitExceeded.PhoneNumberOneHourLimit', undefined, phoneLimitHour],
      ['LimitExceeded.PhoneNumberDailyLimit', undefined, phoneLimitDay],
      ['LimitExceeded.PhoneNumberSameContentDailyLimit', undefined, phoneLimitDay],
      ['InvalidParameterValue.IncorrectPhoneNumber', undefined, invalidNumber],
      ['FailedOperation.InsufficientBalanceInSmsPackage', undefined, unavailable],
      ['FailedOperation.SignatureIncorrectOrUnapproved', undefined, unavailable],
      ['FailedOperation.TemplateIncorrectOrUnapproved', undefined, unavailable],
      ['UnauthorizedOperation.SmsSdkAppIdVerifyFail', undefined, unavailable],
      ['InternalError.Timeout', undefined, unavailable],
    ],
    wrongSecret: { TENCENT_SMS_SECRET_KEY: 'not-the-secret' },
    wrongSecretRefusal: 'AuthFailure.SignatureFailure',
  },
];

describe.each(testDatabaseTargets())('SMS vendors on $name', (target) => {
  describe.each(vendors)('$name', (vendor) => {
    let fake: VendorFake;
    let server: TestServer;
    let config: SmsVendorConfig;
    let ipCounter = 0;
    const newIp = () => `127.2.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

    beforeAll(async () => {
      fake = await vendor.start();
      config = readConfig(fake.env, process.cwd()).smsVendor as SmsVendorConfig;
      server = await startTestServer(target, [], {
        sms: (db: Database) => vendorSmsProvider(config, db, fake.agent),
      });
      await run(
        'sms-settings',
        'set',
        '--brand',
        'alpha',
        '--provider',
        vendor.name,
        '--sign-name',
        '阿尔法招标网',
        '--template',
        `login=${vendor.templates.login}`,
        '--template',
        `updatePhone=${vendor.templates.updatePhone}`,
      );
    });
    afterAll(async () => {
      await server.close();
      await fake.close();
    });

    /** Runs `tender-server <args>` on the test server's database (kept open) and clock; answers the printout. */
    async function run(...args: string[]): Promise<string> {
      const [name, ...rest] = args;
      const command = commands.find((candidate) => candidate.name === name);
      if (!command) throw new Error(`no command ${name}`);
      const lines: string[] = [];
      const context: CommandContext = {
        config: readConfig({}, process.cwd()),
        args: rest,
        print: (line) => lines.push(line),
        openDatabase: async () => ({ ...server.db, close: async () => {} }),
        clock: server.clock.now,
      };
      await command.run(context);
      return lines.join('\n');
    }

    function sendCode(mobile: string, options: { brand?: string; purpose?: string; ip?: string } = {}) {
      const brand = options.brand ?? 'alpha';
      const query = new URLSearchParams({
        mobile,
        brand,
        version: '20',
        consentVersion: consentVersionOf(brand),
      });
      if (options.purpose) query.set('purpose', options.purpose);
      return server.app
        .inject({
          method: 'POST',
          url: `/webchat/api/login/sendMessageCode?${query}`,
          remoteAddress: options.ip ?? newIp(),
        })
        .then((response) => response.json());
    }

    async function recorded(mobile: string): Promise<{ sends: number; codes: number }> {
      const count = async (table: string) =>
        Number(
          (
            await server.db.query<{ count: string }>(
              `SELECT count(*) AS count FROM ${table} WHERE mobile = $1`,
              [mobile],
            )
          )[0]?.count,
        );
      return { sends: await count('sms_send_log'), codes: await count('sms_code') };
    }

    it("texts the code through the vendor with the brand's sign and template, signed, and the code signs in", async () => {
      const mobile = newMobile();
      expect(await sendCode(mobile)).toMatchObject({ code: 200, data: { expiresIn: 300, resendAfter: 60 } });
      const sent = fake.lastSent();
      expect(sent).toMatchObject({ signName: '阿尔法招标网', templateId: vendor.templates.login });
      expect(sent?.code).toMatch(/^\d{6}$/);
      expect(fake.refusals().every((refused) => refused === undefined)).toBe(true);

      const login = await callApi(server.app, 'POST', '/webchat/api/login/messageLogin', {
        params: { mobile, code: sent?.code, registerType: 50 },
      });
      expect(login.code).toBe(200);

      server.clock.advance(MINUTE + 1000);
      expect((await sendCode(mobile, { purpose: 'updatePhone' })).code).toBe(200);
      expect(fake.lastSent()?.templateId).toBe(vendor.templates.updatePhone);
    });

    it('refuses a brand without settings and a purpose without a template, counting nothing', async () => {
      const before = fake.sentCount();
      const beta = newMobile();
      expect(await sendCode(beta, { brand: 'beta' })).toMatchObject(unavailable);
      const frozen = newMobile();
      expect(await sendCode(frozen, { purpose: 'frozen' })).toMatchObject(unavailable);
      expect(fake.sentCount()).toBe(before);
      expect(await recorded(beta)).toEqual({ sends: 0, codes: 0 });
      expect(await recorded(frozen)).toEqual({ sends: 0, codes: 0 });
    });

    it('answers each vendor refusal with its member message and does not count the failed send', async () => {
      const mobile = newMobile();
      const ip = newIp();
      for (const [code, message, answer] of vendor.refusals) {
        fake.failWith(code, message);
        expect({ code, answer: await sendCode(mobile, { ip }) }).toMatchObject({ code, answer });
      }
      fake.succeed();
      expect(await recorded(mobile)).toEqual({ sends: 0, codes: 0 });

      // The full hourly allowance is still there, starting now: 5 codes a minute apart, then our own limit. (Each
      // from a network of its own: one network may leave a phone only 3 unused codes a day, src/auth/sms-codes.ts.)
      for (let sent = 0; sent < 5; sent += 1) {
        expect((await sendCode(mobile, { ip: newIp() })).code).toBe(200);
        server.clock.advance(MINUTE + 1000);
      }
      expect(await sendCode(mobile, { ip: newIp() })).toMatchObject({
        code: 429,
        message: expect.stringMatching(/^该手机号 1 小时内最多获取 5 次验证码/),
      });
      expect(await recorded(mobile)).toEqual({ sends: 5, codes: 5 });
    });

    it('keeps the previous code usable when a later send fails', async () => {
      const mobile = newMobile();
      expect((await sendCode(mobile)).code).toBe(200);
      const first = fake.lastSent()?.code;
      server.clock.advance(MINUTE + 1000);
      fake.failWith(vendor.refusals[0]?.[0] as string);
      expect((await sendCode(mobile)).code).not.toBe(200);
      fake.succeed();
      const login = await callApi(server.app, 'POST', '/webchat/api/login/messageLogin', {
        params: { mobile, code: first, registerType: 50 },
      });
      expect(login.code).toBe(200);
    });

    it('lets no parallel send past the limits, whether the vendor refuses them or takes them', async () => {
      const mobile = newMobile();
      fake.failWith(vendor.refusals.at(-1)?.[0] as string);
      const failed = await Promise.all(Array.from({ length: 6 }, () => sendCode(mobile)));
      expect(failed.every((answer) => answer.code === 500 || answer.code === 429)).toBe(true);
      expect(failed.some((answer) => answer.message === UNAVAILABLE)).toBe(true);
      fake.succeed();
      expect(await recorded(mobile)).toEqual({ sends: 0, codes: 0 });

      const before = fake.sentCount();
      const answers = await Promise.all(Array.from({ length: 6 }, () => sendCode(mobile)));
      expect(answers.filter((answer) => answer.code === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.code === 429)).toHaveLength(5);
      expect(fake.sentCount()).toBe(before + 1);
      expect(await recorded(mobile)).toEqual({ sends: 1, codes: 1 });
    });

    it("fails the fake's signature check with a wrong secret, telling the member the service is unavailable", async () => {
      const wrong = readConfig({ ...fake.env, ...vendor.wrongSecret }, process.cwd())
        .smsVendor as SmsVendorConfig;
      const provider = vendorSmsProvider(wrong, server.db, fake.agent);
      const message = { brand: 'alpha', mobile: newMobile(), code: '123456', purpose: 'login' as const };
      const failure = await provider.send(message).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SmsSendError);
      expect(failure).toMatchObject({
        kind: 'credentials',
        detail: { vendorCode: vendor.wrongSecretRefusal },
      });
      expect(fake.refusals().at(-1)).toBe(vendor.wrongSecretRefusal);

      const app = await buildServer({ db: server.db, sites: [], defaultBrand: 'alpha', sms: provider });
      const mobile = newMobile();
      const answer = await app.inject({
        method: 'POST',
        url: `/webchat/api/login/sendMessageCode?mobile=${mobile}&brand=alpha&version=20&consentVersion=${consentVersionOf('alpha')}`,
      });
      expect(answer.json()).toMatchObject(unavailable);
      await app.close();
      expect(await recorded(mobile)).toEqual({ sends: 0, codes: 0 });
    });

    it('tells the operator in one log line the vendor code, the request id and what to do', async () => {
      const lines: Record<string, unknown>[] = [];
      const log = pino({}, { write: (line: string) => lines.push(JSON.parse(line)) });
      const codes = smsCodeService(
        server.db,
        vendorSmsProvider(config, server.db, fake.agent),
        server.clock.now,
        log,
      );
      const [code] = vendor.refusals.find(([, , answer]) => answer === unavailable) ?? [];
      fake.failWith(code as string);
      await expect(
        codes.send({ brandId: 'alpha', mobile: newMobile(), purpose: 'login', ip: newIp() }),
      ).rejects.toThrow(UNAVAILABLE);
      fake.succeed();
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: 50,
        provider: vendor.name,
        vendorCode: code,
        requestId: expect.stringMatching(/^[0-9A-Fa-f-]{36}$/),
        brand: 'alpha',
        purpose: 'login',
        msg: expect.stringMatching(/^SMS not sent: /),
      });
    });

    it('shows and changes the settings from the command line, auditing each change', async () => {
      const shown = await run('sms-settings', 'show', '--brand', 'alpha', '--provider', vendor.name);
      expect(shown).toContain(`alpha  ${vendor.name}  签名：阿尔法招标网  验证码变量：code`);
      expect(shown).toContain(`  login → ${vendor.templates.login}`);
      expect(shown).toContain('  frozen → 未设置（此用途的验证码会发送失败）');

      await expect(
        run('sms-settings', 'set', '--brand', 'alpha', '--provider', vendor.name, '--template', 'nonsense=1'),
      ).rejects.toThrow(/--template 的用途 "nonsense" 不存在/);
      await expect(
        run('sms-settings', 'set', '--brand', 'alpha', '--provider', vendor.name, '--template', 'login=x'),
      ).rejects.toThrow(/模板ID/);
      await expect(
        run('sms-settings', 'set', '--brand', 'nobody', '--provider', vendor.name, '--sign-name', '某某'),
      ).rejects.toThrow('没有品牌 "nobody"');
      await expect(run('sms-settings', 'set', '--brand', 'beta', '--provider', vendor.name)).rejects.toThrow(
        '首次设置该品牌的短信时须提供 --sign-name',
      );

      const frozenId = vendor.name === 'aliyun' ? 'SMS_100000003' : '100003';
      await run(
        'sms-settings',
        'set',
        '--brand',
        'alpha',
        '--provider',
        vendor.name,
        '--template',
        `frozen=${frozenId}`,
      );
      expect(await run('sms-settings', 'show', '--brand', 'alpha', '--provider', vendor.name)).toContain(
        `  frozen → ${frozenId}`,
      );
      const audit = await server.db.query<{
        actor: string;
        target: string;
        detail: { after: { templates: object } };
      }>(
        "SELECT actor, target, detail FROM audit_log WHERE action = 'sms.settings' AND brand_id = 'alpha' ORDER BY id",
      );
      expect(audit).toHaveLength(2);
      expect(audit[1]).toMatchObject({
        target: vendor.name,
        detail: { after: { templates: { frozen: frozenId } } },
      });
      expect(audit[1]?.actor).toMatch(/^operator:.+ \(tender-server sms-settings set\)$/);
      expect((await sendCode(newMobile(), { purpose: 'frozen' })).code).toBe(200);
      expect(fake.lastSent()?.templateId).toBe(frozenId);
    });
  });
});

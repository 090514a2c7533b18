import { describe, expect, it } from 'vitest';
import {
  demoNotice,
  demoWarnings,
  isProduction,
  productionProblems,
  serviceEnvironment,
} from './production-checks';

/** An environment that may serve production: real providers, an https origin, no dev mode, no example values. */
const READY: NodeJS.ProcessEnv = {
  TENDER_ENV: 'production',
  PAY_PROVIDER: 'wechatpay',
  SMS_PROVIDER: 'aliyun',
  WECHAT_PROVIDER: 'wechat',
  PUBLIC_BASE_URL: 'https://www.zhaobiao-demo-owner.cn',
  WECHATPAY_MCH_ID: '1612345678',
  WECHATPAY_APP_ID: 'wx1d2e3f4a5b6c7d8e',
  WECHATPAY_MCH_SERIAL_NO: '3775B6A45ACD588826D15E583A95F5DD',
  WECHATPAY_PRIVATE_KEY_PATH: '/etc/tender/apiclient_key.pem',
  WECHATPAY_API_V3_KEY: 'Q7mZ2vK9pL4xR8tN1wB6yC3hD5gF0jS2',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tQ8mKf3vR2xN7pW9zYc',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'u4Hk9TqZ2mW7xP1rN6vB3cY8dF5gJ0',
  WECHATPAY_NOTIFY_URL: 'https://www.zhaobiao-demo-owner.cn/webchat/pay/notify/wechatpay',
  DATABASE_URL: 'postgres://tender:s3cret@10.0.0.5:5432/tender',
  WECHAT_MA_APPID: 'wx5a6b7c8d9e0f1a2b',
  WECHAT_MA_SECRET: '7c3f9e1a5b2d8c4e6f0a1b3c5d7e9f2a',
};

/** The variable each problem line starts with. */
const named = (problems: string[]) => problems.map((problem) => problem.split(' ')[0]);

describe('isProduction', () => {
  it('is TENDER_ENV=production or NODE_ENV=production, nothing else', () => {
    expect(isProduction({ TENDER_ENV: 'production' })).toBe(true);
    expect(isProduction({ NODE_ENV: 'production' })).toBe(true);
    expect(isProduction({})).toBe(false);
    expect(isProduction({ TENDER_ENV: '', NODE_ENV: 'development' })).toBe(false);
  });
});

describe('productionProblems', () => {
  it('finds nothing in an environment ready for production', () => {
    expect(productionProblems(READY)).toEqual([]);
    expect(productionProblems({ ...READY, WECHAT_PROVIDER: 'off' })).toEqual([]);
  });

  it('lists every problem of the default environment at once, each naming its variable and what to set', () => {
    const problems = productionProblems({ TENDER_ENV: 'production' });
    expect(named(problems)).toEqual(['PAY_PROVIDER', 'SMS_PROVIDER', 'WECHAT_PROVIDER', 'PUBLIC_BASE_URL']);
    expect(problems[0]).toContain('PAY_PROVIDER=wechatpay');
    expect(problems[1]).toContain('SMS_PROVIDER=aliyun 或 tencent');
    expect(problems[2]).toContain('WECHAT_PROVIDER=wechat');
    expect(problems[3]).toContain('https://');
  });

  it('refuses the sandboxes named explicitly, as when unset', () => {
    const problems = productionProblems({
      ...READY,
      PAY_PROVIDER: 'sandbox',
      SMS_PROVIDER: 'console',
      WECHAT_PROVIDER: 'sandbox',
    });
    expect(named(problems)).toEqual(['PAY_PROVIDER', 'SMS_PROVIDER', 'WECHAT_PROVIDER']);
  });

  it('refuses TENDER_DEV set to anything, even 0 or empty', () => {
    for (const set of ['1', '0', '']) {
      expect(named(productionProblems({ ...READY, TENDER_DEV: set }))).toEqual(['TENDER_DEV']);
    }
  });

  it('refuses a PUBLIC_BASE_URL that is not https or points at an example host', () => {
    expect(productionProblems({ ...READY, PUBLIC_BASE_URL: 'http://www.zhaobiao-demo-owner.cn' })).toEqual([
      'PUBLIC_BASE_URL 须以 https:// 开头，当前为 "http://www.zhaobiao-demo-owner.cn"',
    ]);
    expect(named(productionProblems({ ...READY, PUBLIC_BASE_URL: 'https://www.example.com' }))).toEqual([
      'PUBLIC_BASE_URL',
    ]);
  });

  it('names every secret the chosen providers need that is missing', () => {
    const { WECHATPAY_API_V3_KEY: _key, ALIYUN_SMS_ACCESS_KEY_SECRET: _secret, ...missing } = READY;
    expect(productionProblems(missing)).toEqual([
      'WECHATPAY_API_V3_KEY 未设置：PAY_PROVIDER=wechatpay 需要它',
      'ALIYUN_SMS_ACCESS_KEY_SECRET 未设置：SMS_PROVIDER=aliyun 需要它',
    ]);
    expect(named(productionProblems({ ...READY, SMS_PROVIDER: 'tencent' }))).toEqual([
      'TENCENT_SMS_SECRET_ID',
      'TENCENT_SMS_SECRET_KEY',
      'TENCENT_SMS_SDK_APP_ID',
    ]);
    const { WECHAT_MA_SECRET: _maSecret, ...noMiniProgramSecret } = READY;
    expect(named(productionProblems(noMiniProgramSecret))).toEqual(['WECHAT_MA_SECRET']);
  });

  it('refuses STORAGE=s3 without its bucket, region or keys, or on a plain http endpoint', () => {
    const s3 = {
      STORAGE: 's3',
      S3_ENDPOINT: 'https://oss-cn-hangzhou.aliyuncs.com',
      S3_REGION: 'cn-hangzhou',
      S3_BUCKET: 'zhaobiao-files',
      S3_ACCESS_KEY_ID: 'LTAI5tR7vQ2mX9pK4wN8zYc',
      S3_SECRET_ACCESS_KEY: 'p3Nx8Kq2Vm7Wz1Rt6Yb4Hc9Jd5Fg0L',
    };
    expect(productionProblems({ ...READY, ...s3 })).toEqual([]);
    expect(productionProblems({ ...READY, STORAGE: 's3' }).map((line) => line.split(' ')[0])).toEqual([
      'S3_REGION',
      'S3_BUCKET',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]);
    const { S3_SECRET_ACCESS_KEY: _secret, ...withoutSecret } = s3;
    expect(named(productionProblems({ ...READY, ...withoutSecret }))).toEqual(['S3_SECRET_ACCESS_KEY']);
    expect(named(productionProblems({ ...READY, ...s3, S3_ENDPOINT: 'http://127.0.0.1:4568' }))).toEqual([
      'S3_ENDPOINT',
    ]);
    expect(named(productionProblems({ ...READY, STORAGE: 'nfs' }))).toEqual(['STORAGE']);
  });

  it('refuses vendor endpoints over plain http: the local fakes of the tests', () => {
    expect(
      named(
        productionProblems({
          ...READY,
          ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000',
          WECHATPAY_API_BASE: 'http://127.0.0.1:9001',
          WECHAT_API_BASE: 'http://127.0.0.1:9002',
        }),
      ),
    ).toEqual(['ALIYUN_SMS_ENDPOINT', 'WECHATPAY_API_BASE', 'WECHAT_API_BASE']);
  });

  it('refuses the example and test values of the documentation and the tests', () => {
    const problems = productionProblems({
      ...READY,
      WECHATPAY_MCH_ID: '1900009191',
      WECHATPAY_APP_ID: 'wx8888888888888888',
      WECHATPAY_MCH_SERIAL_NO: '5157f09efdc096de15ebe81a47057a72',
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000091912024',
      WECHATPAY_API_V3_KEY: 'a'.repeat(32),
      WECHATPAY_NOTIFY_URL: 'https://tender.example.com/webchat/pay/notify/wechatpay',
      ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5t',
      ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
      SMTP_URL: 'smtp://user:pass@host:587',
      DATABASE_URL: 'postgres://tender@db.example:5432/tender',
    });
    expect(named(problems)).toEqual([
      'WECHATPAY_MCH_ID',
      'WECHATPAY_APP_ID',
      'WECHATPAY_MCH_SERIAL_NO',
      'WECHATPAY_PUBLIC_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_ID',
      'ALIYUN_SMS_ACCESS_KEY_SECRET',
      'SMTP_URL',
      'WECHATPAY_API_V3_KEY',
      'WECHATPAY_NOTIFY_URL',
      'DATABASE_URL',
    ]);
    expect(problems).toContain('DATABASE_URL 指向示例主机 db.example：请设置为实际的地址');
  });
});

describe('outside production', () => {
  it('names in the ribbon what is simulated', () => {
    expect(demoNotice({})).toBe('演示环境：支付为模拟，验证码不会真实发送，微信登录为模拟');
    expect(demoNotice({ PAY_PROVIDER: 'wechatpay', WECHAT_PROVIDER: 'off' })).toBe(
      '演示环境：验证码不会真实发送',
    );
    expect(demoNotice({ PAY_PROVIDER: 'wechatpay', SMS_PROVIDER: 'aliyun', WECHAT_PROVIDER: 'wechat' })).toBe(
      '演示环境：并非正式服务',
    );
  });

  it('tells the client to show the ribbon, and in production not', () => {
    expect(serviceEnvironment(false, {})).toEqual({
      demo: true,
      notice: '演示环境：支付为模拟，验证码不会真实发送，微信登录为模拟',
    });
    expect(serviceEnvironment(true, READY)).toEqual({ demo: false, notice: '' });
  });

  it('starts the log with a warning block naming each sandbox', () => {
    const lines = demoWarnings({ TENDER_DEV: '1' });
    expect(lines[0]).toMatch(/^==== 演示环境/);
    expect(lines.join('\n')).toContain('PAY_PROVIDER=sandbox: payments are simulated');
    expect(lines.join('\n')).toContain(
      'SMS_PROVIDER=console: SMS codes are not sent; they are written to this log',
    );
    expect(lines.join('\n')).toContain('WECHAT_PROVIDER=sandbox');
    expect(lines.join('\n')).toContain('TENDER_DEV=1');
    const real = demoWarnings({
      PAY_PROVIDER: 'wechatpay',
      PUBLIC_BASE_URL: 'https://www.zhaobiao-demo-owner.cn',
    });
    expect(real.join('\n')).not.toContain('PAY_PROVIDER');
    expect(real.join('\n')).toContain('SMS codes are not sent; not even to this log');
  });
});

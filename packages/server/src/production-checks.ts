/**
 * Production mode (`TENDER_ENV=production`, or `NODE_ENV=production`): what the server refuses to start with, and,
 * outside production, what the log and every page say so nobody takes a demo for the service
 * (docs/operations.md "Production checklist the server enforces"). Everything here reads the environment itself:
 * the checks must list every problem, also those of variables whose own parsing would stop the start first.
 */

import type { ServiceEnvironment } from '@tender/contracts';

type Environment = NodeJS.ProcessEnv;

export function isProduction(env: Environment): boolean {
  return env.TENDER_ENV?.trim() === 'production' || env.NODE_ENV?.trim() === 'production';
}

const value = (env: Environment, name: string) => env[name]?.trim() || undefined;

/** Which outside services are simulated: the providers' defaults are the sandboxes. */
export function simulatedServices(env: Environment) {
  return {
    payments: (value(env, 'PAY_PROVIDER') ?? 'sandbox') === 'sandbox',
    sms: (value(env, 'SMS_PROVIDER') ?? 'console') === 'console',
    wechatSignIn: (value(env, 'WECHAT_PROVIDER') ?? 'sandbox') === 'sandbox',
  };
}

/** Hosts reserved for documentation (RFC 2606): a URL on one is an example copied, not a setting. */
function isExampleHost(hostname: string): boolean {
  return /(^|\.)(example|example\.com|example\.net|example\.org)$/.test(hostname);
}

function exampleHostOf(url: string): string | undefined {
  try {
    const { hostname } = new URL(url);
    return isExampleHost(hostname) ? hostname : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Values that only the tests and the documentation use: merchant settings of the WeChat Pay tests (WeChat Pay's own
 * documentation examples), the SMS vendor keys of the configuration tests and the SMTP example of
 * docs/operations.md. Secrets the server makes itself (`server_secret`, session tokens) have no default.
 */
const DEMO_VALUES: Readonly<Record<string, readonly string[]>> = {
  WECHATPAY_MCH_ID: ['1900009191'],
  WECHATPAY_APP_ID: ['wx8888888888888888'],
  WECHATPAY_MCH_SERIAL_NO: ['5157F09EFDC096DE15EBE81A47057A72'],
  WECHATPAY_PUBLIC_KEY_ID: ['PUB_KEY_ID_0119000091912024'],
  ALIYUN_SMS_ACCESS_KEY_ID: ['LTAI5t'],
  ALIYUN_SMS_ACCESS_KEY_SECRET: ['secret'],
  TENCENT_SMS_SECRET_ID: ['AKID'],
  TENCENT_SMS_SECRET_KEY: ['key'],
  TENCENT_SMS_SDK_APP_ID: ['1400006666'],
  SMTP_URL: ['smtp://user:pass@host:587'],
};

/** The secrets each real provider signs with: listed here too, so one start names every missing one. */
const PROVIDER_SECRETS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  PAY_PROVIDER: {
    wechatpay: [
      'WECHATPAY_MCH_ID',
      'WECHATPAY_MCH_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY_PATH',
      'WECHATPAY_API_V3_KEY',
    ],
  },
  SMS_PROVIDER: {
    aliyun: ['ALIYUN_SMS_ACCESS_KEY_ID', 'ALIYUN_SMS_ACCESS_KEY_SECRET'],
    tencent: ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SECRET_KEY', 'TENCENT_SMS_SDK_APP_ID'],
  },
  WECHAT_PROVIDER: {
    wechat: ['WECHAT_MA_APPID', 'WECHAT_MA_SECRET'],
  },
};

/** Vendor endpoints the tests point at local fakes over plain http. */
const VENDOR_ENDPOINTS = [
  'ALIYUN_SMS_ENDPOINT',
  'TENCENT_SMS_ENDPOINT',
  'WECHATPAY_API_BASE',
  'WECHAT_API_BASE',
] as const;

/** Variables holding a URL whose host must be real: the documentation's examples use example hosts. */
const URL_SETTINGS = ['WECHATPAY_NOTIFY_URL', 'DATABASE_URL', 'SMTP_URL', 'REDIS_URL'] as const;

function secretProblems(env: Environment): string[] {
  const problems: string[] = [];
  for (const [providerVariable, providers] of Object.entries(PROVIDER_SECRETS)) {
    const provider = value(env, providerVariable) ?? '';
    for (const name of providers[provider] ?? []) {
      if (!value(env, name)) problems.push(`${name} 未设置：${providerVariable}=${provider} 需要它`);
    }
  }
  for (const [name, demos] of Object.entries(DEMO_VALUES)) {
    const set = value(env, name);
    if (set && demos.some((demo) => demo.toUpperCase() === set.toUpperCase())) {
      problems.push(`${name} 是测试或文档中的示例值：请设置为本单位自己的值`);
    }
  }
  const apiV3Key = value(env, 'WECHATPAY_API_V3_KEY');
  if (apiV3Key && new Set(apiV3Key).size === 1) {
    problems.push(
      'WECHATPAY_API_V3_KEY 是测试用的示例密钥（同一字符重复）：请设置商户平台“API安全”中的 APIv3 密钥',
    );
  }
  for (const name of VENDOR_ENDPOINTS) {
    const set = value(env, name);
    if (set?.toLowerCase().startsWith('http://')) {
      problems.push(`${name} 指向 http:// 地址（测试用的本地模拟服务）：请删除该变量，使用服务商的默认地址`);
    }
  }
  for (const name of URL_SETTINGS) {
    const set = value(env, name);
    const host = set && exampleHostOf(set);
    if (host) problems.push(`${name} 指向示例主机 ${host}：请设置为实际的地址`);
  }
  return problems;
}

function publicBaseUrlProblem(env: Environment): string | undefined {
  const set = value(env, 'PUBLIC_BASE_URL');
  if (!set) {
    return 'PUBLIC_BASE_URL 未设置：请设置为会员访问本服务的 https 网址根，如 https://www.your-domain.cn（二维码与头像地址以它开头）';
  }
  if (!/^https:\/\//i.test(set)) return `PUBLIC_BASE_URL 须以 https:// 开头，当前为 "${set}"`;
  const host = exampleHostOf(set);
  if (host) return `PUBLIC_BASE_URL 指向示例主机 ${host}：请设置为会员实际访问的网址`;
  return undefined;
}

/**
 * `STORAGE=s3` as a whole: the bucket, its region and both keys (the start itself accepts no keys for a machine
 * role; production names them so a node never writes with whatever credentials the machine happens to carry), an
 * https endpoint. `STORAGE=local` with several nodes is the operator's call (a shared DATA_DIR mount works).
 */
function storageProblems(env: Environment): string[] {
  const storage = value(env, 'STORAGE') ?? 'local';
  if (storage === 'local') return [];
  if (storage !== 's3') return [`STORAGE 只能是 local 或 s3，当前为 "${storage}"`];
  const problems = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']
    .filter((name) => !value(env, name))
    .map((name) => `${name} 未设置：STORAGE=s3 需要它`);
  const endpoint = value(env, 'S3_ENDPOINT');
  if (endpoint && !/^https:\/\//i.test(endpoint)) {
    problems.push(`S3_ENDPOINT 须以 https:// 开头（密钥签名的请求与会员文件不走明文），当前为 "${endpoint}"`);
  }
  const host = endpoint && exampleHostOf(endpoint);
  if (host) problems.push(`S3_ENDPOINT 指向示例主机 ${host}：请设置为存储服务的实际地址`);
  return problems;
}

/**
 * Every reason this environment may not serve production, one Chinese line each naming the variable and what to
 * set; empty when it may. Only meaningful when `isProduction(env)`.
 */
export function productionProblems(env: Environment): string[] {
  const simulated = simulatedServices(env);
  const problems: string[] = [];
  if (simulated.payments) {
    problems.push(
      'PAY_PROVIDER 未设置或为 sandbox（模拟支付，不收款）：请设置 PAY_PROVIDER=wechatpay 及 WECHATPAY_*（docs/payments.md）',
    );
  }
  if (simulated.sms) {
    problems.push(
      'SMS_PROVIDER 未设置或为 console（验证码不发送）：请设置 SMS_PROVIDER=aliyun 或 tencent 及其短信密钥',
    );
  }
  if (simulated.wechatSignIn) {
    problems.push(
      'WECHAT_PROVIDER 未设置或为 sandbox（模拟微信登录）：请设置 WECHAT_PROVIDER=wechat 及小程序密钥，或 WECHAT_PROVIDER=off 关闭微信登录',
    );
  }
  if (env.TENDER_DEV !== undefined) {
    problems.push(`TENDER_DEV 已设置（"${env.TENDER_DEV}"）：生产环境不得开启开发模式，请删除该变量`);
  }
  const baseUrl = publicBaseUrlProblem(env);
  if (baseUrl) problems.push(baseUrl);
  problems.push(...storageProblems(env));
  problems.push(...secretProblems(env));
  return problems;
}

/** The ribbon every page shows outside production (`GET /webchat/common/environment`); what is simulated first. */
export function demoNotice(env: Environment): string {
  const simulated = simulatedServices(env);
  const parts = [
    simulated.payments && '支付为模拟',
    simulated.sms && '验证码不会真实发送',
    simulated.wechatSignIn && '微信登录为模拟',
  ].filter((part): part is string => typeof part === 'string');
  return `演示环境：${parts.length > 0 ? parts.join('，') : '并非正式服务'}`;
}

/** The block the log starts with outside production: one warning line each. */
export function demoWarnings(env: Environment): string[] {
  const simulated = simulatedServices(env);
  return [
    '==== 演示环境 (demo): NOT the live service — TENDER_ENV is not production ====',
    simulated.payments &&
      'PAY_PROVIDER=sandbox: payments are simulated, no money moves; the QR code opens /webchat/pay/sandbox on this server',
    simulated.sms &&
      `SMS_PROVIDER=console: SMS codes are not sent; ${
        env.TENDER_DEV === '1'
          ? 'they are written to this log'
          : 'not even to this log (only with TENDER_DEV=1)'
      }`,
    simulated.wechatSignIn && 'WECHAT_PROVIDER=sandbox: WeChat sign-in is simulated',
    env.TENDER_DEV === '1' && 'TENDER_DEV=1: development mode, the SMS outbox answers loopback callers',
    !value(env, 'PUBLIC_BASE_URL') &&
      'PUBLIC_BASE_URL unset: links and QR codes use the host each request reached',
    `Every page shows the ribbon "${demoNotice(env)}". Production: TENDER_ENV=production (docs/operations.md)`,
  ].filter((line): line is string => typeof line === 'string');
}

/** What the client learns at start (`GET /webchat/common/environment`): whether to show the demo ribbon, and its text. */
export function serviceEnvironment(production: boolean, env: Environment): ServiceEnvironment {
  // The browser's DSN is public by design (it only lets one send events); the client loads Sentry only with it.
  const sentryDsn = value(env, 'SENTRY_BROWSER_DSN');
  return {
    ...(production ? { demo: false, notice: '' } : { demo: true, notice: demoNotice(env) }),
    ...(sentryDsn ? { sentryDsn } : {}),
  };
}

import { isLoopbackAddress } from '../security/client-network';

/** Where a vendor's API answers: `host[:port]` and the protocol (https, or http to a local fake only). */
export interface SmsEndpoint {
  host: string;
  protocol: 'https' | 'http';
}

/** `SMS_PROVIDER=aliyun`: Alibaba Cloud SMS (dysmsapi 2017-05-25), with a RAM user's AccessKey. */
export interface AliyunSmsConfig {
  provider: 'aliyun';
  /** ALIYUN_SMS_ACCESS_KEY_ID and ALIYUN_SMS_ACCESS_KEY_SECRET. */
  accessKeyId: string;
  accessKeySecret: string;
  /** ALIYUN_SMS_ENDPOINT: default dysmsapi.aliyuncs.com. */
  endpoint: SmsEndpoint;
}

/** `SMS_PROVIDER=tencent`: Tencent Cloud SMS (API 2021-01-11), with a CAM key and the SMS application's SdkAppId. */
export interface TencentSmsConfig {
  provider: 'tencent';
  /** TENCENT_SMS_SECRET_ID and TENCENT_SMS_SECRET_KEY. */
  secretId: string;
  secretKey: string;
  /** TENCENT_SMS_SDK_APP_ID: the SMS application (短信应用 SdkAppId, 1400…). */
  sdkAppId: string;
  /** TENCENT_SMS_REGION: default ap-guangzhou. */
  region: string;
  /** TENCENT_SMS_ENDPOINT: default sms.tencentcloudapi.com. */
  endpoint: SmsEndpoint;
}

export type SmsVendorConfig = AliyunSmsConfig | TencentSmsConfig;
export type SmsVendorName = SmsVendorConfig['provider'];

const ALIYUN_SMS_DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';
const TENCENT_SMS_DEFAULT_ENDPOINT = 'sms.tencentcloudapi.com';

/** Plain http only to this machine or a `.test` name (RFC 6761): the local fakes of the tests, never a vendor. */
export function isLocalHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (bare === 'localhost' || bare.endsWith('.localhost') || bare.endsWith('.test')) return true;
  return isLoopbackAddress(bare);
}

/** `host`, `host:port` or `https://host[:port]`; `http://` for a local address only. */
export function parseSmsEndpoint(value: string, variable: string): SmsEndpoint {
  const match = /^(?:(https?):\/\/)?([^/?#\s]+?)\/?$/.exec(value);
  let url: URL | undefined;
  try {
    url = match ? new URL(`${match[1] ?? 'https'}://${match[2]}`) : undefined;
  } catch {
    url = undefined;
  }
  if (!match || !url) {
    throw new Error(
      `${variable} 应为服务地址，如 dysmsapi.aliyuncs.com 或 https://host:port，当前为 "${value}"`,
    );
  }
  const protocol = (match[1] ?? 'https') as SmsEndpoint['protocol'];
  if (protocol === 'http' && !isLocalHost(url.hostname)) {
    throw new Error(
      `${variable} 只能用 https 访问短信服务商（http:// 仅用于本机测试地址），当前为 "${value}"`,
    );
  }
  return { host: url.host, protocol };
}

/**
 * The vendor settings of `SMS_PROVIDER=aliyun|tencent` from the environment; a missing one stops the start with a
 * Chinese message naming the variable (docs/operations.md, SMS).
 */
export function readSmsVendorConfig(env: NodeJS.ProcessEnv, provider: SmsVendorName): SmsVendorConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const required = (name: string, what: string): string => {
    const found = value(name);
    if (!found) throw new Error(`SMS_PROVIDER=${provider} 需要设置 ${name}（${what}）`);
    return found;
  };
  if (provider === 'aliyun') {
    return {
      provider,
      accessKeyId: required('ALIYUN_SMS_ACCESS_KEY_ID', '阿里云 RAM 用户的 AccessKey ID'),
      accessKeySecret: required('ALIYUN_SMS_ACCESS_KEY_SECRET', '阿里云 RAM 用户的 AccessKey Secret'),
      endpoint: parseSmsEndpoint(
        value('ALIYUN_SMS_ENDPOINT') ?? ALIYUN_SMS_DEFAULT_ENDPOINT,
        'ALIYUN_SMS_ENDPOINT',
      ),
    };
  }
  const sdkAppId = required('TENCENT_SMS_SDK_APP_ID', '短信应用的 SdkAppId，如 1400006666');
  if (!/^\d+$/.test(sdkAppId)) {
    throw new Error(`TENCENT_SMS_SDK_APP_ID 应为短信控制台中的数字 SdkAppId，当前为 "${sdkAppId}"`);
  }
  return {
    provider,
    secretId: required('TENCENT_SMS_SECRET_ID', '腾讯云 API 密钥 SecretId'),
    secretKey: required('TENCENT_SMS_SECRET_KEY', '腾讯云 API 密钥 SecretKey'),
    sdkAppId,
    region: value('TENCENT_SMS_REGION') ?? 'ap-guangzhou',
    endpoint: parseSmsEndpoint(
      value('TENCENT_SMS_ENDPOINT') ?? TENCENT_SMS_DEFAULT_ENDPOINT,
      'TENCENT_SMS_ENDPOINT',
    ),
  };
}

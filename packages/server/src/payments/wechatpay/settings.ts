/**
 * The merchant settings of WeChat Pay API v3 (docs/payments.md "Real merchant credentials"), from the environment.
 * Values only: the key and certificate files are read when the provider is made (cli/start.ts).
 */
export interface WechatPaySettings {
  /** WECHATPAY_MCH_ID: the merchant number (商户号). */
  mchId: string;
  /** WECHATPAY_APP_ID: the AppID bound to the merchant (公众号/小程序/移动应用), required by Native payments. */
  appId: string;
  /** WECHATPAY_MCH_SERIAL_NO: the serial number of the merchant API certificate (商户API证书序列号). */
  merchantSerialNo: string;
  /** WECHATPAY_PRIVATE_KEY_PATH: the merchant API private key (apiclient_key.pem). */
  privateKeyPath: string;
  /** WECHATPAY_API_V3_KEY: the 32-character APIv3 key that encrypts notifications. */
  apiV3Key: string;
  /**
   * WECHATPAY_PLATFORM_CERT_PATH: the WeChat Pay platform certificates (平台证书模式), comma-separated paths — while
   * WeChat Pay rotates its certificate it signs with the old and the new one side by side for days. Empty: none.
   */
  platformCertificatePaths: string[];
  /** WECHATPAY_PUBLIC_KEY_PATH and WECHATPAY_PUBLIC_KEY_ID: the WeChat Pay public key and its id (公钥模式). */
  publicKeyPath: string | undefined;
  publicKeyId: string | undefined;
  /** WECHATPAY_NOTIFY_URL: where WeChat Pay posts notifications: https://<host>/webchat/pay/notify/wechatpay. */
  notifyUrl: string;
  /** WECHATPAY_API_BASE: default https://api.mch.weixin.qq.com (tests point it at a local fake). */
  apiBase: string;
}

export const WECHATPAY_DEFAULT_API_BASE = 'https://api.mch.weixin.qq.com';

const REQUIRED = [
  ['WECHATPAY_MCH_ID', '商户号'],
  ['WECHATPAY_APP_ID', '商户绑定的 AppID'],
  ['WECHATPAY_MCH_SERIAL_NO', '商户 API 证书序列号'],
  ['WECHATPAY_PRIVATE_KEY_PATH', '商户 API 私钥文件 apiclient_key.pem 的路径'],
  ['WECHATPAY_API_V3_KEY', 'APIv3 密钥'],
  ['WECHATPAY_NOTIFY_URL', '支付结果通知地址，如 https://example.com/webchat/pay/notify/wechatpay'],
] as const;

/**
 * Reads the WeChat Pay settings of `PAY_PROVIDER=wechatpay`; a missing or unusable one stops the start with a
 * Chinese message naming the variable.
 */
export function readWechatPaySettings(env: NodeJS.ProcessEnv): WechatPaySettings {
  const value = (name: string) => env[name]?.trim() || undefined;
  for (const [name, what] of REQUIRED) {
    if (!value(name)) throw new Error(`PAY_PROVIDER=wechatpay 需要设置 ${name}（${what}）`);
  }
  const apiV3Key = value('WECHATPAY_API_V3_KEY') as string;
  if (Buffer.byteLength(apiV3Key, 'utf8') !== 32) {
    throw new Error('WECHATPAY_API_V3_KEY 应为 32 个字符（在商户平台“API安全”中设置的 APIv3 密钥）');
  }
  const notifyUrl = value('WECHATPAY_NOTIFY_URL') as string;
  if (!/^https:\/\/[^/?#]+\/[^?#]*$/.test(notifyUrl)) {
    throw new Error(`WECHATPAY_NOTIFY_URL 应为 https:// 开头、不带查询参数的地址，当前为 "${notifyUrl}"`);
  }
  const platformCertificatePaths = (value('WECHATPAY_PLATFORM_CERT_PATH') ?? '')
    .split(',')
    .map((path) => path.trim())
    .filter((path) => path !== '');
  const publicKeyPath = value('WECHATPAY_PUBLIC_KEY_PATH');
  const publicKeyId = value('WECHATPAY_PUBLIC_KEY_ID');
  if (publicKeyPath && !publicKeyId) {
    throw new Error(
      '设置了 WECHATPAY_PUBLIC_KEY_PATH 时还需要设置 WECHATPAY_PUBLIC_KEY_ID（微信支付公钥ID，PUB_KEY_ID_ 开头）',
    );
  }
  if (publicKeyId && !publicKeyId.startsWith('PUB_KEY_ID_')) {
    // sent in every request's Wechatpay-Serial: WeChat Pay refuses an id it does not know (400 INVALID_REQUEST)
    throw new Error(
      `WECHATPAY_PUBLIC_KEY_ID 应为 PUB_KEY_ID_ 开头的微信支付公钥ID（不是平台证书序列号），当前为 "${publicKeyId}"`,
    );
  }
  if (publicKeyId && !publicKeyPath) {
    throw new Error(
      '设置了 WECHATPAY_PUBLIC_KEY_ID 时还需要设置 WECHATPAY_PUBLIC_KEY_PATH（微信支付公钥文件的路径）',
    );
  }
  if (platformCertificatePaths.length === 0 && !publicKeyPath) {
    throw new Error(
      'PAY_PROVIDER=wechatpay 需要设置 WECHATPAY_PUBLIC_KEY_PATH 与 WECHATPAY_PUBLIC_KEY_ID（公钥模式），或 WECHATPAY_PLATFORM_CERT_PATH（平台证书模式；证书更换期间以逗号分隔新旧两个证书），用于验证微信支付的签名',
    );
  }
  return {
    mchId: value('WECHATPAY_MCH_ID') as string,
    appId: value('WECHATPAY_APP_ID') as string,
    merchantSerialNo: (value('WECHATPAY_MCH_SERIAL_NO') as string).toUpperCase(),
    privateKeyPath: value('WECHATPAY_PRIVATE_KEY_PATH') as string,
    apiV3Key,
    platformCertificatePaths,
    publicKeyPath,
    publicKeyId,
    notifyUrl,
    apiBase: (value('WECHATPAY_API_BASE') ?? WECHATPAY_DEFAULT_API_BASE).replace(/\/+$/, ''),
  };
}

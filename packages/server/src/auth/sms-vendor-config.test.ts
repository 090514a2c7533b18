import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';

const aliyun = {
  SMS_PROVIDER: 'aliyun',
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5t',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
};
const tencent = {
  SMS_PROVIDER: 'tencent',
  TENCENT_SMS_SECRET_ID: 'AKID',
  TENCENT_SMS_SECRET_KEY: 'key',
  TENCENT_SMS_SDK_APP_ID: '1400006666',
};

describe('SMS_PROVIDER=aliyun|tencent', () => {
  it('keeps the console provider, with no vendor, by default', () => {
    expect(readConfig({}, '/repo')).toMatchObject({ smsProvider: 'console', smsVendor: undefined });
  });

  it('reads the vendor keys with the documented defaults', () => {
    expect(readConfig(aliyun, '/repo').smsVendor).toEqual({
      provider: 'aliyun',
      accessKeyId: 'LTAI5t',
      accessKeySecret: 'secret',
      endpoint: { host: 'dysmsapi.aliyuncs.com', protocol: 'https' },
    });
    expect(readConfig(tencent, '/repo').smsVendor).toEqual({
      provider: 'tencent',
      secretId: 'AKID',
      secretKey: 'key',
      sdkAppId: '1400006666',
      region: 'ap-guangzhou',
      endpoint: { host: 'sms.tencentcloudapi.com', protocol: 'https' },
    });
  });

  it('stops the start naming each missing variable', () => {
    for (const [env, missing] of [
      [aliyun, 'ALIYUN_SMS_ACCESS_KEY_ID'],
      [aliyun, 'ALIYUN_SMS_ACCESS_KEY_SECRET'],
      [tencent, 'TENCENT_SMS_SECRET_ID'],
      [tencent, 'TENCENT_SMS_SECRET_KEY'],
      [tencent, 'TENCENT_SMS_SDK_APP_ID'],
    ] as const) {
      expect(() => readConfig({ ...env, [missing]: ' ' }, '/repo')).toThrow(
        `SMS_PROVIDER=${env.SMS_PROVIDER} 需要设置 ${missing}`,
      );
    }
    expect(() => readConfig({ ...tencent, TENCENT_SMS_SDK_APP_ID: 'app' }, '/repo')).toThrow(
      /^TENCENT_SMS_SDK_APP_ID 应为短信控制台中的数字 SdkAppId/,
    );
    expect(() => readConfig({ SMS_PROVIDER: 'twilio' }, '/repo')).toThrow(
      'SMS_PROVIDER 不支持 "twilio"，可选：console、aliyun、tencent',
    );
  });

  it('takes an endpoint with a port or https, and plain http only to this machine', () => {
    const endpoint = (value: string) =>
      readConfig({ ...aliyun, ALIYUN_SMS_ENDPOINT: value }, '/repo').smsVendor?.endpoint;
    expect(endpoint('dysms.example.com:8443')).toEqual({ host: 'dysms.example.com:8443', protocol: 'https' });
    expect(endpoint('https://dysmsapi.aliyuncs.com/')).toEqual({
      host: 'dysmsapi.aliyuncs.com',
      protocol: 'https',
    });
    expect(endpoint('http://127.0.0.1:9000')).toEqual({ host: '127.0.0.1:9000', protocol: 'http' });
    expect(() => endpoint('http://dysmsapi.aliyuncs.com')).toThrow(/^ALIYUN_SMS_ENDPOINT 只能用 https/);
    expect(() => endpoint('https://host/path')).toThrow(/^ALIYUN_SMS_ENDPOINT 应为服务地址/);
    expect(() =>
      readConfig({ ...tencent, TENCENT_SMS_ENDPOINT: 'ftp://sms.tencentcloudapi.com' }, '/repo'),
    ).toThrow(/^TENCENT_SMS_ENDPOINT 应为服务地址/);
  });
});

import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  it('keeps files on the local disk unless STORAGE=s3, which needs its region and bucket and both keys or none', () => {
    expect(readConfig({}, '/repo').storage).toEqual({ kind: 'local' });
    const s3 = { STORAGE: 's3', S3_REGION: 'cn-hangzhou', S3_BUCKET: 'files' };
    expect(readConfig(s3, '/repo').storage).toEqual({
      kind: 's3',
      settings: {
        endpoint: undefined,
        region: 'cn-hangzhou',
        bucket: 'files',
        forcePathStyle: false,
        credentials: undefined,
      },
    });
    expect(() => readConfig({ STORAGE: 's3', S3_BUCKET: 'files' }, '/repo')).toThrow(/S3_REGION/);
    expect(() => readConfig({ STORAGE: 's3', S3_REGION: 'x' }, '/repo')).toThrow(/S3_BUCKET/);
    expect(() => readConfig({ ...s3, S3_ACCESS_KEY_ID: 'id' }, '/repo')).toThrow(/同时设置/);
    expect(() => readConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' }, '/repo')).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => readConfig({ ...s3, S3_ENDPOINT: 'https://oss.example.cn/bucket' }, '/repo')).toThrow(
      /S3_ENDPOINT/,
    );
    expect(() => readConfig({ STORAGE: 'nfs' }, '/repo')).toThrow(/STORAGE 只能是 local 或 s3/);
  });

  it('serves /metrics with a token of 16 characters or more, or on a port other than PORT', () => {
    expect(readConfig({ METRICS_TOKEN: 'a'.repeat(16), METRICS_PORT: '9464' }, '/repo')).toMatchObject({
      metricsToken: 'a'.repeat(16),
      metricsPort: 9464,
    });
    expect(() => readConfig({ METRICS_TOKEN: 'short' }, '/repo')).toThrow(/METRICS_TOKEN/);
    expect(() => readConfig({ METRICS_PORT: '8080' }, '/repo')).toThrow(/METRICS_PORT 不能与 PORT 相同/);
    expect(() => readConfig({ METRICS_PORT: 'x' }, '/repo')).toThrow(/METRICS_PORT/);
  });

  it('gives the search result cache 256 MB unless SEARCH_CACHE_MB says otherwise, 0 turning it off', () => {
    expect(readConfig({}, '/repo').searchCacheMegabytes).toBe(256);
    expect(readConfig({ SEARCH_CACHE_MB: '64' }, '/repo').searchCacheMegabytes).toBe(64);
    expect(readConfig({ SEARCH_CACHE_MB: '0' }, '/repo').searchCacheMegabytes).toBe(0);
    for (const wrong of ['-1', '1.5', 'many']) {
      expect(() => readConfig({ SEARCH_CACHE_MB: wrong }, '/repo')).toThrow(/SEARCH_CACHE_MB 必须是非负整数/);
    }
  });

  it('is in production with TENDER_ENV=production or NODE_ENV=production, and refuses other TENDER_ENV values', () => {
    expect(readConfig({}, '/repo').production).toBe(false);
    expect(readConfig({ TENDER_ENV: 'production' }, '/repo').production).toBe(true);
    expect(readConfig({ NODE_ENV: 'production' }, '/repo').production).toBe(true);
    expect(() => readConfig({ TENDER_ENV: 'prod' }, '/repo')).toThrow(
      'TENDER_ENV 只能是 production 或不设置（演示环境），当前为 "prod"',
    );
  });

  it('keeps PUBLIC_BASE_URL as an origin and refuses anything else', () => {
    expect(readConfig({}, '/repo').publicBaseUrl).toBeUndefined();
    expect(readConfig({ PUBLIC_BASE_URL: 'https://www.example.com/' }, '/repo').publicBaseUrl).toBe(
      'https://www.example.com',
    );
    expect(readConfig({ PUBLIC_BASE_URL: 'http://127.0.0.1:8080' }, '/repo').publicBaseUrl).toBe(
      'http://127.0.0.1:8080',
    );
    for (const wrong of [
      'www.example.com',
      'https://www.example.com/portal',
      'ftp://example.com',
      'https://a@b.cn',
    ]) {
      expect(() => readConfig({ PUBLIC_BASE_URL: wrong }, '/repo')).toThrow(
        /^PUBLIC_BASE_URL 应为会员访问的网址根/,
      );
    }
  });
});

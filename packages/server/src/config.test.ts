import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('readConfig', () => {
  it('gives the search result cache 256 MB unless SEARCH_CACHE_MB says otherwise, 0 turning it off', () => {
    expect(readConfig({}, '/repo').searchCacheMegabytes).toBe(256);
    expect(readConfig({ SEARCH_CACHE_MB: '64' }, '/repo').searchCacheMegabytes).toBe(64);
    expect(readConfig({ SEARCH_CACHE_MB: '0' }, '/repo').searchCacheMegabytes).toBe(0);
    for (const wrong of ['-1', '1.5', 'many']) {
      expect(() => readConfig({ SEARCH_CACHE_MB: wrong }, '/repo')).toThrow(/SEARCH_CACHE_MB 必须是非负整数/);
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieText, readCookie, removeCookie, writeCookie } from './cookies';

describe('cookies', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('marks cookies Secure on an https page, SameSite=Lax always', () => {
    expect(
      cookieText('TOKEN', 'abc', { path: '/portal/', maxAgeSeconds: 2_592_000, protocol: 'https:' }),
    ).toBe('TOKEN=abc; path=/portal/; max-age=2592000; samesite=lax; secure');
    expect(cookieText('TOKEN', 'abc', { path: '/portal/', protocol: 'http:' })).toBe(
      'TOKEN=abc; path=/portal/; samesite=lax',
    );
  });

  it('writes, reads and removes a cookie on this (http) page', () => {
    const written = vi.spyOn(document, 'cookie', 'set');
    writeCookie('TOKEN', 'a token', 30);
    expect(written).toHaveBeenLastCalledWith('TOKEN=a%20token; path=/; max-age=2592000; samesite=lax');
    expect(readCookie('TOKEN')).toBe('a token');
    removeCookie('TOKEN');
    expect(readCookie('TOKEN')).toBeUndefined();
  });
});

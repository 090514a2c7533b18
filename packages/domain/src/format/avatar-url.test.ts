import { describe, expect, it } from 'vitest';
import { avatarUrl } from './avatar-url';

describe('avatarUrl', () => {
  const base = 'https://api.example.com';

  it('keeps absolute URLs', () => {
    expect(avatarUrl('https://thirdwx.qlogo.cn/a.png', base)).toBe('https://thirdwx.qlogo.cn/a.png');
    expect(avatarUrl('http://cdn.example.com/a.png', base)).toBe('http://cdn.example.com/a.png');
    expect(avatarUrl('//cdn.example.com/a.png', base)).toBe('//cdn.example.com/a.png');
    expect(avatarUrl('data:image/png;base64,AAAA', base)).toBe('data:image/png;base64,AAAA');
  });

  it('prefixes relative paths with the base address, with one slash between', () => {
    expect(avatarUrl('/profile/avatar/1.png', base)).toBe('https://api.example.com/profile/avatar/1.png');
    expect(avatarUrl('profile/avatar/1.png', base)).toBe('https://api.example.com/profile/avatar/1.png');
    expect(avatarUrl('/profile/1.png', `${base}/`)).toBe('https://api.example.com/profile/1.png');
    expect(avatarUrl('/profile/1.png', '/webchat')).toBe('/webchat/profile/1.png');
  });

  it('does not trust other schemes as absolute', () => {
    expect(avatarUrl('javascript:alert(1)', base)).toBe('https://api.example.com/javascript:alert(1)');
  });

  it('gives an empty text when there is no avatar', () => {
    expect(avatarUrl('', base)).toBe('');
    expect(avatarUrl(null, base)).toBe('');
    expect(avatarUrl(undefined, base)).toBe('');
  });
});

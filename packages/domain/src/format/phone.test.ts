import { describe, expect, it } from 'vitest';
import { maskPhone, userDisplayName } from './phone';

describe('maskPhone', () => {
  it('keeps the first 3 and last 4 digits of a mobile number', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskPhone(' 13800005678 ')).toBe('138****5678');
  });

  it('masks longer values the same way so the middle never shows', () => {
    expect(maskPhone('010-12345678')).toBe('010****5678');
    expect(maskPhone('12345678')).toBe('123****5678');
  });

  it('hides short values completely', () => {
    expect(maskPhone('1234567')).toBe('****');
    expect(maskPhone('110')).toBe('****');
  });

  it('returns an empty text for a missing value', () => {
    expect(maskPhone('')).toBe('');
    expect(maskPhone(undefined)).toBe('');
    expect(maskPhone(null)).toBe('');
  });
});

describe('userDisplayName', () => {
  it('prefers the real user name', () => {
    expect(userDisplayName({ realUserName: '张三', mobile: '13812341234' })).toBe('张三');
  });

  it('falls back to the masked phone', () => {
    expect(userDisplayName({ realUserName: '', mobile: '13812341234' })).toBe('138****1234');
    expect(userDisplayName({ realUserName: '  ', mobile: '13812341234' })).toBe('138****1234');
    expect(userDisplayName({ mobile: '13812341234' })).toBe('138****1234');
  });
});

import { describe, expect, it } from 'vitest';
import { isExternalLink } from './external-link';

describe('isExternalLink', () => {
  it('recognises http, https, mailto and tel links', () => {
    expect(isExternalLink('http://example.com')).toBe(true);
    expect(isExternalLink('https://example.com/a?b=c')).toBe(true);
    expect(isExternalLink('mailto:service@example.com')).toBe(true);
    expect(isExternalLink('tel:4001234567')).toBe(true);
    expect(isExternalLink('HTTPS://EXAMPLE.COM')).toBe(true);
  });

  it('treats routes, relative paths and other schemes as internal', () => {
    expect(isExternalLink('/subscribe/bidding')).toBe(false);
    expect(isExternalLink('myOrder')).toBe(false);
    expect(isExternalLink('ftp://example.com')).toBe(false);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
    expect(isExternalLink('/redirect/http://x')).toBe(false);
    expect(isExternalLink('')).toBe(false);
  });
});

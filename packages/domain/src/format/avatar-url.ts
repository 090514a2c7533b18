/**
 * Absolute http(s) and protocol-relative URLs, and inline image data/blob URLs, are used as they are.
 * Any other scheme (javascript:, file:…) is not trusted as absolute and gets the base address.
 */
const ABSOLUTE_URL = /^(?:(?:https?:)?\/\/|data:image\/|blob:)/i;

/**
 * spec §3 User.headimgurl: an absolute URL is kept; a relative path is prefixed with the base address,
 * with exactly one '/' between them. An empty or missing value gives '' (show the default avatar).
 */
export function avatarUrl(headimgurl: string | null | undefined, baseUrl: string): string {
  const value = (headimgurl ?? '').trim();
  if (value === '') return '';
  if (ABSOLUTE_URL.test(value)) return value;
  const base = baseUrl.replace(/\/+$/, '');
  const path = value.replace(/^\/+/, '');
  return `${base}/${path}`;
}

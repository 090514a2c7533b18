/** Minimal document.cookie access. Cookies are scoped to the brand app's path (`/<brand-id>/`): every brand is
 * served from the same origin, and a token of one brand's tenant means nothing to another. */
function cookiePath(): string {
  const path = globalThis.location?.pathname ?? '/';
  return path.endsWith('/') ? path : path.slice(0, path.lastIndexOf('/') + 1) || '/';
}

export function readCookie(name: string): string | undefined {
  const prefix = `${encodeURIComponent(name)}=`;
  const entry = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(prefix.length));
}

/** Writes a cookie; without `days` it is a session cookie, gone when the browser closes. */
export function writeCookie(name: string, value: string, days?: number): void {
  const expires = days === undefined ? '' : `; max-age=${Math.round(days * 24 * 60 * 60)}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${cookiePath()}${expires}; samesite=lax`;
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = `${encodeURIComponent(name)}=; path=${cookiePath()}; max-age=0`;
}

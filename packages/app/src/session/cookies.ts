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

/**
 * The `document.cookie` assignment of a cookie: `SameSite=Lax` (not sent by other sites' requests), and `Secure`
 * when the page is https, so the token never travels over plain HTTP. `max-age=0` removes it.
 */
export function cookieText(
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds?: number; protocol: string },
): string {
  const maxAge = options.maxAgeSeconds === undefined ? '' : `; max-age=${options.maxAgeSeconds}`;
  const secure = options.protocol === 'https:' ? '; secure' : '';
  return `${encodeURIComponent(name)}=${encodeURIComponent(value)}; path=${options.path}${maxAge}; samesite=lax${secure}`;
}

const pageProtocol = () => globalThis.location?.protocol ?? 'http:';

/** Writes a cookie; without `days` it is a session cookie, gone when the browser closes. */
export function writeCookie(name: string, value: string, days?: number): void {
  const maxAgeSeconds = days === undefined ? undefined : Math.round(days * 24 * 60 * 60);
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = cookieText(name, value, {
    path: cookiePath(),
    protocol: pageProtocol(),
    ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }),
  });
}

export function removeCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
  document.cookie = cookieText(name, '', { path: cookiePath(), protocol: pageProtocol(), maxAgeSeconds: 0 });
}

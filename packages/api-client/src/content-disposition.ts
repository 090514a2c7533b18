/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*=UTF-8''…` form first (the server
 * sends Chinese names that way), then a plain `filename="…"`; undefined when there is none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed percent-encoding: fall back to the plain name below.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = plain?.[2] ?? plain?.[1]?.trim();
  return name ? name : undefined;
}

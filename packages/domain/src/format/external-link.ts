/**
 * spec §5: a link is external if it starts with http, https, mailto or tel. URL schemes are
 * case-insensitive (RFC 3986), so 'HTTPS://…' counts too.
 */
export function isExternalLink(path: string): boolean {
  return /^(?:https?:|mailto:|tel:)/i.test(path.trim());
}

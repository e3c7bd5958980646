const SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * A link's address as a browser resolves it (scheme and host lower-cased, default port and dot
 * segments gone), when it is an absolute web or mail address: what two spellings of one address
 * are compared by. Relative, protocol-relative and any other scheme give undefined.
 */
export function normaliseUrl(url: string): string | undefined {
  try {
    const parsed = new URL(url.trim());
    return SCHEMES.has(parsed.protocol) ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

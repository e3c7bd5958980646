/** The entity tags of an If-Match or If-None-Match header (`*` included as is); null when absent. */
export function entityTags(header: string | null): string[] | null {
  if (header === null) return null;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/**
 * Whether an If-None-Match header names the representation tagged `etag`: `*`, or any of its
 * tags by weak comparison (RFC 9110 §13.1.2: `W/"x"` and `"x"` are the same tag), so a cache that
 * weakened the tag still gets its 304.
 */
export function noneMatchHolds(header: string | null, etag: string): boolean {
  const strip = (tag: string) => tag.replace(/^W\//, '');
  return entityTags(header)?.some((tag) => tag === '*' || strip(tag) === strip(etag)) ?? false;
}

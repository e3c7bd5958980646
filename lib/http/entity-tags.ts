/** The entity tags of an If-Match or If-None-Match header (`*` included as is); null when absent. */
export function entityTags(header: string | null): string[] | null {
  if (header === null) return null;
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

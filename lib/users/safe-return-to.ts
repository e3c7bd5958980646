/**
 * Where a sign-in may send the browser afterwards: only a path on this site. Anything else
 * (another origin, `//evil.example` and `/\evil`, which browsers read as another host, a
 * `javascript:` URL, control characters) becomes `/`, so no link can turn sign-in into an open
 * redirect. Browsers treat `\` as `/` and drop tabs and newlines in URLs, so those are refused
 * anywhere in the value.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  try {
    // Parsed against a placeholder origin, a same-origin path keeps that origin.
    const url = new URL(value, 'http://return-to.invalid');
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments can rebuild `//host` after parsing: `/..//evil.example` is `//evil.example`.
    if (url.origin !== 'http://return-to.invalid' || path.startsWith('//')) return '/';
    return path;
  } catch {
    return '/';
  }
}

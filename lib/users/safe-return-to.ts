/**
 * Where a sign-in may send the browser afterwards: only a path on this site. Anything else
 * (another origin, `//evil.example` and `/\evil`, which browsers read as another host, a
 * `javascript:` URL, control characters) becomes `/`, so no link can turn sign-in into an open
 * redirect.
 */
export function safeReturnTo(value: string | null | undefined): string {
  if (!value || value.length > 2000) return '/';
  // Browsers drop tabs and newlines inside URLs, so `/\t/evil` would become `//evil`.
  if (/[\u0000-\u001f\u007f]/.test(value)) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  // Parsed against a placeholder origin, a same-origin path keeps that origin.
  try {
    const url = new URL(value, 'http://return-to.invalid');
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Dot segments can rebuild `//host` after parsing: `/..//evil.example` is `//evil.example`.
    if (url.origin !== 'http://return-to.invalid' || path.startsWith('//')) return '/';
    return path;
  } catch {
    return '/';
  }
}

/**
 * Where to go after signing in: only a path on this origin. Anything else (another origin,
 * `//evil`, `/\evil`, `javascript:`, control characters) is `/`. Browsers treat `\` as `/`
 * and drop tabs and newlines in URLs, so those are refused anywhere in the value.
 */
export function safeReturnTo(value: unknown): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//')) return '/';
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return '/';
  try {
    // Resolved against a placeholder origin, a same-origin path stays on it.
    const url = new URL(value, 'http://return.invalid');
    if (url.origin !== 'http://return.invalid') return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}

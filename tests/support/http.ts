import { createApiKey } from '@/lib/auth/api-keys';

/**
 * Calls the real route handlers (app/api/**\/route.ts) the way Next.js does:
 * a Request in, a Response out, params from the path. Integration tests read
 * like HTTP without a server process.
 */
type RouteModule = Record<
  string,
  (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>
>;

const modules = import.meta.glob<RouteModule>('/app/api/**/route.ts');

const routes = Object.entries(modules).map(([file, load]) => {
  const pattern = file
    .replace(/^\/app/, '')
    .replace(/\/route\.ts$/, '')
    .replace(/\/\[\[\.\.\.(\w+)\]\]/g, '(?:/(?<$1>.+))?')
    .replace(/\[\.\.\.(\w+)\]/g, '(?<$1>.+)')
    .replace(/\[(\w+)\]/g, '(?<$1>[^/]+)');
  // A catch-all ([...path], or [[...path]], which matches its folder too) is tried last, as Next.js does.
  const specificity = file.includes('[...') ? -100 : -(file.match(/\[/g)?.length ?? 0);
  return { regex: new RegExp(`^${pattern}$`), load, specificity };
});
routes.sort((a, b) => b.specificity - a.specificity);

export const BASE = 'http://localhost:3000';

export interface CallOptions {
  key?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
  cookie?: string;
}

export async function api(method: string, path: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL(path, BASE);
  const headers = new Headers(options.headers);
  if (options.key) headers.set('authorization', `Bearer ${options.key}`);
  if (options.cookie) headers.set('cookie', options.cookie);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  return callRoute(new Request(url, { method, headers, body, duplex: 'half' } as RequestInit));
}

/**
 * A request to the route file its path names, as Next.js routes it: for clients that make their
 * own requests (the `openai` SDK's `fetch` option).
 */
export async function callRoute(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const route = routes.find((r) => r.regex.test(url.pathname));
  if (!route) throw new Error(`no route file for ${url.pathname}`);
  const params = { ...url.pathname.match(route.regex)?.groups };
  if (!req.headers.has('x-groundwork-peer')) req.headers.set('x-groundwork-peer', '203.0.113.7');
  const mod = await route.load();
  const handler = mod[req.method];
  if (!handler) return new Response(null, { status: 405 });
  return handler(req, { params: Promise.resolve(params as Record<string, string>) });
}

/** A fresh principal with an API key of the given role. */
export async function newKey(role: 'admin' | 'user' = 'user', name = `test ${role}`) {
  const created = await createApiKey({ name, role });
  return { key: created.key, id: created.id, principalId: created.principalId };
}

export async function bodyOf<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

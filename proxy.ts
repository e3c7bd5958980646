import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { v7 as uuidv7 } from 'uuid';
import { cachedSessionSecret } from '@/lib/auth/secret-cache';
import { sign, verify } from '@/lib/auth/signed-cookie';

const VISITOR_COOKIE = 'gw_visitor';
const YEAR = 365 * 24 * 3600;
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Runs before page requests: gives each an X-Request-Id, and gives a browser
 * visiting a page an anonymous visitor identity so chat works without sign-up.
 *
 * Not for /api: Next.js buffers the body of every request a proxy sees, and cuts
 * it off at 10 MB (`proxyClientMaxBodySize`), so a 12 MB upload reached the
 * route as a malformed multipart body, and a request over MAX_UPLOAD_BYTES was
 * read into memory before it could be refused. API routes set their request id
 * themselves (withApi) and read bodies as streams; API calls never get a visitor
 * identity either: without credentials they stay 401. A path that is not valid
 * percent-encoding never gets here (lib/http/incoming-requests.ts).
 */
export function proxy(req: NextRequest) {
  const inbound = req.headers.get('x-request-id');
  const requestId = inbound && REQUEST_ID.test(inbound) ? inbound : randomUUID();
  const headers = new Headers(req.headers);
  headers.set('x-request-id', requestId);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set('x-request-id', requestId);

  const isPage = req.method === 'GET';
  const secret = cachedSessionSecret();
  if (isPage && secret && !verify(req.cookies.get(VISITOR_COOKIE)?.value, secret)) {
    const value = sign({ sub: uuidv7(), exp: Math.floor(Date.now() / 1000) + YEAR }, secret);
    res.cookies.set(VISITOR_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      maxAge: YEAR,
      secure: req.nextUrl.protocol === 'https:',
    });
  }
  return res;
}

export const config = {
  matcher: ['/((?!api(?:/|$)|_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|ico|webp|woff2?)$).*)'],
};

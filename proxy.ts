import { randomUUID } from 'node:crypto';
import { NextResponse, type NextRequest } from 'next/server';
import { v7 as uuidv7 } from 'uuid';
import { cachedSessionSecret } from '@/lib/auth/secret-cache';
import { sign, verify } from '@/lib/auth/signed-cookie';
import { ApiError, problemResponse } from '@/lib/http/api-error';

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
 * identity either: without credentials they stay 401.
 */
export function proxy(req: NextRequest) {
  const inbound = req.headers.get('x-request-id');
  const requestId = inbound && REQUEST_ID.test(inbound) ? inbound : randomUUID();
  // Next.js answers a path it cannot percent-decode with a bare 500 before any route runs.
  if (!decodable(req.nextUrl.pathname)) {
    return problemResponse(new ApiError('bad_request', 'The path is not valid percent-encoding.'), requestId);
  }
  // Body-less API requests come here only for that check (see config below).
  if (req.nextUrl.pathname.startsWith('/api/')) return NextResponse.next();
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

function decodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

export const config = {
  matcher: [
    '/((?!api/|_next/static|_next/image|favicon.ico|.*\\.(?:png|svg|ico|webp|woff2?)$).*)',
    // API requests without a body (nothing to buffer), for the path check alone.
    { source: '/api/:path*', missing: [{ type: 'header', key: 'content-length' }, { type: 'header', key: 'transfer-encoding' }] },
  ],
};

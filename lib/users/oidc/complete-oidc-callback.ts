import 'server-only';
import { ApiError } from '@/lib/http/api-error';
import { log } from '@/lib/log';
import { completeSignIn } from '@/lib/users/complete-sign-in';
import { safeReturnTo } from '@/lib/users/safe-return-to';
import { clearFlowCookie, readFlowCookie } from './oidc-flow-cookie';
import { oidcEnabled } from './oidc-configuration';
import { finishOidcSignIn } from './finish-oidc-sign-in';
import { OidcRefusal } from './oidc-refusal';

/**
 * The callback's whole answer. Signed in: 303 to the attempt's `returnTo` with a new session
 * cookie (never the one the browser brought, whose session ends: no fixation). Refused: 303 to
 * the sign-in page with the error code, because a person in a browser is reading, not a
 * client; the reason goes to the log. Both clear the flow cookie, so the attempt is over.
 */
export async function completeOidcCallback(req: Request, requestId: string): Promise<Response> {
  if (!oidcEnabled()) throw new ApiError('not_found', 'Single sign-on is not configured on this server (OIDC_ISSUER).');
  const secure = new URL(req.url).protocol === 'https:';
  const cookies = [clearFlowCookie(secure)];
  try {
    const { userId, returnTo } = await finishOidcSignIn(req);
    cookies.push(...(await completeSignIn(req, userId)));
    log.info('single sign-on: signed in', { requestId, userId });
    return seeOther(safeReturnTo(returnTo), cookies);
  } catch (error) {
    if (!(error instanceof OidcRefusal)) throw error;
    log.warn('single sign-on refused', { requestId, code: error.code, reason: error.message });
    const returnTo = safeReturnTo((await readFlowCookie(req))?.returnTo);
    const query = new URLSearchParams({ error: error.code, ...(returnTo !== '/' ? { returnTo } : {}) });
    return seeOther(`/sign-in?${query}`, cookies);
  }
}

/** A relative Location: the browser resolves it against the origin it is on, whatever proxy is in between. */
function seeOther(location: string, cookies: string[]): Response {
  const headers = new Headers({ location, 'cache-control': 'no-store' });
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}

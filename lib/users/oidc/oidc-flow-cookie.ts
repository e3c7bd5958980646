import 'server-only';
import { getSessionSecret } from '@/lib/auth/session-secret';
import { cookieHeader, readCookie } from '@/lib/auth/session-cookies';
import { sign, verify } from '@/lib/auth/signed-cookie';

/**
 * What a sign-in through the provider must remember between leaving and coming back: the PKCE
 * verifier, `state`, `nonce` and where to go afterwards. It rides in a signed, httpOnly cookie
 * scoped to the callback's folder, for ten minutes; SameSite=Lax still sends it on the
 * provider's top-level redirect back to us.
 */
export const OIDC_FLOW_COOKIE = 'gw_oidc';
const FLOW_SECONDS = 10 * 60;
const PATH = '/api/auth/oidc';

export interface OidcFlow {
  codeVerifier: string;
  state: string;
  nonce: string;
  returnTo: string;
}

interface FlowPayload {
  v: string;
  s: string;
  n: string;
  r: string;
  exp: number;
}

export async function flowCookie(flow: OidcFlow, secure: boolean): Promise<string> {
  const payload: FlowPayload = {
    v: flow.codeVerifier,
    s: flow.state,
    n: flow.nonce,
    r: flow.returnTo,
    exp: Math.floor(Date.now() / 1000) + FLOW_SECONDS,
  };
  return cookieHeader(OIDC_FLOW_COOKIE, sign(payload, await getSessionSecret()), FLOW_SECONDS, secure, PATH);
}

/** The flow this browser started, if its cookie is there, untampered and not expired. */
export async function readFlowCookie(req: Request): Promise<OidcFlow | null> {
  const payload = verify<FlowPayload>(readCookie(req, OIDC_FLOW_COOKIE), await getSessionSecret());
  if (!payload || typeof payload.v !== 'string' || typeof payload.s !== 'string' || typeof payload.n !== 'string')
    return null;
  return { codeVerifier: payload.v, state: payload.s, nonce: payload.n, returnTo: String(payload.r ?? '/') };
}

/** Ends the flow whatever the outcome, so the same callback URL cannot be played again. */
export const clearFlowCookie = (secure: boolean) => cookieHeader(OIDC_FLOW_COOKIE, '', 0, secure, PATH);

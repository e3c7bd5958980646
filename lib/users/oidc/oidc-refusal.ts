/**
 * Why a single sign-on did not sign anyone in. The callback sends the browser to
 * `/sign-in?error=<code>` (the page shows a message for each) and logs `reason`, which may
 * name details the browser should not see.
 */
export const OIDC_ERROR_CODES = {
  /** No flow cookie: the attempt is over ten minutes old, already finished (a replayed callback), or was never started here. */
  sso_expired: 'The sign-in took too long or was already used. Please sign in again.',
  /** The provider's answer failed a check: state, nonce, issuer, PKCE, or an expired or used code. */
  sso_invalid: 'The answer from the identity provider could not be verified. Please sign in again.',
  /** The provider itself answered with an error (the person cancelled, or is not allowed to use this app there). */
  sso_denied: 'The identity provider did not sign you in.',
  /** The provider gave no email address, or said it is not verified. */
  sso_email: 'Your identity provider did not share a verified email address.',
  /** The email's domain is not one of OIDC_ALLOWED_DOMAINS. */
  sso_domain: 'Accounts from your email domain cannot sign in here.',
  /** The account is disabled by an admin. */
  account_disabled: 'Your account is disabled. Ask an admin to enable it.',
  /** An account with this email is already linked to another identity at a provider. */
  account_conflict: 'An account with your email address is linked to another sign-in. Ask an admin.',
  /** The provider could not be reached. */
  sso_unavailable: 'The identity provider cannot be reached right now. Please try again shortly.',
} as const;

export type OidcErrorCode = keyof typeof OIDC_ERROR_CODES;

export class OidcRefusal extends Error {
  override name = 'OidcRefusal';
  constructor(
    readonly code: OidcErrorCode,
    reason: string,
  ) {
    super(reason);
  }
}

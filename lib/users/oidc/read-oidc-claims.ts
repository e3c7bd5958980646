import { emailDomain, normaliseEmail } from '@/lib/users/normalise-email';
import { OidcRefusal } from './oidc-refusal';

type Claims = Record<string, unknown>;

export interface PersonClaims {
  email: string;
  name: string | null;
  groups: string[];
}

const MAX_GROUPS = 500;
const MAX_GROUP_NAME = 200;

/**
 * What we take from the provider's claims (the ID token's, completed by userinfo): a verified
 * email, a display name and the groups claim. `email_verified: false` is refused (a provider that
 * lets people type any address would otherwise hand out accounts); a provider that does not send
 * the claim at all (Entra ID) vouches for its addresses by policy. Checks OIDC_ALLOWED_DOMAINS:
 * the normalised domain must equal one of them exactly, so a look-alike domain is not allowed.
 */
export function readOidcClaims(
  claims: Claims,
  { groupsClaim, allowedDomains }: { groupsClaim: string; allowedDomains: string[] },
): PersonClaims {
  const rawEmail = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!rawEmail || !rawEmail.includes('@')) throw new OidcRefusal('sso_email', 'no email claim');
  // Some providers send the boolean as a string.
  if (claims.email_verified === false || claims.email_verified === 'false') {
    throw new OidcRefusal('sso_email', `email ${rawEmail} is not verified`);
  }
  const email = normaliseEmail(rawEmail);
  if (allowedDomains.length > 0) {
    const domain = emailDomain(email);
    if (!allowedDomains.some((allowed) => normaliseEmail(allowed) === domain)) {
      throw new OidcRefusal('sso_domain', `domain ${domain} is not in OIDC_ALLOWED_DOMAINS`);
    }
  }
  return { email, name: displayName(claims), groups: groupsOf(claims[groupsClaim]) };
}

function displayName(claims: Claims): string | null {
  const joined = [claims.given_name, claims.family_name].filter((p) => typeof p === 'string' && p.trim()).join(' ');
  const name = [claims.name, claims.preferred_username, joined].find((v) => typeof v === 'string' && v.trim());
  return typeof name === 'string' ? name.trim().slice(0, 200) : null;
}

/** A list of names (or one name); anything else in it is ignored. */
function groupsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  const names = list
    .filter((g): g is string => typeof g === 'string')
    .map((g) => g.trim())
    .filter((g) => g.length > 0 && g.length <= MAX_GROUP_NAME && !g.includes('\u0000'));
  return [...new Set(names)].slice(0, MAX_GROUPS);
}

import { describe, expect, it } from 'vitest';
import { OidcRefusal } from '@/lib/users/oidc/oidc-refusal';
import { readOidcClaims } from '@/lib/users/oidc/read-oidc-claims';

const read = (claims: Record<string, unknown>, allowedDomains: string[] = [], groupsClaim = 'groups') =>
  readOidcClaims(claims, { groupsClaim, allowedDomains });

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof OidcRefusal ? error.code : error;
  }
  return 'accepted';
};

describe('readOidcClaims', () => {
  it('normalises the email and takes the name, falling back to other name claims', () => {
    expect(read({ email: ' Ada@Example.COM ', name: 'Ada' })).toEqual({
      email: 'ada@example.com',
      name: 'Ada',
      groups: [],
    });
    expect(read({ email: 'a@example.com', preferred_username: 'ada' }).name).toBe('ada');
    expect(read({ email: 'a@example.com', given_name: 'Ada', family_name: 'Lovelace' }).name).toBe('Ada Lovelace');
    expect(read({ email: 'a@example.com' }).name).toBeNull();
  });

  it('reads groups as a list or one name, under the configured claim, ignoring what is not a name', () => {
    expect(
      read({ email: 'a@example.com', groups: ['eng', ' eng ', 'ops', 7, null, '', 'x'.repeat(201)] }).groups,
    ).toEqual(['eng', 'ops']);
    expect(read({ email: 'a@example.com', groups: 'eng' }).groups).toEqual(['eng']);
    expect(read({ email: 'a@example.com', roles: ['r'] }, [], 'roles').groups).toEqual(['r']);
    expect(read({ email: 'a@example.com', groups: { eng: true } }).groups).toEqual([]);
  });

  it('refuses a missing or unverified email; an absent email_verified is the provider vouching', () => {
    expect(refusal(() => read({}))).toBe('sso_email');
    expect(refusal(() => read({ email: 'not-an-address' }))).toBe('sso_email');
    expect(refusal(() => read({ email: 'a@example.com', email_verified: false }))).toBe('sso_email');
    expect(refusal(() => read({ email: 'a@example.com', email_verified: 'false' }))).toBe('sso_email');
    expect(refusal(() => read({ email: 'a@example.com', email_verified: true }))).toBe('accepted');
    expect(refusal(() => read({ email: 'a@example.com' }))).toBe('accepted');
  });

  it('allows exactly the listed domains, in any case; sub-domains and look-alikes are other domains', () => {
    const allowed = ['Example.com'];
    expect(refusal(() => read({ email: 'a@EXAMPLE.com' }, allowed))).toBe('accepted');
    expect(refusal(() => read({ email: 'a@mail.example.com' }, allowed))).toBe('sso_domain');
    expect(refusal(() => read({ email: 'a@ex\u0430mple.com' }, allowed))).toBe('sso_domain');
    expect(refusal(() => read({ email: 'a@example.com.evil' }, allowed))).toBe('sso_domain');
    expect(refusal(() => read({ email: 'a@evil.example@example.com' }, allowed))).toBe('accepted');
  });
});

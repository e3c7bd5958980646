import { describe, expect, it } from 'vitest';
import { newVisitorCookie } from '@/lib/auth/session-cookies';
import { api, bodyOf, newKey } from '../../support/http';
import { withSettings } from '../../support/with-settings';
import { ORIGIN, freshEmail, invite } from './account-helpers';

// A fresh install keeps today's behaviour (visitors chat, nothing to sign in with) until the first
// invitation; ANONYMOUS_ACCESS decides when set.

describe('the ways in', () => {
  it('are none on a fresh install, where visitors chat; after the first invitation, password sign-in and no visitors', async () => {
    const admin = (await newKey('admin')).key;
    const visitor = `gw_visitor=${(await newVisitorCookie(false)).value}`;
    expect(await bodyOf(await api('GET', '/api/auth/options'))).toEqual({
      oidc: false,
      password: false,
      anonymous: true,
    });
    expect((await api('POST', '/api/conversations', { cookie: visitor, json: {}, headers: ORIGIN })).status).toBe(201);

    await invite(admin, { email: freshEmail() });
    expect(await bodyOf(await api('GET', '/api/auth/options'))).toEqual({
      oidc: false,
      password: true,
      anonymous: false,
    });
    expect((await api('GET', '/api/conversations', { cookie: visitor })).status).toBe(401);

    await withSettings({ ANONYMOUS_ACCESS: 'on' }, async () => {
      expect(await bodyOf(await api('GET', '/api/auth/options'))).toMatchObject({ anonymous: true });
      expect((await api('GET', '/api/conversations', { cookie: visitor })).status).toBe(200);
    });
  });
});

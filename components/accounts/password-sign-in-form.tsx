'use client';

import { useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field';

/** Email and password (POST /api/auth/password); signed in, a full load of `returnTo` shows the account's pages. */
export function PasswordSignInForm({ returnTo }: { returnTo: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <form
      className="space-y-3"
      data-testid="password-sign-in"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await apiFetch('/api/auth/password', { method: 'POST', json: { email: email.trim(), password } });
          window.location.assign(returnTo);
        } catch (err) {
          setError(describeProblem(err));
          setBusy(false);
        }
      }}
    >
      <div>
        <label htmlFor="sign-in-email" className="block text-sm font-medium">
          Email
        </label>
        <input
          id="sign-in-email"
          type="email"
          autoComplete="username"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          data-testid="sign-in-email"
          className={`mt-1 h-11 ${fieldClass}`}
        />
      </div>
      <div>
        <label htmlFor="sign-in-password" className="block text-sm font-medium">
          Password
        </label>
        <input
          id="sign-in-password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="sign-in-password"
          aria-describedby={error ? 'password-sign-in-error' : undefined}
          className={`mt-1 h-11 ${fieldClass}`}
        />
      </div>
      {error ? (
        <p id="password-sign-in-error" role="alert" className="text-sm text-danger" data-testid="sign-in-error">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        className="w-full justify-center"
        disabled={busy || !email.trim() || !password}
        data-testid="sign-in-submit"
      >
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

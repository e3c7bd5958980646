'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { Button } from '@/components/ui/button';

/** Exchanges an admin API key for an admin session cookie (POST /api/session). */
export function SignInForm() {
  const router = useRouter();
  const [key, setKey] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  return (
    <form
      className="mt-6 space-y-3"
      onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await apiFetch('/api/session', { method: 'POST', json: { key: key.trim() } });
          router.refresh();
        } catch (err) {
          setError(describeProblem(err));
          setBusy(false);
        }
      }}
    >
      <label htmlFor="admin-key" className="block text-sm font-medium">
        Admin API key
      </label>
      <input
        id="admin-key"
        type="password"
        autoComplete="current-password"
        required
        value={key}
        onChange={(e) => setKey(e.target.value)}
        data-testid="admin-key-input"
        aria-describedby={error ? 'sign-in-error' : undefined}
        className="h-11 w-full rounded-lg border border-border bg-bg px-3 font-mono text-sm outline-none focus:border-accent"
      />
      {error ? (
        <p id="sign-in-error" role="alert" className="text-sm text-danger" data-testid="sign-in-error">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        className="w-full justify-center"
        disabled={busy || !key.trim()}
        data-testid="admin-sign-in"
      >
        {busy ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { apiFetch, describeProblem } from '@/components/client-api';
import { Button } from '@/components/ui/button';
import { fieldClass } from '@/components/ui/field';

const MIN = 12;

/** Sets a password through a one-time link (POST /api/invitations/{token}); signed in, on to the chat. */
export function SetPasswordForm({ token, email, name }: { token: string; email: string; name: string | null }) {
  const router = useRouter();
  const [displayName, setDisplayName] = useState(name ?? '');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mismatch = again.length > 0 && again !== password;

  return (
    <form
      className="mt-6 space-y-3"
      data-testid="set-password"
      onSubmit={async (e) => {
        e.preventDefault();
        if (password.length < MIN) return setError(`Use at least ${MIN} characters.`);
        if (password !== again) return setError('The two passwords are not the same.');
        setBusy(true);
        try {
          const json = { password, ...(displayName.trim() ? { name: displayName.trim() } : {}) };
          await apiFetch(`/api/invitations/${encodeURIComponent(token)}`, { method: 'POST', json });
          router.push('/');
          router.refresh();
        } catch (err) {
          setError(describeProblem(err));
          setBusy(false);
        }
      }}
    >
      {/* For password managers: the account the new password belongs to. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <p className="text-sm">
        Account: <strong data-testid="invitation-email">{email}</strong>
      </p>
      <div>
        <label htmlFor="invitation-name" className="block text-sm font-medium">
          Your name
        </label>
        <input
          id="invitation-name"
          autoComplete="name"
          maxLength={100}
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
          data-testid="invitation-name"
          className={`mt-1 h-11 ${fieldClass}`}
        />
      </div>
      <div>
        <label htmlFor="new-password" className="block text-sm font-medium">
          Password
        </label>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={1024}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="new-password"
          aria-describedby="new-password-hint"
          className={`mt-1 h-11 ${fieldClass}`}
        />
        <p id="new-password-hint" className="mt-1 text-xs text-muted">
          At least {MIN} characters. A few unrelated words make a good one.
        </p>
      </div>
      <div>
        <label htmlFor="new-password-again" className="block text-sm font-medium">
          Password again
        </label>
        <input
          id="new-password-again"
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          data-testid="new-password-again"
          aria-invalid={mismatch}
          className={`mt-1 h-11 ${fieldClass}`}
        />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-danger" data-testid="set-password-error">
          {error}
        </p>
      ) : null}
      <Button
        type="submit"
        variant="primary"
        className="w-full justify-center"
        disabled={busy || !password || !again}
        data-testid="set-password-submit"
      >
        {busy ? 'Saving…' : 'Set password and sign in'}
      </Button>
    </form>
  );
}

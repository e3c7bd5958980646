'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import type { z } from 'zod';
import { apiFetch, describeProblem } from '@/components/client-api';
import { formatDate } from '@/components/admin/types';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
// Types only: the schema is the API's.
import type { accountSessionSchema } from '@/lib/schemas/users';

type Session = z.infer<typeof accountSessionSchema>;

/** A user agent in a few words: the browser and system, not the whole string. */
function describeAgent(agent: string | null): string {
  if (!agent) return 'Unknown browser';
  const browser = /Edg\//.test(agent)
    ? 'Edge'
    : /Firefox\//.test(agent)
      ? 'Firefox'
      : /Chrome\//.test(agent)
        ? 'Chrome'
        : /Safari\//.test(agent)
          ? 'Safari'
          : agent.split(/[\s/]/)[0] || 'A browser';
  const system = /Windows/.test(agent)
    ? 'Windows'
    : /Android/.test(agent)
      ? 'Android'
      : /iPhone|iPad/.test(agent)
        ? 'iOS'
        : /Mac OS X/.test(agent)
          ? 'macOS'
          : /Linux/.test(agent)
            ? 'Linux'
            : null;
  return system ? `${browser} on ${system}` : browser;
}

/** My open sessions: end one, or all of them ("sign out everywhere"). */
export function AccountSessions({ initial }: { initial: Session[] }) {
  const router = useRouter();
  const [sessions, setSessions] = useState(initial);
  const [error, setError] = useState<string | null>(null);

  async function end(session: Session) {
    try {
      if (session.current) {
        await apiFetch('/api/auth/session', { method: 'DELETE' });
        router.push('/sign-in');
        router.refresh();
        return;
      }
      await apiFetch(`/api/account/sessions/${session.id}`, { method: 'DELETE' });
      setSessions((shown) => shown.filter((s) => s.id !== session.id));
    } catch (e) {
      setError(describeProblem(e));
    }
  }

  async function endAll() {
    try {
      await apiFetch('/api/auth/sessions', { method: 'DELETE' });
      router.push('/sign-in');
      router.refresh();
    } catch (e) {
      setError(describeProblem(e));
    }
  }

  return (
    <section aria-labelledby="sessions-heading" className="rounded-xl border border-border bg-surface p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="sessions-heading" className="mr-auto text-base font-semibold">
          Where you are signed in
        </h2>
        <Button size="sm" variant="danger" onClick={endAll} data-testid="sign-out-everywhere">
          Sign out everywhere
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <ul className="mt-3 divide-y divide-border" data-testid="session-list">
        {sessions.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2.5 text-sm"
            data-testid="session-row"
          >
            <span className="font-medium">{describeAgent(s.userAgent)}</span>
            {s.current ? <Badge tone="accent">This browser</Badge> : null}
            <span className="text-muted">
              Signed in {formatDate(s.createdAt)} · last active {formatDate(s.lastSeenAt)}
            </span>
            <button
              type="button"
              onClick={() => end(s)}
              className="ml-auto rounded-md px-2 py-1 text-sm text-danger hover:bg-danger-soft"
              data-testid="end-session"
            >
              Sign out<span className="sr-only"> {s.current ? 'this browser' : describeAgent(s.userAgent)}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

'use client';

import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';
import { apiFetch } from '@/components/client-api';

export interface ChatViewer {
  name: string | null;
  email: string;
  /** Edits some collection (a member of an editor group): the knowledge manager is theirs too. */
  editsKnowledge: boolean;
}

/**
 * The signed-in person's menu at the foot of the sidebar (name, Account, Sign out), or for a
 * visitor a "Sign in" link when there is a way to sign in.
 */
export function UserMenu({ viewer, canSignIn }: { viewer: ChatViewer | null; canSignIn: boolean }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const pathname = usePathname();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    const onClick = (e: MouseEvent) => root.current?.contains(e.target as Node) || setOpen(false);
    window.addEventListener('keydown', onKey);
    window.addEventListener('mousedown', onClick);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (!viewer) {
    if (!canSignIn) return null;
    return (
      <Link
        href={`/sign-in?returnTo=${encodeURIComponent(pathname)}`}
        data-testid="sign-in-link"
        className="flex items-center gap-2 rounded-lg px-2 py-1.5 font-medium text-accent hover:bg-surface-2"
      >
        Sign in
      </Link>
    );
  }

  const shown = viewer.name || viewer.email;
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="user-menu"
        className="flex w-full items-center gap-2 rounded-lg px-2 py-1.5 text-left hover:bg-surface-2"
      >
        <span
          aria-hidden="true"
          className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-accent-soft text-xs font-semibold text-accent"
        >
          {shown.slice(0, 1).toUpperCase()}
        </span>
        <span className="min-w-0 flex-1 truncate font-medium" dir="auto" data-testid="user-menu-name">
          {shown}
        </span>
      </button>
      {open ? (
        <div
          id={menuId}
          className="absolute bottom-full left-0 right-0 mb-1 rounded-lg border border-border bg-bg p-1 shadow-lg"
          data-testid="user-menu-items"
        >
          <p className="truncate px-2 py-1 text-xs text-muted">{viewer.email}</p>
          <Link href="/account" className="block rounded-md px-2 py-1.5 hover:bg-surface-2" data-testid="account-link">
            Account
          </Link>
          <button
            type="button"
            className="block w-full rounded-md px-2 py-1.5 text-left hover:bg-surface-2"
            data-testid="sign-out"
            onClick={async () => {
              await apiFetch('/api/auth/session', { method: 'DELETE' }).catch(() => {});
              router.push('/');
              router.refresh();
            }}
          >
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}

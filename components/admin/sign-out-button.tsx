'use client';

import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';

export function SignOutButton() {
  const router = useRouter();
  return (
    <Button
      size="sm"
      data-testid="admin-sign-out"
      onClick={async () => {
        // Signed in with an admin key, or with an admin's account: either session ends.
        await Promise.all([
          fetch('/api/session', { method: 'DELETE' }),
          fetch('/api/auth/session', { method: 'DELETE' }),
        ]);
        router.refresh();
      }}
    >
      Sign out
    </Button>
  );
}

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
        await fetch('/api/session', { method: 'DELETE' });
        router.refresh();
      }}
    >
      Sign out
    </Button>
  );
}

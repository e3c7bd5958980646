import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/accounts/auth-card';
import { SetPasswordForm } from '@/components/accounts/set-password-form';
import { readAccountLink } from '@/lib/users/account-links';

export const metadata: Metadata = { title: 'Set your password', referrer: 'no-referrer' };

// A one-time link: an invitation or a password reset. Reading it does not use it up; setting the password does.
export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const link = await readAccountLink(token);
  if (link.state !== 'valid') {
    const gone = link.state === 'gone';
    return (
      <AuthCard title={gone ? 'This link has expired' : 'This link does not work'}>
        <p className="mt-2 text-sm text-muted" data-testid="invitation-problem">
          {gone
            ? 'It has already been used, or it is more than 7 days old. Ask an admin for a new one.'
            : 'Check that the whole link was copied, or ask an admin for a new one.'}
        </p>
        <Link href="/sign-in" className="mt-5 block text-center text-sm text-accent underline underline-offset-2">
          Go to sign-in
        </Link>
      </AuthCard>
    );
  }
  const welcome = link.purpose === 'invitation';
  return (
    <AuthCard
      title={welcome ? 'Welcome: set your password' : 'Set a new password'}
      intro={
        welcome
          ? 'You have been invited. Choose a password to finish your account.'
          : 'Your other sessions will be signed out.'
      }
    >
      <SetPasswordForm token={token} email={link.email} name={link.name} />
    </AuthCard>
  );
}

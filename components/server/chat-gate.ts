import 'server-only';
import { redirect } from 'next/navigation';
import { anonymousAccess } from '@/lib/access';
import { pagePrincipal } from './page-principal';

/**
 * With anonymous access off, the chat is for people who have signed in (or an admin's browser):
 * anyone else goes to the sign-in page, and comes back to `path` afterwards.
 */
export async function requireChatViewer(path: string): Promise<void> {
  if (await pagePrincipal()) return;
  if (await anonymousAccess()) return;
  redirect(`/sign-in?returnTo=${encodeURIComponent(path)}`);
}

import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { authenticate, type Principal } from '@/lib/auth/authenticate';

/**
 * Who is looking at a page, from the same cookies the API routes read. A first
 * visit has no cookie yet (proxy.ts sets it on this response): that is null.
 * Once per render (React's `cache`): the chat page, its gate and its loader all ask.
 */
export const pagePrincipal = cache(async (): Promise<Principal | null> => {
  const cookie = (await headers()).get('cookie') ?? '';
  try {
    return await authenticate(new Request('http://page.local/', { headers: { cookie } }));
  } catch {
    return null;
  }
});

import { accountsApi as api } from '@/lib/api/accounts';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { readAccountLink } from '@/lib/users/account-links';
import { acceptInvitation, linkGone, linkInvalid } from '@/lib/users/accept-invitation';
import { signedInResponse } from '@/lib/users/signed-in-response';

// GET /api/invitations/{token} – whom a one-time link is for (400 unknown or malformed, 410 used or expired)
export const GET = serveRoute(api.readInvitation, async ({ params: { token } }) => {
  const link = await readAccountLink(token);
  if (link.state === 'invalid') throw linkInvalid();
  if (link.state === 'gone') throw linkGone();
  return json({ email: link.email, name: link.name, purpose: link.purpose });
});

// POST /api/invitations/{token} – set the password, use the link up, and sign in
export const POST = serveRoute(api.acceptInvitation, async ({ req, params: { token }, body }) =>
  signedInResponse(req, await acceptInvitation(token, body)),
);

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.readInvitation, api.acceptInvitation);

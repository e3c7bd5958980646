import { accountsApi as api } from '@/lib/api/accounts';
import { serveRoute } from '@/lib/http/serve-route';
import { json, otherMethods } from '@/lib/http/with-api';
import { authOptions } from '@/lib/users/auth-options';

// GET /api/auth/options – the ways to sign in, for the sign-in page
export const GET = serveRoute(api.authOptions, async () => json(await authOptions()));

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods(api.authOptions);

import 'server-only';
import { json } from '@/lib/http/with-api';
import { completeSignIn } from './complete-sign-in';
import { findUser } from './user-records';

/** The answer of every sign-in through this API: 200 `{user}` with the new session's cookies. */
export async function signedInResponse(req: Request, userId: string): Promise<Response> {
  const cookies = await completeSignIn(req, userId);
  const headers = new Headers();
  for (const cookie of cookies) headers.append('set-cookie', cookie);
  return json({ user: await findUser(userId) }, { headers });
}

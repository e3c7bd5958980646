import type { PrincipalKind, Role } from '@/lib/db/generated/enums';

/** Who a request acts for; its own module so sign-in helpers and authenticate.ts need not import each other. */
export interface Principal {
  id: string;
  role: Role;
  kind: PrincipalKind;
  name: string | null;
  /** How this request proved who it is: cookie-authenticated writes get a same-origin check. */
  via: 'bearer' | 'admin-cookie' | 'user-cookie' | 'visitor-cookie';
  keyId?: string;
  /** A key narrowed to these collections: it reads no more than them (lib/access). Absent or empty: not narrowed. */
  collectionIds?: string[];
  /** The user session of a `user-cookie` request, for "sign out" and the account page's list. */
  sessionId?: string;
}

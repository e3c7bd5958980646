import 'server-only';

/**
 * The start's words for PostgreSQL's `permission denied to create extension "vector"`: pgvector is
 * not a trusted extension, so only a superuser may create it, which a user with CREATEDB (enough
 * for everything else groundwork does) is not. A superuser creates it once; then the migration's
 * `CREATE EXTENSION IF NOT EXISTS` finds it there and asks nothing of the app's user.
 */
export class ExtensionPrivilegeError extends Error {
  override name = 'ExtensionPrivilegeError';
}

const DENIED = /permission denied to create extension "([^"]+)"/;

export function extensionPrivilegeError(
  error: unknown,
  where: { user: string; database: string },
): ExtensionPrivilegeError | undefined {
  if (!(error instanceof Error) || (error as { code?: unknown }).code !== '42501') return undefined;
  const extension = DENIED.exec(error.message)?.[1];
  if (!extension) return undefined;
  // A trusted extension (pg_trgm) needs only CREATE on the database; PostgreSQL's hint says which.
  const hint = (error as { hint?: unknown }).hint;
  const privilege =
    typeof hint === 'string' && hint.includes('CREATE privilege')
      ? `the CREATE privilege on database "${where.database}"`
      : 'a superuser (CREATEDB is not enough)';
  return new ExtensionPrivilegeError(
    `The database user "${where.user}" may not create the "${extension}" extension: that takes ${privilege}. ` +
      `Once, as a superuser, run \`CREATE EXTENSION IF NOT EXISTS ${extension};\` in database "${where.database}" ` +
      `(or in template1, so that every database created afterwards has it), then start again: groundwork itself needs no superuser.`,
    { cause: error },
  );
}

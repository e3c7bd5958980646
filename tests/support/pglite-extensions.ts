import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';

/** The extensions the migrations create, as lib/db/pglite-thread.mjs loads them. */
export const pgliteExtensions = { vector, pg_trgm, fuzzystrmatch };

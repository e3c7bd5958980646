import 'server-only';
import { Prisma } from '@/lib/db/index';

/**
 * The members of `names` (memberNames) that the `english` configuration drops as stop words, as
 * rows (`lexeme`, `n`: how often it is named): read by the 'simple' configuration, which keeps
 * every word, and kept where `english` has no lexeme for it. The chunks' postings (storeChunks)
 * and the query's terms (lexicalRanking) both take them from here, so the two always agree.
 */
export function stopWordMembers(names: Prisma.Sql): Prisma.Sql {
  return Prisma.sql`SELECT lexeme, array_length(positions, 1) AS n FROM unnest(to_tsvector('simple', ${names})) m
    WHERE to_tsvector('english', m.lexeme) = ''::tsvector`;
}

-- Spelling correction of questions (lib/knowledge/index/spelling.ts) measures the edit distance
-- from a word the index lacks to the index's own terms (levenshtein_less_equal) and how they sound
-- (dmetaphone) inside the query, so that only the few close terms leave the database.
-- A trusted contrib extension: CREATE on the database is enough.
-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "fuzzystrmatch";

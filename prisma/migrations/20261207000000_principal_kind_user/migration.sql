-- A signed-in person is a principal of its own kind. Its own migration: a new enum value
-- cannot be used in the transaction that adds it.
ALTER TYPE "PrincipalKind" ADD VALUE IF NOT EXISTS 'user';

import { describe, expect, it } from 'vitest';
import { extensionPrivilegeError } from '@/lib/db/extension-privilege';

const pgError = (fields: Record<string, unknown>, message: string) => Object.assign(new Error(message), fields);
const where = { user: 'groundwork', database: 'groundwork' };

describe('extensionPrivilegeError', () => {
  it('says a superuser must create pgvector once, and how', () => {
    const error = pgError(
      { code: '42501', hint: 'Must be superuser to create this extension.' },
      'permission denied to create extension "vector"',
    );
    const message = extensionPrivilegeError(error, where)?.message;
    expect(message).toContain(
      'The database user "groundwork" may not create the "vector" extension: that takes a superuser (CREATEDB is not enough).',
    );
    expect(message).toContain(
      'Once, as a superuser, run `CREATE EXTENSION IF NOT EXISTS vector;` in database "groundwork"',
    );
    expect(message).toContain('or in template1, so that every database created afterwards has it');
    expect(message).toContain('groundwork itself needs no superuser');
  });

  it('names the CREATE privilege on the database for a trusted extension', () => {
    const error = pgError(
      { code: '42501', hint: 'Must have CREATE privilege on current database to create this extension.' },
      'permission denied to create extension "pg_trgm"',
    );
    const message = extensionPrivilegeError(error, where)?.message;
    expect(message).toContain(
      'may not create the "pg_trgm" extension: that takes the CREATE privilege on database "groundwork"',
    );
    expect(message).toContain('`CREATE EXTENSION IF NOT EXISTS pg_trgm;`');
  });

  it.each([
    ['another permission error', pgError({ code: '42501' }, 'permission denied for schema public')],
    ['the same words with another code', pgError({ code: '42P01' }, 'permission denied to create extension "vector"')],
    ['not an error', 'permission denied to create extension "vector"'],
  ])('leaves %s alone', (_name, error) => {
    expect(extensionPrivilegeError(error, where)).toBeUndefined();
  });
});

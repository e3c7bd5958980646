import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '@/lib/users/safe-return-to';

describe('safeReturnTo', () => {
  it.each(['/', '/c/0190d0f2-0000-7000-8000-000000000000', '/account?tab=keys#sessions', '/admin'])(
    'keeps the same-origin path %s',
    (path) => expect(safeReturnTo(path)).toBe(path),
  );

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    '/\t/evil.example',
    '/\n/evil.example',
    'evil.example',
    '',
    undefined,
    ['/a', '/b'],
    `/${'a'.repeat(3000)}`,
  ])('sends %j home instead of elsewhere', (value) => expect(safeReturnTo(value)).toBe('/'));

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnTo('/../../evil')).toBe('/evil');
    expect(safeReturnTo('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});

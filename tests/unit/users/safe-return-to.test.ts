import { describe, expect, it } from 'vitest';
import { safeReturnTo } from '@/lib/users/safe-return-to';

// SECURITY-CHECKLIST 45: after signing in, only a path on this site is followed.
describe('safeReturnTo', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/', '/'],
    ['/c/0190d0f2-0000-7000-8000-000000000000', '/c/0190d0f2-0000-7000-8000-000000000000'],
    ['/account?tab=keys#sessions', '/account?tab=keys#sessions'],
    ['/a/../b', '/b'],
    ['/admin', '/admin'],
  ])('keeps the same-origin path %j as %j', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'http:evil.example',
    '//evil.example',
    '///evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/..//evil.example',
    '/.//evil.example',
    '/a/../\\evil.example',
    '/%2e%2e//evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    ' /x',
    'evil.example',
    ['/a', '/b'],
    `/${'a'.repeat(2001)}`,
  ])('turns %j into /', (value) => {
    expect(safeReturnTo(value)).toBe('/');
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnTo('/../../evil')).toBe('/evil');
    expect(safeReturnTo('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});

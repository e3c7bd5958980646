import { describe, expect, it } from 'vitest';
import { sign, verify } from '@/lib/auth/signed-cookie';

const secret = 'a'.repeat(32);

describe('signed cookies', () => {
  it('round-trips a payload', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    expect(verify(sign({ sub: 'x', exp }, secret), secret)).toEqual({ sub: 'x', exp });
  });

  it('refuses another secret, a changed payload, an expired one and garbage', () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const value = sign({ sub: 'x', exp }, secret);
    expect(verify(value, 'b'.repeat(32))).toBeNull();
    const [, mac] = value.split('.');
    const changed = `${Buffer.from(JSON.stringify({ sub: 'admin', exp })).toString('base64url')}.${mac}`;
    expect(verify(changed, secret)).toBeNull();
    expect(verify(sign({ sub: 'x', exp: 1 }, secret), secret)).toBeNull();
    for (const junk of ['', '.', 'a.b.c', 'x'.repeat(5000), undefined]) expect(verify(junk, secret)).toBeNull();
  });
});

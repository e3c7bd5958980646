import { afterEach, expect, it } from 'vitest';
import { forgetSecretBoxKey, open, seal } from '@/lib/models/secret-box';
import { withSettings } from '../../support/with-settings';

afterEach(() => forgetSecretBoxKey());

const SECRET = { SECRET_KEY: 'a server secret of at least thirty-two characters' };

it('seals with a fresh IV each time, opens what it sealed, and refuses a tampered or foreign box', async () => {
  await withSettings(SECRET, async () => {
    const a = await seal('sk-key-to-keep-0001');
    const b = await seal('sk-key-to-keep-0001');
    expect(a).not.toBe(b);
    expect(a).not.toContain('sk-key');
    expect(await open(a)).toBe('sk-key-to-keep-0001');
    const [v, iv, tag, data] = a.split('.') as [string, string, string, string];
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    await expect(open([v, iv, tag, flipped.toString('base64url')].join('.'))).rejects.toThrow();
    await expect(open('plain text')).rejects.toThrow('not a sealed secret');
    forgetSecretBoxKey();
    await withSettings({ SECRET_KEY: 'another server secret, also thirty-two characters' }, async () => {
      await expect(open(a)).rejects.toThrow();
    });
  });
});

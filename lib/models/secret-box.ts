import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { config } from '@/lib/config';
import { prisma } from '@/lib/db';

const globalForKey = globalThis as unknown as { __secretBoxKey?: Promise<Buffer> };

/**
 * The AES-256 key that seals stored API keys: derived (HKDF-SHA256) from SECRET_KEY, or from a
 * secret generated on first use and kept in the database's settings so restarts and other
 * instances can open what one of them sealed.
 */
function boxKey(): Promise<Buffer> {
  globalForKey.__secretBoxKey ??= (async () => {
    let secret = config().SECRET_KEY;
    if (!secret) {
      const db = await prisma();
      await db.setting.upsert({
        where: { key: 'secret_key' },
        create: { key: 'secret_key', value: randomBytes(32).toString('base64url') },
        update: {},
      });
      secret = (await db.setting.findUniqueOrThrow({ where: { key: 'secret_key' } })).value;
    }
    return Buffer.from(hkdfSync('sha256', secret, 'groundwork', 'model-connection-api-keys v1', 32));
  })();
  globalForKey.__secretBoxKey.catch(() => {
    globalForKey.__secretBoxKey = undefined;
  });
  return globalForKey.__secretBoxKey;
}

/** `v1.<iv>.<tag>.<ciphertext>` (base64url): a fresh 96-bit IV each time, as GCM requires. */
export async function seal(plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await boxKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The plain text; throws when it was sealed under another secret or tampered with. */
export async function open(sealed: string): Promise<string> {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', await boxKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** Tests change SECRET_KEY between suites. */
export function forgetSecretBoxKey(): void {
  globalForKey.__secretBoxKey = undefined;
}

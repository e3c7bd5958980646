/**
 * The session secret, published on globalThis once boot has loaded it, for code
 * that must not import the database (proxy.ts runs before route handlers and
 * would otherwise bundle Prisma and PGlite).
 */
const holder = globalThis as unknown as { __gwSessionSecret?: string };

export function publishSessionSecret(secret: string): void {
  holder.__gwSessionSecret = secret;
}

export function cachedSessionSecret(): string | undefined {
  return holder.__gwSessionSecret;
}

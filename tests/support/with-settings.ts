import { resetConfigForTests } from '@/lib/config';

/**
 * Runs `fn` with some settings changed, read and checked as the environment's are, and puts
 * them back afterwards, whatever happens.
 */
export async function withSettings<T>(settings: Record<string, string | number>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(settings).map((name) => [name, process.env[name]]));
  for (const [name, value] of Object.entries(settings)) process.env[name] = String(value);
  resetConfigForTests();
  try {
    return await fn();
  } finally {
    for (const [name, value] of Object.entries(before)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetConfigForTests();
  }
}

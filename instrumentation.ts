/**
 * Next.js calls register() once per server process before it serves requests.
 * A bad setting or an unreachable database stops the start here, with a message
 * naming the problem, instead of failing on the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { boot } = await import('./lib/boot');
  try {
    await boot();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`\nGroundwork could not start:\n${message}\n\n`);
    process.exit(1);
  }
}

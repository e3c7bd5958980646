/**
 * Next.js calls register() once per server process before it serves requests.
 * A bad setting or an unreachable database stops the start there, with a
 * message naming the problem, instead of failing on the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { bootOrExit } = await import('./lib/boot');
  await bootOrExit();
}

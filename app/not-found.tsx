import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 px-6 text-center">
      <p className="text-sm font-medium text-muted">404</p>
      <h1 className="text-2xl font-semibold">Nothing here</h1>
      <p className="max-w-sm text-muted">This page or conversation does not exist, or it is not yours.</p>
      <Link href="/" className="mt-2 rounded-lg bg-accent px-4 py-2 text-sm font-medium text-accent-fg">
        Start a new chat
      </Link>
    </main>
  );
}

import Link from 'next/link';

/** The frame of the sign-in and invitation pages: a card in the middle, the brand on top. */
export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: React.ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center px-4">
      <div className="w-full max-w-sm rounded-2xl border border-border bg-surface p-6 shadow-sm">
        <Link href="/" className="flex items-center gap-2 text-[15px] font-semibold">
          <span aria-hidden="true" className="inline-block h-6 w-6 rounded-md bg-accent" />
          Groundwork
        </Link>
        <h1 className="mt-6 text-xl font-semibold">{title}</h1>
        {intro ? <p className="mt-1 text-sm text-muted">{intro}</p> : null}
        {children}
      </div>
    </main>
  );
}
